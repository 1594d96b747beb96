import { eq } from 'drizzle-orm';
import { savedSearches } from '../../db/schema/index.ts';
import { selectSavedSearches } from './saved-search-view.ts';

/** The caller's saved searches, oldest first, each with its count of new finds. */
export function listSavedSearches(options: { userId: number }) {
  return selectSavedSearches(eq(savedSearches.userId, options.userId));
}
