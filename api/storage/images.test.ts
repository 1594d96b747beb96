import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnv } from '../env.ts';
import { checkImage, deleteImage, deleteImages, MAX_IMAGE_BYTES, storeImage, storeImages } from './images.ts';
import { listFiles, uploadsDir } from './storage.ts';

let dir = '';
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mkt-images-'));
  process.env.DATA_DIR = dir;
  resetEnv();
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const asFile = (buf: Buffer, name: string, type = 'image/png') => new File([new Uint8Array(buf)], name, { type });
const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#336699' } });

describe('storeImage', () => {
  it('re-encodes to WebP renditions under a random name, never the client name', async () => {
    const name = await storeImage(asFile(await solid(2400, 1200).png().toBuffer(), '../../etc/passwd.png'), {
      prefix: 'ad',
    });
    expect(name).toMatch(/^ad-[0-9a-f-]{36}\.webp$/);
    const base = name.replace(/\.webp$/, '');
    const files = await listFiles();
    expect(files).toEqual(expect.arrayContaining([name, `${base}-400.webp`, `${base}-1200.webp`]));
    const full = await sharp(path.join(uploadsDir(), name)).metadata();
    expect(full).toMatchObject({ format: 'webp', width: 1600, height: 800 });
    expect((await sharp(path.join(uploadsDir(), `${base}-400.webp`)).metadata()).width).toBe(400);
    expect((await sharp(path.join(uploadsDir(), `${base}-1200.webp`)).metadata()).width).toBe(1200);
  });

  it('applies the EXIF orientation and strips the metadata', async () => {
    // 300×100 pixels stored with orientation 6 (rotate 90° clockwise to display).
    const jpeg = await solid(300, 100)
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret-owner', Artist: 'Someone' } } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).orientation).toBe(6);
    const name = await storeImage(asFile(jpeg, 'phone.jpg', 'image/jpeg'));
    const out = sharp(path.join(uploadsDir(), name));
    const meta = await out.metadata();
    expect([meta.width, meta.height]).toEqual([100, 300]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(fs.readFileSync(path.join(uploadsDir(), name)).includes('secret-owner')).toBe(false);
  });

  it('never enlarges a small image', async () => {
    const name = await storeImage(asFile(await solid(120, 80).png().toBuffer(), 'tiny.png'));
    const meta = await sharp(path.join(uploadsDir(), name.replace('.webp', '-1200.webp'))).metadata();
    expect([meta.width, meta.height]).toEqual([120, 80]);
  });

  it('accepts JPEG, PNG, WebP, GIF and AVIF by content, whatever the name says', async () => {
    for (const [fmt, buf] of [
      ['jpeg', await solid(50, 50).jpeg().toBuffer()],
      ['png', await solid(50, 50).png().toBuffer()],
      ['webp', await solid(50, 50).webp().toBuffer()],
      ['gif', await solid(50, 50).gif().toBuffer()],
      ['avif', await solid(64, 64).avif().toBuffer()],
    ] as const) {
      const name = await storeImage(asFile(buf, `picture.${fmt === 'jpeg' ? 'txt' : 'bin'}`, 'text/plain'));
      expect(name, fmt).toMatch(/\.webp$/);
    }
  });

  it('refuses a text file renamed .png, an SVG and a truncated image, storing nothing', async () => {
    const before = await listFiles();
    await expect(storeImage(asFile(Buffer.from('just text'), 'cat.png'))).rejects.toMatchObject({
      status: 400,
      message: 'Only JPEG, PNG, WebP, GIF or AVIF images are allowed.',
    });
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>',
    );
    await expect(storeImage(asFile(svg, 'x.png'))).rejects.toMatchObject({ status: 400 });
    const png = await solid(400, 400).png().toBuffer();
    await expect(storeImage(asFile(png.subarray(0, 200), 'cut.png'))).rejects.toMatchObject({
      status: 400,
      message: 'The image could not be read.',
    });
    expect(await listFiles()).toEqual(before);
  });

  it('refuses more than 10 MB with 413 before decoding', async () => {
    const big = Buffer.alloc(MAX_IMAGE_BYTES + 1);
    await expect(checkImage(asFile(big, 'big.jpg'))).rejects.toMatchObject({
      status: 413,
      message: 'Each image must be at most 10 MB.',
    });
  });

  it('refuses a decompression bomb (huge dimensions) with 413', async () => {
    // A tiny PNG whose header declares 20000×20000 pixels (IHDR rewritten, CRC fixed).
    const bomb = Buffer.from(await solid(10, 10).png().toBuffer());
    bomb.writeUInt32BE(20000, 16);
    bomb.writeUInt32BE(20000, 20);
    bomb.writeUInt32BE(zlib.crc32(bomb.subarray(12, 29)), 29);
    const before = await listFiles();
    await expect(storeImage(asFile(bomb, 'bomb.png'))).rejects.toMatchObject({ status: 413 });
    expect(await listFiles()).toEqual(before);
  }, 30_000);
});

describe('storeImages and deleteImage', () => {
  it('stores all or nothing: a bad file anywhere leaves no new file', async () => {
    const before = await listFiles();
    const good = asFile(await solid(60, 60).png().toBuffer(), 'a.png');
    await expect(storeImages([good, good, asFile(Buffer.from('nope'), 'b.png')])).rejects.toMatchObject({
      status: 400,
    });
    expect(await listFiles()).toEqual(before);
    const names = await storeImages([good, good]);
    expect(new Set(names).size).toBe(2);
    await deleteImages(names);
    expect(await listFiles()).toEqual(before);
  });

  it('deleteImage removes the full copy and its renditions, and ignores unsafe names', async () => {
    const name = await storeImage(asFile(await solid(60, 60).png().toBuffer(), 'a.png'));
    const base = name.replace(/\.webp$/, '');
    await deleteImage(name);
    const files = await listFiles();
    for (const f of [name, `${base}-400.webp`, `${base}-1200.webp`]) expect(files).not.toContain(f);
    await expect(deleteImage('../../etc/passwd')).resolves.toBeUndefined();
    await expect(deleteImage(null)).resolves.toBeUndefined();
  });
});
