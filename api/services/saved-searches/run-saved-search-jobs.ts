import { matchSavedSearches } from './match-saved-searches.ts';
import { sendSavedSearchAlerts } from './send-alerts.ts';

/** Queue `saved-search-match`: match what is new, then mail the instant searches' finds. */
export async function runSavedSearchMatching() {
  const { ads, matches } = await matchSavedSearches();
  const mails = await sendSavedSearchAlerts('instant');
  if (matches || mails) console.info(`[saved-searches] ${ads} ads checked, ${matches} matches, ${mails} alerts queued`);
  return { ads, matches, mails };
}

/**
 * Queue `saved-search-digest` (daily): match first, so the digest has everything up to now,
 * then one mail per daily search with new finds.
 */
export async function runSavedSearchDigest() {
  await matchSavedSearches();
  const mails = await sendSavedSearchAlerts('daily');
  if (mails) console.info(`[saved-searches] ${mails} daily digests queued`);
  return { mails };
}
