import { and, eq } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { savedSearches } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { SAVED_SEARCH_MESSAGES, type TSavedSearchUpdate } from '../../schemas/saved-search.ts';
import { findOwnSavedSearch } from './saved-search-view.ts';

/** PATCH /api/saved-searches/{id}: rename one of the caller's searches or change its alerts. */
export async function updateSavedSearch(options: { userId: number; id: number; input: TSavedSearchUpdate }) {
  const { userId, id, input } = options;
  const done = await db()
    .update(savedSearches)
    .set({ name: input.name, frequency: input.frequency })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  if (!done.length) throw new AppError('NOT_FOUND', SAVED_SEARCH_MESSAGES.notFound);
  return (await findOwnSavedSearch({ userId, id }))!;
}
