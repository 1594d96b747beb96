import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from '../errors.ts';
import { RENDITION_WIDTHS, renditionName } from '../lib/image-urls.ts';
import { MAX_IMAGE_BYTES } from '../lib/limits.ts';
import { putFile, removeFile } from './storage.ts';

export { MAX_IMAGE_BYTES };
/**
 * Largest image accepted, in pixels, checked on the header before anything is decoded.
 * 25 Mpx takes a 24-megapixel camera's full frame (6000×4000); past that a small file can
 * cost seconds of CPU (a 6300×6300 PNG of 128 KB took 2.7 s), and bombs (20000×20000) more.
 */
export const MAX_INPUT_PIXELS = 25_000_000;
/** Longest sharp may work on one image; a backstop behind the pixel limit. */
export const IMAGE_TIMEOUT_SEC = 10;
/** Longest side of the full-size copy. */
export const FULL_SIZE = 1600;
const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);

export const IMAGE_TOO_LARGE = 'Each image must be at most 10 MB.';
export const IMAGE_WRONG_TYPE = 'Only JPEG, PNG, WebP, GIF or AVIF images are allowed.';
export const IMAGE_UNREADABLE = 'The image could not be read.';
export const IMAGE_TOO_MANY_PIXELS = 'The image dimensions are too large.';
export const IMAGE_TOO_SLOW = 'The image took too long to process.';

/** Every file that belongs to a stored image base name. */
export function imageFiles(base: string): string[] {
  const b = base.replace(/\.webp$/, '');
  return [`${b}.webp`, ...RENDITION_WIDTHS.map((w) => renditionName(b, w))];
}

/** An upload whose size and content type have been checked; not yet decoded. */
export type TCheckedImage = { buf: Buffer; mime: string };

/**
 * Checks an upload by its bytes, never its name or declared type: at most MAX_IMAGE_BYTES
 * (413) and sniffed as JPEG, PNG, WebP, GIF or AVIF (400). A text file renamed .png fails.
 */
export async function checkImage(file: File | Blob): Promise<TCheckedImage> {
  if (file.size > MAX_IMAGE_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_TOO_LARGE);
  const buf = Buffer.from(await file.arrayBuffer());
  if (buf.length > MAX_IMAGE_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_TOO_LARGE);
  const type = await fileTypeFromBuffer(buf);
  if (!type || !ACCEPTED.has(type.mime)) throw new AppError('BAD_REQUEST', IMAGE_WRONG_TYPE);
  return { buf, mime: type.mime };
}

/** Runs sharp; anything it cannot decode is the client's problem (400/413), not a 500. */
async function decode<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError) throw err;
    const msg = err instanceof Error ? err.message : '';
    if (/pixel limit/i.test(msg)) throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_TOO_MANY_PIXELS);
    if (/timeout/i.test(msg)) throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_TOO_SLOW);
    throw new AppError('BAD_REQUEST', IMAGE_UNREADABLE);
  }
}

/** Decodes a checked image and writes its WebP renditions under a fresh random name. */
async function encodeAndStore(image: TCheckedImage, prefix: string): Promise<string> {
  const { buf } = image;
  // rotate() applies the EXIF orientation; WebP output carries no metadata unless asked.
  const input = () => sharp(buf, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
  // Everything is encoded before anything is written: a bad file leaves no partial set.
  const outputs = await decode(async () => {
    // metadata() reads the header only: the size is known before a pixel is decoded.
    const meta = await sharp(buf, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!meta.width || !meta.height) throw new AppError('BAD_REQUEST', IMAGE_UNREADABLE);
    if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_TOO_MANY_PIXELS);
    // Oriented size: EXIF orientations 5–8 swap width and height.
    const [w0, h0] = (meta.orientation ?? 1) >= 5 ? [meta.height, meta.width] : [meta.width, meta.height];
    // Each output is (width cap, height cap, quality). Outputs whose caps do not shrink the
    // image come out the same size, so they share one encode (a 800×600 photo: 1200 = full).
    const targets = [...RENDITION_WIDTHS.map((w) => ({ w, h: w * 4, q: 78 })), { w: FULL_SIZE, h: FULL_SIZE, q: 82 }];
    const encoded = new Map<string, Promise<Buffer>>();
    const encode = ({ w, h, q }: { w: number; h: number; q: number }) => {
      const scale = Math.min(1, w / w0, h / h0);
      const key = scale === 1 ? 'original' : `${w}x${h}`;
      if (!encoded.has(key)) {
        encoded.set(
          key,
          // Height capped too, so a very tall strip cannot become a huge "small" rendition.
          input()
            .resize({ width: w, height: h, fit: 'inside', withoutEnlargement: true })
            .webp({ quality: q })
            .timeout({ seconds: IMAGE_TIMEOUT_SEC })
            .toBuffer(),
        );
      }
      return encoded.get(key) as Promise<Buffer>;
    };
    const buffers = await Promise.all(targets.map(encode));
    const full = buffers[buffers.length - 1] as Buffer;
    const sized = buffers.slice(0, -1);
    return { full, sized };
  });
  const base = `${prefix}-${crypto.randomUUID()}`;
  const written: string[] = [];
  try {
    await putFile(`${base}.webp`, outputs.full);
    written.push(`${base}.webp`);
    for (const [i, w] of RENDITION_WIDTHS.entries()) {
      await putFile(renditionName(base, w), outputs.sized[i]);
      written.push(renditionName(base, w));
    }
    return `${base}.webp`;
  } catch (err) {
    await Promise.allSettled(written.map(removeFile));
    throw err;
  }
}

/**
 * Checks an upload by content, re-encodes it (orientation applied, metadata stripped) into
 * WebP renditions and stores them under a random name. Returns the stored name
 * (`{prefix}-{uuid}.webp` is the full-size copy, capped at 1600px; `-400`/`-1200` beside it).
 */
export async function storeImage(file: File | Blob, options: { prefix?: string } = {}): Promise<string> {
  const checked = await checkImage(file);
  return encodeAndStore(checked, options.prefix ?? 'img');
}

/**
 * Stores several uploads as one unit: every file is checked (size, type) before any is
 * decoded, and if one fails the ones already written are removed again, so a refused
 * request leaves nothing behind. Returns the stored names in the order given.
 */
export async function storeImages(files: (File | Blob)[], options: { prefix?: string } = {}): Promise<string[]> {
  const checked: TCheckedImage[] = [];
  for (const f of files) checked.push(await checkImage(f));
  const names: string[] = [];
  try {
    for (const c of checked) names.push(await encodeAndStore(c, options.prefix ?? 'img'));
    return names;
  } catch (err) {
    await deleteImages(names);
    throw err;
  }
}

/** Removes an image stored by storeImage (given the name it returned) and its renditions. */
export async function deleteImage(name: string | null | undefined): Promise<void> {
  if (!name) return;
  await Promise.all(imageFiles(name).map(removeFile));
}

/** deleteImage for many; failures to remove one file do not stop the others. */
export async function deleteImages(names: (string | null | undefined)[]): Promise<void> {
  await Promise.allSettled(names.map((n) => deleteImage(n)));
}
