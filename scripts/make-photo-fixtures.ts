/**
 * Writes the photo fixtures of the fraud-signal tests (tests/fixtures/photos/): one photo,
 * the same photo re-encoded (JPEG at low quality, WebP, PNG, smaller) and cropped slightly,
 * a different photo, and a second photo with its own crop. Drawn by scripts/lib/grainy-photo.ts
 * (demo scenes with grain), then encoded by sharp. Deterministic; run once, files committed:
 *   node --experimental-strip-types scripts/make-photo-fixtures.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { TSceneKind } from '../drizzle/seed/scenes.ts';
import { grainyPhoto } from './lib/grainy-photo.ts';

const OUT = path.resolve('tests/fixtures/photos');
const W = 640;
const H = 480;

const photo = (kind: TSceneKind, hue: number, seed: number) => grainyPhoto({ kind, hue, seed, width: W, height: H });

const original = await photo('vehicles', 20, 1);
const second = await photo('pets', 120, 3);
const crop = Math.round(W * 0.05);
const cropped = (buf: Buffer) =>
  sharp(buf)
    .extract({ left: crop, top: Math.round(H * 0.05), width: W - 2 * crop, height: H - 2 * Math.round(H * 0.05) })
    .jpeg({ quality: 80 })
    .toBuffer();
const files: Record<string, Buffer> = {
  'original.jpg': original,
  'reencoded-q35.jpg': await sharp(original).jpeg({ quality: 35 }).toBuffer(),
  'reencoded.webp': await sharp(original).resize(480).webp({ quality: 60 }).toBuffer(),
  'reencoded.png': await sharp(original).resize(320).png().toBuffer(),
  'cropped.jpg': await cropped(original),
  'different.jpg': await photo('furniture', 200, 8),
  // A second photo of its own, for a test that needs a pair nobody else posted.
  'second.jpg': second,
  'second-cropped.jpg': await cropped(second),
};
fs.mkdirSync(OUT, { recursive: true });
for (const [name, buf] of Object.entries(files)) fs.writeFileSync(path.join(OUT, name), buf);
console.log(`wrote ${Object.keys(files).length} photos to ${OUT}`);
