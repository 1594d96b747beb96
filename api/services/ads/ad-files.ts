import { arrayOverlaps, eq, inArray, like, or, sql } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { ads, categories, faqs, pages, siteSettings, testimonials } from '../../db/schema/index.ts';
import { deleteImages } from '../../storage/images.ts';

/** Images the rich-text editor uploads (api/routes/uploads.ts) carry this prefix. */
export const EDITOR_IMAGE_PREFIX = 'rte';
const EDITOR_IMAGE = /\/uploads\/(rte-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:-\d+)?\.webp/g;

/** Stored names (`rte-….webp`) of the editor images an HTML fragment shows. */
export function editorImagesIn(html: string | null | undefined): string[] {
  const names = new Set<string>();
  for (const m of (html ?? '').matchAll(EDITOR_IMAGE)) names.add(`${m[1]}.webp`);
  return [...names];
}

/** Of `names`, those some row still points at (demo data may share one file between ads). */
async function stillUsedImages(names: string[]): Promise<Set<string>> {
  const used = new Set<string>();
  if (!names.length) return used;
  const [adRows, catRows, personRows, logoRows] = await Promise.all([
    db()
      .select({ image: ads.image, gallery: ads.galleryImages })
      .from(ads)
      .where(or(inArray(ads.image, names), arrayOverlaps(ads.galleryImages, names))),
    db().select({ image: categories.image }).from(categories).where(inArray(categories.image, names)),
    db().select({ image: testimonials.image }).from(testimonials).where(inArray(testimonials.image, names)),
    db().select({ image: siteSettings.logo }).from(siteSettings).where(inArray(siteSettings.logo, names)),
  ]);
  for (const r of adRows) for (const n of [r.image, ...r.gallery]) if (n) used.add(n);
  for (const r of [...catRows, ...personRows, ...logoRows]) if (r.image) used.add(r.image);
  return used;
}

/**
 * Of editor image names, those some rich-text field anywhere still shows; without names,
 * every editor image shown anywhere (one pass per table, for the sweep of abandoned ones).
 */
export async function stillShownEditorImages(names?: string[]): Promise<Set<string>> {
  const shown = new Set<string>();
  if (names && !names.length) return shown;
  const stems = (names ?? []).map((n) => n.replace(/\.webp$/, ''));
  const mentions = (col: Parameters<typeof like>[0]) =>
    names ? or(...stems.map((s) => like(col, `%/uploads/${s}%`))) : like(col, `%/uploads/${EDITOR_IMAGE_PREFIX}-%`);
  const texts = await Promise.all([
    db().select({ t: ads.description }).from(ads).where(mentions(ads.description)),
    db().select({ t: pages.content }).from(pages).where(mentions(pages.content)),
    db().select({ t: pages.howwework }).from(pages).where(mentions(pages.howwework)),
    db().select({ t: faqs.answer }).from(faqs).where(mentions(faqs.answer)),
    db().select({ t: testimonials.description }).from(testimonials).where(mentions(testimonials.description)),
    db()
      .select({
        t: sql<string>`concat_ws(' ', ${siteSettings.footerShortdescription}, ${siteSettings.homepageleftsideads}, ${siteSettings.homepagetopheaderAds}, ${siteSettings.adsdetailspageads}, ${siteSettings.footerads})`,
      })
      .from(siteSettings)
      .where(eq(siteSettings.id, 1)),
  ]);
  for (const rows of texts) for (const r of rows) for (const n of editorImagesIn(r.t)) shown.add(n);
  return shown;
}

/**
 * Deletes the files of images an ad no longer uses (after its change is committed): main
 * and gallery images, and editor images its description dropped, each only when nothing
 * else still points at it. Errors are logged, never thrown: the ad change already stands.
 */
export async function releaseAdFiles(options: { images?: (string | null | undefined)[]; html?: string[] }) {
  try {
    const images = [...new Set((options.images ?? []).filter((n): n is string => !!n))];
    const editor = [...new Set((options.html ?? []).flatMap(editorImagesIn))];
    const [used, shown] = await Promise.all([stillUsedImages(images), stillShownEditorImages(editor)]);
    await deleteImages([...images.filter((n) => !used.has(n)), ...editor.filter((n) => !shown.has(n))]);
  } catch (err) {
    console.error('[ads] could not remove unused image files', err);
  }
}
