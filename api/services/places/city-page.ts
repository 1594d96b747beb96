import { and, eq, sql } from 'drizzle-orm';
import { AD_PAGE_SIZE } from '../../constants/limits.ts';
import { NEAR_RADIUS_DEFAULT_KM } from '../../constants/places.ts';
import { readDb } from '../../db/replicas.ts';
import { ads, places } from '../../db/schema/index.ts';
import { publicAdFilter } from '../ads/public-ad-filter.ts';
import { listCategoriesCached } from '../categories/list-categories.ts';
import { listAds } from '../search/list-ads.ts';
import { placeReadColumns } from './card-places.ts';
import { placeLabel } from './place-rows.ts';

/** A city page lists the ads within this distance of the place, as a near search does by default. */
export const CITY_RADIUS_KM = NEAR_RADIUS_DEFAULT_KM;

/** The place of a city page by its slug, or null. */
export async function findPlaceBySlug(slug: string) {
  const [p] = await readDb().select(placeReadColumns).from(places).where(eq(places.slug, slug)).limit(1);
  return p ? { ...p, label: placeLabel(p) } : null;
}

/**
 * A city page (/in/{place}, /in/{place}/{category}): the place, the chosen category, one page
 * of the ads within CITY_RADIUS_KM of it (newest first, each with its distance) and, per
 * category, how many there are; null when the place or the category is unknown.
 */
export async function getCityPage(options: { placeSlug: string; categorySlug?: string; page: number }) {
  const place = await findPlaceBySlug(options.placeSlug);
  if (!place) return null;
  const categories = await listCategoriesCached();
  const category = options.categorySlug ? categories.find((c) => c.slug === options.categorySlug) : undefined;
  if (options.categorySlug && !category) return null;
  const result = await listAds({
    page: options.page,
    limit: AD_PAGE_SIZE,
    category: category?.slug ?? '',
    near: { kind: 'place', id: place.id },
    radiusKm: CITY_RADIUS_KM,
    withCategoryCounts: true,
  });
  const counts = new Map((result.categoryCounts ?? []).map((c) => [c.slug, c]));
  return {
    place,
    category: category ? { name: category.name, slug: category.slug } : null,
    result,
    categories: categories
      .map((c) => ({ name: c.name, slug: c.slug, count: counts.get(c.slug)?.count ?? 0 }))
      .filter((c) => c.count > 0),
  };
}

/** The slugs of the places that public ads are at (the sitemap's city pages), biggest first. */
export async function listSitemapPlaces(limit = 10_000): Promise<string[]> {
  const rows = await readDb()
    .selectDistinct({ slug: places.slug, population: places.population })
    .from(ads)
    .innerJoin(places, eq(places.id, ads.placeId))
    .where(and(publicAdFilter(), sql`${ads.placeId} IS NOT NULL`))
    .orderBy(sql`${places.population} DESC`)
    .limit(limit);
  return rows.map((r) => r.slug);
}
