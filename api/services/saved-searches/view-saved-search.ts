import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { ads, categories, savedSearches, savedSearchMatches } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { SAVED_SEARCH_MESSAGES } from '../../schemas/saved-search.ts';
import { adCardColumns, toAdCard } from '../ads/ad-cards.ts';
import { publicAdFilter } from '../ads/public-ad-filter.ts';
import { findOwnSavedSearch } from './saved-search-view.ts';

/** The new ads an opened search lists; the rest are in its full results (the home page link). */
const NEW_ADS_SHOWN = 20;

/**
 * POST /api/saved-searches/{id}/view: its owner opens it. Answers what was new since the
 * previous visit (the count, and those ads still on offer), then marks it seen now, in one
 * transaction with the row locked so two tabs opening it at once both see a consistent count.
 */
export async function viewSavedSearch(options: { userId: number; id: number }) {
  const { userId, id } = options;
  return db().transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: savedSearches.id })
      .from(savedSearches)
      .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
      .for('update');
    if (!locked) throw new AppError('NOT_FOUND', SAVED_SEARCH_MESSAGES.notFound);
    const before = (await findOwnSavedSearch({ userId, id, q: tx }))!;
    const since = sql`coalesce(${savedSearches.lastViewedAt}, ${savedSearches.createdAt})`;
    const rows = await tx
      .select(adCardColumns)
      .from(savedSearchMatches)
      .innerJoin(savedSearches, eq(savedSearches.id, savedSearchMatches.savedSearchId))
      .innerJoin(ads, eq(ads.id, savedSearchMatches.adId))
      .innerJoin(categories, eq(categories.id, ads.categoryId))
      .where(and(eq(savedSearchMatches.savedSearchId, id), gt(savedSearchMatches.matchedAt, since), publicAdFilter()))
      .orderBy(desc(ads.publishedAt), desc(ads.id))
      .limit(NEW_ADS_SHOWN);
    await tx.update(savedSearches).set({ lastViewedAt: sql`now()` }).where(eq(savedSearches.id, id));
    const savedSearch = (await findOwnSavedSearch({ userId, id, q: tx }))!;
    return { savedSearch, newCount: before.newCount, newAds: rows.map(toAdCard) };
  });
}
