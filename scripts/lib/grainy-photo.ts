import sharp from 'sharp';
import { rng, sceneSvg, type TSceneKind } from '../../drizzle/seed/scenes.ts';

/**
 * A photo-like JPEG: one of the demo seed's scenes with grain over it, so it has the texture
 * of a photo rather than flat drawing colours. Deterministic for its arguments. Used by the
 * fraud-signal fixtures (scripts/make-photo-fixtures.ts) and the posting bench
 * (scripts/lib/bench-posting.ts), which needs many different photos.
 */
export async function grainyPhoto(options: {
  kind: TSceneKind;
  hue: number;
  seed: number;
  width?: number;
  height?: number;
}): Promise<Buffer> {
  const { kind, hue, seed } = options;
  const width = options.width ?? 640;
  const height = options.height ?? 480;
  const drawing = await sharp(Buffer.from(sceneSvg(kind, { hue, seed, width })))
    .resize(width, height)
    .png()
    .toBuffer();
  const random = rng(seed);
  const grain = Buffer.alloc(width * height * 3);
  for (let i = 0; i < grain.length; i++) grain[i] = Math.floor(random() * 256);
  const texture = await sharp(grain, { raw: { width, height, channels: 3 } })
    .blur(1.2)
    .png()
    .toBuffer();
  return sharp(drawing)
    .composite([{ input: texture, blend: 'soft-light' }])
    .jpeg({ quality: 88 })
    .toBuffer();
}
