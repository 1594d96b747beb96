import { eq } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { savedSearches } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { SAVED_SEARCH_MESSAGES } from '../../schemas/saved-search.ts';

/**
 * The one-click unsubscribe of an alert mail: turns that search's alerts off (the search
 * itself stays, its owner can switch them on again). No sign-in: the link's token is the
 * proof. Doing it twice is fine.
 */
export async function unsubscribeSavedSearch(options: { token: string }): Promise<{ name: string }> {
  const [row] = await db()
    .update(savedSearches)
    .set({ frequency: 'off' })
    .where(eq(savedSearches.unsubscribeToken, options.token))
    .returning({ name: savedSearches.name });
  if (!row) throw new AppError('NOT_FOUND', SAVED_SEARCH_MESSAGES.badToken);
  return row;
}

/** The search an unsubscribe link names (for its page), or undefined. Changes nothing. */
export async function findSearchByUnsubscribeToken(token: string) {
  const [row] = await db()
    .select({ name: savedSearches.name, frequency: savedSearches.frequency })
    .from(savedSearches)
    .where(eq(savedSearches.unsubscribeToken, token));
  return row;
}
