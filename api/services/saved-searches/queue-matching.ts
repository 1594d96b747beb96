import { enqueue } from '../../jobs/queue.ts';

/**
 * Asks for a matching run soon: an ad was just created or came back on offer. Called after
 * the ad's transaction commits, so the run sees it. The queue keeps at most one run waiting
 * (policy `stately`, one singletonKey), so a burst of new ads collapses into one run that
 * takes them all. A failure here only delays the alerts to the every-minute run: it is
 * logged, never turned into a failed request for an ad that is already saved.
 */
export async function requestSavedSearchMatching(): Promise<void> {
  try {
    await enqueue('saved-search-match', {}, { singletonKey: 'new-ads' });
  } catch (err) {
    console.error('[saved-searches] could not queue a matching run:', err instanceof Error ? err.message : err);
  }
}
