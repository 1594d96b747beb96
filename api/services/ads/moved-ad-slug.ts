import { eq } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { adSlugs, ads } from '../../db/schema/index.ts';

/**
 * The current slug of the ad that once had `slug` (docs/RULES.md, Slugs), or null when no ad
 * had it. The page and GET /api/ads-by-slug/{slug} answer such an old slug with 301.
 */
export async function movedAdSlug(slug: string): Promise<string | null> {
  const rows = await db()
    .select({ slug: ads.slug })
    .from(adSlugs)
    .innerJoin(ads, eq(ads.id, adSlugs.adId))
    .where(eq(adSlugs.slug, slug))
    .limit(1);
  return rows[0]?.slug ?? null;
}
