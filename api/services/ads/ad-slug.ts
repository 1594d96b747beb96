import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { adSlugs, ads } from '../../db/schema/index.ts';
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
 * A slug another ad had before (ad_slugs) is not free: its old links must keep leading there.
 * slugify() leaves only [a-z0-9_-], so the base is safe inside the regular expression.
 */
export async function nextFreeSlug(q: Db | Tx, base: string, exceptId?: number): Promise<string> {
  // `base` or `base-N` in a slug column, not counting the rows of the ad `exceptId`.
  const family = (slug: PgColumn, owner: PgColumn) =>
    and(or(eq(slug, base), sql`${slug} ~ ${`^${base}-[0-9]+$`}`), exceptId ? ne(owner, exceptId) : undefined);
  const rows = await q.select({ slug: ads.slug }).from(ads).where(family(ads.slug, ads.id));
  const held = await q.select({ slug: adSlugs.slug }).from(adSlugs).where(family(adSlugs.slug, adSlugs.adId));
  const taken = new Set([...rows, ...held].map((r) => r.slug));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}

/**
 * Keeps the ad's old slug in its history when the slug changes (docs/RULES.md, Slugs); a slug
 * the ad takes back leaves the history, so it is never both current and old.
 */
export async function recordSlugChange(tx: Tx, adId: number, oldSlug: string, newSlug: string): Promise<void> {
  if (oldSlug === newSlug) return;
  await tx.delete(adSlugs).where(and(eq(adSlugs.slug, newSlug), eq(adSlugs.adId, adId)));
  await tx.insert(adSlugs).values({ slug: oldSlug, adId }).onConflictDoNothing();
}
