import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_DISTANCE } from '../../constants/fraud.ts';
import { bandProbes, hammingDistance, hashBands, photoHashes } from './photo-hash.ts';

const u64 = fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }).map((n) => BigInt.asIntN(64, n));

/** Bits set, counted the slow way: the reference the fast count is checked against. */
const slowDistance = (a: bigint, b: bigint) =>
  [...BigInt.asUintN(64, a ^ b).toString(2)].filter((c) => c === '1').length;

/** Flips `bits` distinct bits of `hash`. */
const flip = (hash: bigint, bits: number[]) => bits.reduce((h, b) => BigInt.asIntN(64, h ^ (1n << BigInt(b))), hash);

describe('perceptual hashes', () => {
  it('counts the bits two hashes differ in', () => {
    expect(hammingDistance(0n, 0n)).toBe(0);
    expect(hammingDistance(0n, -1n)).toBe(64);
    expect(hammingDistance(0b1011n, 0b0001n)).toBe(2);
    fc.assert(fc.property(u64, u64, (a, b) => hammingDistance(a, b) === slowDistance(a, b)));
  });

  it('splits a hash into four 16-bit quarters that put it back together', () => {
    fc.assert(
      fc.property(u64, (h) => {
        const bands = hashBands(h);
        const back = bands.reduce((acc, b) => (acc << 16n) | BigInt(b), 0n);
        return bands.every((b) => b >= 0 && b <= 0xffff) && BigInt.asIntN(64, back) === h;
      }),
    );
  });

  it('finds every hash up to 7 bits away through one of its quarters’ probes', () => {
    fc.assert(
      fc.property(u64, fc.uniqueArray(fc.integer({ min: 0, max: 63 }), { maxLength: 7 }), (h, bits) => {
        const other = flip(h, bits);
        const mine = hashBands(h);
        const theirs = hashBands(other);
        return theirs.some((band, i) => bandProbes(mine[i] as number).includes(band));
      }),
    );
    // …and the bound is tight: two bits flipped in every quarter escape all the probes.
    const h = 0n;
    const other = flip(h, [0, 1, 16, 17, 32, 33, 48, 49]);
    expect(hashBands(other).some((band, i) => bandProbes(hashBands(h)[i] as number).includes(band))).toBe(false);
  });

  it('sees the same photo re-encoded or cropped slightly, and not a different photo', async () => {
    const photo = (name: string) => photoHashes(fs.readFileSync(path.resolve('tests/fixtures/photos', name)));
    /** The closest any hash of one photo comes to any of the other's, as the look-up compares them. */
    const distance = async (a: string, b: string) => {
      const [ha, hb] = [await photo(a), await photo(b)];
      return Math.min(...ha.flatMap((x) => hb.map((y) => hammingDistance(x, y))));
    };
    for (const same of ['reencoded-q35.jpg', 'reencoded.webp', 'reencoded.png', 'cropped.jpg'])
      expect(await distance('original.jpg', same), same).toBeLessThanOrEqual(PHOTO_MAX_DISTANCE);
    expect(await distance('second.jpg', 'second-cropped.jpg')).toBeLessThanOrEqual(PHOTO_MAX_DISTANCE);
    // The whole photo's hash alone would miss that crop: the centre's hash is what catches it.
    const [whole] = await photo('second.jpg');
    const [wholeCropped] = await photo('second-cropped.jpg');
    expect(hammingDistance(whole!, wholeCropped!)).toBeGreaterThan(PHOTO_MAX_DISTANCE);
    for (const [a, b] of [
      ['original.jpg', 'different.jpg'],
      ['original.jpg', 'second.jpg'],
      ['second.jpg', 'different.jpg'],
    ])
      expect(await distance(a!, b!), `${a} ~ ${b}`).toBeGreaterThan(3 * PHOTO_MAX_DISTANCE);
  });
});
