import sharp from 'sharp';
import { db } from '../../api/db/client.ts';
import { ads, categories } from '../../api/db/schema/index.ts';
import { renditionName } from '../../api/lib/image-urls.ts';
import { storeImage } from '../../api/storage/images.ts';
import { fileExists } from '../../api/storage/storage.ts';

/** A small real PNG, as a browser would upload it. */
export async function pngFile(name = 'photo.png', colour = '#3b82f6') {
  const buf = await sharp({ create: { width: 24, height: 16, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(buf)], name, { type: 'image/png' });
}

/** True when the stored image and all its renditions are on disk; false when none is. */
export async function imageOnDisk(name: string) {
  const all = [name, renditionName(name, 400), renditionName(name, 1200)];
  const found = await Promise.all(all.map(fileExists));
  if (found.every(Boolean)) return true;
  if (found.every((f) => !f)) return false;
  throw new Error(`image ${name} is only partly on disk: ${found.join(',')}`);
}

let n = 0;
export async function makeCategory(options: { name?: string; image?: string | null } = {}) {
  n += 1;
  const name = options.name ?? `Category ${n} ${Math.random().toString(36).slice(2, 6)}`;
  const rows = await db()
    .insert(categories)
    .values({ name, slug: name.toLowerCase().replace(/\W+/g, '-'), image: options.image ?? null })
    .returning();
  return rows[0] as typeof categories.$inferSelect;
}

/** An ad owned by `userId`, with a stored main image and gallery images. */
export async function makeAd(options: { userId: number; categoryId: number; gallery?: number }) {
  n += 1;
  const image = await storeImage(await pngFile(), { prefix: 'ad' });
  const galleryImages: string[] = [];
  for (let i = 0; i < (options.gallery ?? 1); i++)
    galleryImages.push(await storeImage(await pngFile(), { prefix: 'ad' }));
  const rows = await db()
    .insert(ads)
    .values({
      slug: `ad-${n}-${Math.random().toString(36).slice(2, 8)}`,
      heading: `Ad ${n}`,
      description: '<p>Nice</p>',
      price: 10,
      categoryId: options.categoryId,
      rating: 4,
      location: 'Town',
      image,
      galleryImages,
      userId: options.userId,
    })
    .returning();
  return rows[0] as typeof ads.$inferSelect;
}
