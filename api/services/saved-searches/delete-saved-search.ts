import { and, eq } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { savedSearches } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { SAVED_SEARCH_MESSAGES } from '../../schemas/saved-search.ts';

/** DELETE /api/saved-searches/{id}: its matches go with it (foreign key cascade). */
export async function deleteSavedSearch(options: { userId: number; id: number }) {
  const done = await db()
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, options.id), eq(savedSearches.userId, options.userId)))
    .returning({ id: savedSearches.id });
  if (!done.length) throw new AppError('NOT_FOUND', SAVED_SEARCH_MESSAGES.notFound);
}
