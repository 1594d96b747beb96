import { count, eq } from 'drizzle-orm';
import { generateToken } from '../../auth/session.ts';
import { NEAR_RADIUS_DEFAULT_KM } from '../../constants/places.ts';
import { MAX_SAVED_SEARCHES } from '../../constants/saved-searches.ts';
import { db } from '../../db/client.ts';
import { categories, savedSearches, users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { recordIdempotentAnswer } from '../../lib/idempotency-claims.ts';
import { formatNear } from '../../schemas/near.ts';
import { SAVED_SEARCH_MESSAGES, type TSavedSearchCreate } from '../../schemas/saved-search.ts';
import { resolveNear } from '../places/card-places.ts';
import { NEAR_UNKNOWN_PLACE } from '../search/list-ads.ts';
import { searchTerms, tsquery } from '../search/search-text.ts';
import { findOwnSavedSearch } from './saved-search-view.ts';
import { savedSearchSummary } from './summary.ts';

/**
 * POST /api/saved-searches. The words are stored as typed and as the tsquery the ad list
 * builds from them (searchTerms, tsquery), so matching later uses the list's own rules. The
 * cap is checked with the user's row locked, so two saves at once cannot both take the 50th
 * place; the answer is stored with the row for an Idempotency-Key retry.
 */
export async function createSavedSearch(options: { userId: number; input: TSavedSearchCreate }) {
  const { userId, input } = options;
  let category: { id: number; name: string } | undefined;
  if (input.category) {
    [category] = await db()
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(eq(categories.slug, input.category));
    if (!category) throw new AppError('BAD_REQUEST', SAVED_SEARCH_MESSAGES.category);
  }
  const center = input.near ? await resolveNear(input.near) : undefined;
  if (input.near && !center) throw new AppError('BAD_REQUEST', NEAR_UNKNOWN_PLACE);
  const terms = searchTerms(input.search);
  const name =
    input.name ??
    savedSearchSummary({
      search: input.search,
      categoryName: category?.name,
      minPrice: input.minPrice,
      maxPrice: input.maxPrice,
      nearLabel: center ? (center.place?.label ?? 'your location') : undefined,
    }).slice(0, 120);

  return db().transaction(async (tx) => {
    // FOR NO KEY UPDATE conflicts with itself only: sign-ins and other writes naming the user
    // (foreign keys take key-share locks) do not wait for it.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    const [{ n }] = await tx.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId));
    if (Number(n) >= MAX_SAVED_SEARCHES) throw new AppError('CONFLICT', SAVED_SEARCH_MESSAGES.cap(MAX_SAVED_SEARCHES));
    const [row] = await tx
      .insert(savedSearches)
      .values({
        userId,
        name,
        search: input.search,
        query: terms.length ? tsquery(terms, { keyed: true }) : null,
        categoryId: category?.id ?? null,
        minPrice: input.minPrice ?? null,
        maxPrice: input.maxPrice ?? null,
        sort: input.sort,
        ...(input.near && center
          ? {
              near: formatNear(input.near),
              nearLat: center.lat,
              nearLon: center.lon,
              radiusKm: input.radiusKm ?? NEAR_RADIUS_DEFAULT_KM,
            }
          : {}),
        frequency: input.frequency,
        unsubscribeToken: generateToken(),
      })
      .returning({ id: savedSearches.id });
    const savedSearch = (await findOwnSavedSearch({ userId, id: row.id, q: tx }))!;
    const answer = { success: true as const, message: SAVED_SEARCH_MESSAGES.created, savedSearch };
    await recordIdempotentAnswer(tx, 201, answer);
    return answer;
  });
}
