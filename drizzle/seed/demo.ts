import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import { hashPassword } from '../../api/auth/password.ts';
import { DEFAULT_EXPIRY_DAYS } from '../../api/constants/ad-states.ts';
import { db } from '../../api/db/client.ts';
import {
  ads,
  categories,
  faqs,
  membershipPlans,
  pages,
  siteSettings,
  testimonials,
  users,
} from '../../api/db/schema/index.ts';
import { sanitizeRichText } from '../../api/lib/sanitize.ts';
import { slugify } from '../../api/lib/slug.ts';
import { attachPlaces } from '../../api/services/places/attach-places.ts';
import { dropSettingsCache } from '../../api/services/settings/get-settings.ts';
import { deleteImage, storeImage } from '../../api/storage/images.ts';
import { demoAdPeriod } from './demo-ad-states.ts';
import {
  DEMO_ADMIN,
  DEMO_ADS,
  DEMO_CATEGORIES,
  DEMO_CUSTOMERS,
  DEMO_FAQS,
  DEMO_PAGES,
  DEMO_PLANS,
  DEMO_SETTINGS,
  DEMO_TESTIMONIALS,
  type TDemoAd,
} from './demo-content.ts';
import { seedDemoConversations, seedDemoResponseHistory } from './demo-conversations.ts';
import { seedDemoFraud } from './demo-fraud.ts';
import { seedDemoModeration } from './demo-moderation.ts';
import { seedDemoReviews } from './demo-reviews.ts';
import { seedDemoSavedSearches } from './demo-saved-searches.ts';
import { portraitSvg, sceneSvg, type TSceneKind } from './scenes.ts';

/** Generated photos are 800×600 (4:3): sharp enough for the ad page, quick to encode. */
const PHOTO_WIDTH = 800;
const PHOTO_HEIGHT = 600;
/** Images drawn and encoded at once; sharp works one thread per image here. */
const PARALLEL = Math.max(2, Math.min(6, availableParallelism() * 2));
const DAY = 24 * 60 * 60 * 1000;

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The ad's description as the rich-text editor would produce it, through the one sanitiser. */
export function demoDescription(ad: Pick<TDemoAd, 'intro' | 'details' | 'closing'>): string {
  const items = ad.details.map((d) => `<li>${escapeHtml(d)}</li>`).join('');
  return sanitizeRichText(`<p>${escapeHtml(ad.intro)}</p><ul>${items}</ul><p>${escapeHtml(ad.closing)}</p>`);
}

/** Features in the stored shape: [{ id, value }]. */
export function demoFeatures(values: readonly string[]): string {
  return JSON.stringify(values.map((value, i) => ({ id: i + 1, value })));
}

/** Spreads ad i of n over the last ~150 days, in an order that mixes the categories. */
export function demoCreatedAt(i: number, now = Date.now()): Date {
  const daysAgo = (i * 37) % 150;
  return new Date(now - daysAgo * DAY - (i % 7) * 3_600_000);
}

/** How many gallery photos ad i gets: 1 to 3. */
export function demoGalleryCount(i: number): number {
  return (i % 3) + 1;
}

/**
 * Runs `fn` over `items` with at most `limit` in flight (sharp work is CPU-bound). On the
 * first failure no new work starts, and it rejects only after the work in flight has
 * settled, so the caller's clean-up sees every file that was stored.
 */
async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, i: number) => Promise<R>) {
  const out: R[] = new Array(items.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (next < items.length && !failure) {
      const i = next++;
      try {
        out[i] = await fn(items[i], i);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw failure.error;
  return out;
}

const asFile = (buf: Buffer) => new Blob([new Uint8Array(buf)], { type: 'image/jpeg' });

/** SVG to JPEG at the size the SVG declares (drawn at that size: no resampling). */
async function renderSvg(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

type TAdPhotos = { image: string; gallery: string[] };

/**
 * Draws the photos of one ad: the scene, then 1–3 more "shots" of the same item (a mirrored
 * view, a close-up, another setting), each stored with its renditions.
 */
async function adPhotos(ad: TDemoAd, i: number, scene: TSceneKind, track: string[]): Promise<TAdPhotos> {
  const main = await renderSvg(sceneSvg(scene, { hue: ad.hue, variant: ad.variant, seed: i + 1, width: PHOTO_WIDTH }));
  const shots: (() => Promise<Buffer>)[] = [
    () => sharp(main).flop().jpeg({ quality: 90 }).toBuffer(),
    () =>
      sharp(main)
        .extract({ left: 140, top: 105, width: 520, height: 390 })
        .resize(PHOTO_WIDTH, PHOTO_HEIGHT)
        .jpeg({ quality: 90 })
        .toBuffer(),
    // The same item in another setting (new background and light).
    () => renderSvg(sceneSvg(scene, { hue: ad.hue, variant: ad.variant, seed: i + 101, width: PHOTO_WIDTH })),
  ];
  const buffers = [main, ...(await Promise.all(shots.slice(0, demoGalleryCount(i)).map((s) => s())))];
  const names: string[] = [];
  for (const buf of buffers) {
    const name = await storeImage(asFile(buf), { prefix: 'ad' });
    track.push(name);
    names.push(name);
  }
  return { image: names[0], gallery: names.slice(1) };
}

/**
 * Demo content for an empty database: the demo admin and two customers, categories with
 * images, ~40 ads with photos, the about-us/FAQ/contact pages, FAQs, testimonials, three
 * plans and full site settings. Images are drawn first; the rows go in one transaction,
 * and if anything fails the images already stored are removed again.
 */
export async function seedDemo(): Promise<{ ads: number; categories: number; images: number }> {
  const stored: string[] = [];
  try {
    const passwords = await Promise.all([
      hashPassword(DEMO_ADMIN.password),
      ...DEMO_CUSTOMERS.map((c) => hashPassword(c.password)),
    ]);

    const categoryImages = await mapLimit(DEMO_CATEGORIES, PARALLEL, async (c, i) => {
      const buf = await renderSvg(sceneSvg(c.scene, { hue: c.hue, variant: 0, seed: 500 + i, width: 640 }));
      const name = await storeImage(asFile(buf), { prefix: 'category' });
      stored.push(name);
      return name;
    });
    const photos = await mapLimit(DEMO_ADS, PARALLEL, (ad, i) => {
      const scene = DEMO_CATEGORIES.find((c) => c.slug === ad.category)?.scene ?? 'electronics';
      return adPhotos(ad, i, scene, stored);
    });
    const portraits = await mapLimit(DEMO_TESTIMONIALS, PARALLEL, async (t, i) => {
      const buf = await renderSvg(portraitSvg({ hue: t.hue, seed: i + 1, longHair: t.longHair, size: 480 }));
      const name = await storeImage(asFile(buf), { prefix: 'testimonial' });
      stored.push(name);
      return name;
    });

    await db().transaction(async (tx) => {
      const [admin, ...customers] = await tx
        .insert(users)
        .values([
          {
            name: DEMO_ADMIN.name,
            email: DEMO_ADMIN.email,
            passwordHash: passwords[0],
            role: 'admin' as const,
            subscription: 'platinum' as const,
          },
          ...DEMO_CUSTOMERS.map((c, i) => ({
            name: c.name,
            email: c.email,
            passwordHash: passwords[i + 1],
            role: 'customer' as const,
            subscription: c.subscription,
          })),
        ])
        .returning({ id: users.id, name: users.name });
      if (!admin || customers.length === 0) throw new Error('demo users were not created');

      const cats = await tx
        .insert(categories)
        .values(DEMO_CATEGORIES.map((c, i) => ({ name: c.name, slug: c.slug, image: categoryImages[i] })))
        .returning({ id: categories.id, slug: categories.slug });
      const categoryId = new Map(cats.map((c) => [c.slug, c.id]));

      const now = Date.now();
      const slugs = new Set<string>();
      await tx.insert(ads).values(
        DEMO_ADS.map((ad, i) => {
          let slug = slugify(ad.heading);
          while (slugs.has(slug)) slug = `${slug}-${i}`;
          slugs.add(slug);
          const createdAt = demoCreatedAt(i, now);
          const id = categoryId.get(ad.category);
          if (!id) throw new Error(`unknown demo category ${ad.category}`);
          return {
            slug,
            heading: ad.heading,
            description: demoDescription(ad),
            price: ad.price,
            categoryId: id,
            rating: ad.rating,
            location: ad.location,
            image: photos[i].image,
            galleryImages: photos[i].gallery,
            features: demoFeatures(ad.features),
            makeAsFeatured: ad.featured ? ('Y' as const) : ('N' as const),
            userId: customers[i % customers.length].id,
            createdAt,
            updatedAt: createdAt,
            ...demoAdPeriod(i, createdAt, DEFAULT_EXPIRY_DAYS[DEMO_CUSTOMERS[i % customers.length].subscription], now),
          };
        }),
      );

      await tx.insert(pages).values(
        DEMO_PAGES.map((p) => ({
          name: p.name,
          slug: p.slug,
          template: p.template,
          seokeyword: p.seokeyword,
          content: sanitizeRichText(p.content),
          howwework: sanitizeRichText(p.howwework),
        })),
      );
      await tx
        .insert(faqs)
        .values(DEMO_FAQS.map((f) => ({ question: f.question, answer: sanitizeRichText(f.answer) })));
      await tx.insert(testimonials).values(
        DEMO_TESTIMONIALS.map((t, i) => ({
          name: t.name,
          designation: t.designation,
          description: sanitizeRichText(t.description),
          image: portraits[i],
        })),
      );
      await tx.insert(membershipPlans).values(DEMO_PLANS.map((p) => ({ ...p })));

      const settings = {
        ...DEMO_SETTINGS,
        footerShortdescription: sanitizeRichText(DEMO_SETTINGS.footerShortdescription),
        homepagetopheaderAds: sanitizeRichText(DEMO_SETTINGS.homepagetopheaderAds),
        homepageleftsideads: sanitizeRichText(DEMO_SETTINGS.homepageleftsideads),
        adsdetailspageads: sanitizeRichText(DEMO_SETTINGS.adsdetailspageads),
        footerads: sanitizeRichText(DEMO_SETTINGS.footerads),
        updatedAt: new Date(),
      };
      await tx
        .insert(siteSettings)
        .values({ id: 1, ...settings })
        .onConflictDoUpdate({ target: siteSettings.id, set: settings });
      await seedDemoConversations(tx, { emma: customers[0].id, liam: customers[1].id });
      await seedDemoResponseHistory(tx, { emma: customers[0].id, liam: customers[1].id });
      await seedDemoReviews(tx, { emma: customers[0].id, liam: customers[1].id });
      await seedDemoModeration(tx, admin);
      await seedDemoFraud(tx);
      await seedDemoSavedSearches(tx, { emma: customers[0].id, liam: customers[1].id });
    });
    // Each demo ad at the real city its location names.
    await attachPlaces({ db: db() });
    dropSettingsCache();
    return { ads: DEMO_ADS.length, categories: DEMO_CATEGORIES.length, images: stored.length };
  } catch (err) {
    // No orphan files: whatever was stored before the failure goes again.
    await Promise.all(stored.map((name) => deleteImage(name).catch(() => {})));
    throw err;
  }
}
