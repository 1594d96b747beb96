import sharp from 'sharp';
import phash from 'sharp-phash';
import { renditionName } from '../../lib/image-urls.ts';
import { MAX_INPUT_PIXELS } from '../../storage/images.ts';
import { openFile } from '../../storage/storage.ts';

/**
 * A photo's 64-bit perceptual hash (DCT pHash by sharp-phash, decision 0033) as a signed
 * bigint, the form PostgreSQL's bigint holds. Re-encodings and small crops change few bits.
 */
export async function photoHash(image: Buffer): Promise<bigint> {
  const bits = await phash(image, { limitInputPixels: MAX_INPUT_PIXELS });
  return BigInt.asIntN(64, BigInt(`0b${bits}`));
}

/** The share of each side the second hash of a photo keeps, around its centre. */
export const CENTRE_SHARE = 0.9;

/**
 * A photo's two hashes: of the whole photo and of its centre (CENTRE_SHARE of each side).
 * pHash alone tolerates a crop of 2–3% per side; a copy cropped by about 5% per side looks
 * like the original's centre, so comparing every hash of one photo with every hash of the
 * other catches it, whichever of the two was cropped (decision 0033).
 */
export async function photoHashes(image: Buffer): Promise<bigint[]> {
  // The header gives the size without decoding a pixel (EXIF orientations 5–8 swap the sides).
  const meta = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  const [w0, h0] =
    (meta.orientation ?? 1) >= 5 ? [meta.height ?? 1, meta.width ?? 1] : [meta.width ?? 1, meta.height ?? 1];
  const width = Math.max(1, Math.round(w0 * CENTRE_SHARE));
  const height = Math.max(1, Math.round(h0 * CENTRE_SHARE));
  const centre = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .extract({
      left: Math.floor((w0 - width) / 2),
      top: Math.floor((h0 - height) / 2),
      width,
      height,
    })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return [await photoHash(image), await photoHash(centre)];
}

/** How many of the 64 bits differ. */
export function hammingDistance(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let n = 0;
  while (x) {
    x &= x - 1n;
    n++;
  }
  return n;
}

/** The hash's four 16-bit quarters, high first: the indexed columns band0–band3. */
export function hashBands(hash: bigint): [number, number, number, number] {
  const u = BigInt.asUintN(64, hash);
  return [48n, 32n, 16n, 0n].map((s) => Number((u >> s) & 0xffffn)) as [number, number, number, number];
}

/**
 * A quarter and every value one bit away (17 values). Two hashes at most 7 bits apart have
 * at least one quarter at most 1 bit apart (otherwise each quarter differs in 2 or more: 8),
 * so asking the four band indexes for these finds every such hash.
 */
export function bandProbes(band: number): number[] {
  return [band, ...Array.from({ length: 16 }, (_, i) => band ^ (1 << i))];
}

/**
 * The hashes of a stored ad photo, read from its smallest rendition (the hash looks at 32×32
 * pixels anyway). None when the file is gone (the ad was edited since the job was queued).
 */
export async function storedPhotoHashes(name: string): Promise<bigint[]> {
  const file = (await openFile(renditionName(name, 400))) ?? (await openFile(name));
  if (!file) return [];
  const buf = Buffer.from(await new Response(file.body).arrayBuffer());
  return photoHashes(buf);
}
