import { and, eq, inArray } from 'drizzle-orm';
import { generateToken } from '../../api/auth/session.ts';
import type { Tx } from '../../api/db/client.ts';
import { categories, places, savedSearches } from '../../api/db/schema/index.ts';
import { searchTerms, tsquery } from '../../api/services/search/search-text.ts';

/**
 * Three demo saved searches, so the Saved Searches screen and the alert jobs have something on
 * a fresh site: Emma watches bikes in Sports up to $800 (instant alerts), Liam watches sofas
 * (a daily digest) and anything within 50 km of Denver (a near search). Written as the create
 * service would store them.
 */
export async function seedDemoSavedSearches(tx: Tx, people: { emma: number; liam: number }) {
  const cats = await tx
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(inArray(categories.slug, ['sports', 'furniture']));
  const idOf = (slug: string) => cats.find((c) => c.slug === slug)?.id ?? null;
  const row = (userId: number, name: string, search: string, extra: Partial<typeof savedSearches.$inferInsert>) => ({
    userId,
    name,
    search,
    query: tsquery(searchTerms(search)),
    unsubscribeToken: generateToken(),
    ...extra,
  });
  await tx.insert(savedSearches).values([
    row(people.emma, '“bike” in Sports, up to $800', 'bike', {
      categoryId: idOf('sports'),
      maxPrice: 800,
      frequency: 'instant',
    }),
    row(people.liam, '“sofa” in Furniture', 'sofa', { categoryId: idOf('furniture'), frequency: 'daily' }),
  ]);
  // The gazetteer is loaded by the migrations, before the demo content.
  const [denver] = await tx
    .select({ id: places.id, lat: places.latitude, lon: places.longitude })
    .from(places)
    .where(and(eq(places.name, 'Denver'), eq(places.regionCode, 'CO')))
    .orderBy(places.id)
    .limit(1);
  if (denver)
    await tx.insert(savedSearches).values(
      row(people.liam, 'All ads, near Denver, Colorado, US', '', {
        query: null,
        near: String(denver.id),
        nearLat: denver.lat,
        nearLon: denver.lon,
        radiusKm: 50,
        frequency: 'instant',
      }),
    );
}
