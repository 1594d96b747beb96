import { asc, eq } from 'drizzle-orm';
import { isPublishedPageSlug, publicPagePath } from '../../constants/page-addresses.ts';
import { db } from '../../db/client.ts';
import { pages } from '../../db/schema/index.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import { slugify } from '../../lib/slug.ts';
import { ttlCache } from '../../lib/ttl-cache.ts';

/**
 * A page created in the admin, as its public address `/<slug>` shows it (src/pages/[slug].astro),
 * or null when no page is published there (unknown slug, or a slug the site's own screens use).
 */
export async function getPublishedPage({ slug }: { slug: string }) {
  // Only a slug the slug rule could have made is looked up (not /favicon.ico and the like).
  if (!isPublishedPageSlug(slug) || slugify(slug) !== slug) return null;
  const rows = await db().select().from(pages).where(eq(pages.slug, slug)).limit(1);
  const page = rows[0];
  if (!page) return null;
  return {
    name: page.name,
    slug: page.slug,
    seokeyword: page.seokeyword,
    // Stored sanitised; cleaned again on the way out, as the other public page texts are.
    content: sanitizeRichText(page.content),
    howwework: sanitizeRichText(page.howwework),
    updatedAt: page.updatedAt,
  };
}
export type TPublishedPage = NonNullable<Awaited<ReturnType<typeof getPublishedPage>>>;

/** Every page published at its own address, for the sitemap. */
export async function listPublishedPages() {
  const rows = await db().select({ slug: pages.slug, updatedAt: pages.updatedAt }).from(pages).orderBy(asc(pages.id));
  return rows.filter((r) => isPublishedPageSlug(r.slug));
}

async function loadFooterPages() {
  const rows = await db()
    .select({ name: pages.name, slug: pages.slug })
    .from(pages)
    .where(eq(pages.showInFooter, true))
    .orderBy(asc(pages.name), asc(pages.id));
  return rows.flatMap((r) => {
    const href = publicPagePath(r.slug);
    return href ? [{ label: r.name, href }] : [];
  });
}

// Every public page's footer reads these: cached per process like the settings, dropped when
// a page is saved or deleted here; other processes see a change within 5 s.
const footerPagesCache = ttlCache(5_000, loadFooterPages);

/** The pages marked "Show in footer" that have a public address: `{ label, href }`, by name. */
export function listFooterPages() {
  return footerPagesCache.get();
}

export function dropFooterPagesCache() {
  footerPagesCache.drop();
}
