import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from '../errors.ts';
import { RENDITION_WIDTHS, renditionName } from '../lib/image-urls.ts';
import { putFile, removeFile } from './storage.ts';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Refuse decompression bombs before decoding (e.g. 20000×20000). */
export const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);

/** Every file that belongs to a stored image base name. */
export function imageFiles(base: string): string[] {
  return [`${base}.webp`, ...RENDITION_WIDTHS.map((w) => renditionName(base, w))];
}

/**
 * Checks an upload by content, re-encodes it (orientation applied, metadata stripped) into
 * WebP renditions and stores them under a random name. Returns the base file name
 * (`{uuid}.webp` is the full-size copy, capped at 1600px).
 */
export async function storeImage(file: File | Blob, options: { prefix?: string } = {}): Promise<string> {
  if (file.size > MAX_IMAGE_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'Each image must be at most 10 MB.');
  const buf = Buffer.from(await file.arrayBuffer());
  const type = await fileTypeFromBuffer(buf);
  if (!type || !ACCEPTED.has(type.mime)) {
    throw new AppError('BAD_REQUEST', 'Only JPEG, PNG, WebP, GIF or AVIF images are allowed.');
  }
  const base = `${options.prefix ?? 'img'}-${crypto.randomUUID()}`;
  const written: string[] = [];
  try {
    const input = () => sharp(buf, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const meta = await sharp(buf, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!meta.width || !meta.height) throw new AppError('BAD_REQUEST', 'The image could not be read.');
    const full = await input()
      .resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    await putFile(`${base}.webp`, full);
    written.push(`${base}.webp`);
    for (const w of RENDITION_WIDTHS) {
      const out = await input().resize({ width: w, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
      await putFile(renditionName(base, w), out);
      written.push(renditionName(base, w));
    }
    return `${base}.webp`;
  } catch (err) {
    await Promise.all(written.map(removeFile));
    if (err instanceof AppError) throw err;
    const msg = err instanceof Error ? err.message : '';
    if (/pixel limit/i.test(msg)) throw new AppError('PAYLOAD_TOO_LARGE', 'The image dimensions are too large.');
    throw new AppError('BAD_REQUEST', 'The image could not be read.');
  }
}

/** Removes an image stored by storeImage (given the name it returned) and its renditions. */
export async function deleteImage(name: string | null | undefined): Promise<void> {
  if (!name) return;
  const base = name.replace(/\.webp$/, '');
  await Promise.all(imageFiles(base).map(removeFile));
}
