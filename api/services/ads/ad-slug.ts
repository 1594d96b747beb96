import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { ads } from '../../db/schema/index.ts';
import { slugify } from '../../lib/slug.ts';

/** The slug stem of a heading (docs/RULES.md, Slugs); 'ad' when nothing is left of it. */
export function slugBase(heading: string): string {
  return slugify(heading).slice(0, 150).replace(/-+$/, '') || 'ad';
}

/** True when `slug` is `base` or `base-N` (so an unchanged heading keeps its slug). */
export function slugMatchesBase(slug: string, base: string): boolean {
  return slug === base || new RegExp(`^${base}-\\d+$`).test(slug);
}

/**
 * The first free slug of `base`, `base-2`, `base-3`, … (the ad `exceptId` does not count).
 * slugify() leaves only [a-z0-9_-], so the base is safe inside the regular expression.
 */
export async function nextFreeSlug(q: Db | Tx, base: string, exceptId?: number): Promise<string> {
  const rows = await q
    .select({ slug: ads.slug })
    .from(ads)
    .where(
      and(
        or(eq(ads.slug, base), sql`${ads.slug} ~ ${`^${base}-[0-9]+$`}`),
        exceptId ? ne(ads.id, exceptId) : undefined,
      ),
    );
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}
