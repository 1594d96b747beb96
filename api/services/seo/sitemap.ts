import { and, asc, gt } from 'drizzle-orm';
import { readDb } from '../../db/replicas.ts';
import { ads } from '../../db/schema/index.ts';
import { publicAdFilter } from '../ads/public-ad-filter.ts';
import { countAllAds } from '../categories/count-all-ads.ts';
import { listCategories } from '../categories/list-categories.ts';

/** Search engines accept at most 50,000 URLs per sitemap file; stay well below. */
export const ADS_PER_SITEMAP = 40_000;

/** The public pages with fixed routes (docs/SCREENS.md, Public screens), for the sitemap. */
export const STATIC_PATHS = [
  '/',
  '/category',
  '/about-us',
  '/membership',
  '/faqs',
  '/contact-us',
  '/terms-of-service',
  '/privacy-policy',
] as const;

export async function countSitemapAdFiles(): Promise<number> {
  return Math.max(1, Math.ceil((await countAllAds()) / ADS_PER_SITEMAP));
}

/** Public ads (publicAdFilter) of sitemap file `page` (1-based), by id. */
export async function listSitemapAds({ page }: { page: number }) {
  // Keyset on id: find where this file starts, then read one file's worth.
  const skip = (page - 1) * ADS_PER_SITEMAP;
  const start =
    skip === 0
      ? 0
      : ((
          await readDb()
            .select({ id: ads.id })
            .from(ads)
            .where(publicAdFilter())
            .orderBy(asc(ads.id))
            .offset(skip - 1)
            .limit(1)
        )[0]?.id ?? null);
  if (start === null) return [];
  return readDb()
    .select({ slug: ads.slug, updatedAt: ads.updatedAt })
    .from(ads)
    .where(and(publicAdFilter(), gt(ads.id, start)))
    .orderBy(asc(ads.id))
    .limit(ADS_PER_SITEMAP);
}

export async function listSitemapCategories() {
  return (await listCategories()).map((c) => c.slug);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export function xmlEscape(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => ESCAPES[ch] as string);
}

export function urlSet(entries: { loc: string; lastmod?: Date }[]): string {
  const body = entries
    .map(
      (e) =>
        `<url><loc>${xmlEscape(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : ''}</url>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

export function sitemapIndex(locs: string[]): string {
  const body = locs.map((l) => `<sitemap><loc>${xmlEscape(l)}</loc></sitemap>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}
