import type { Tx } from '../../db/client.ts';
import { enqueue } from '../../jobs/queue.ts';

/**
 * Queues the fraud check of an ad inside the transaction that saved it: the check exists if
 * and only if the ad does, and posting never waits for it (docs/MODERATION.md, Fraud signals).
 * One waiting check per ad: edits in quick succession collapse into one run, which reads the
 * ad as it is by then.
 */
export async function queueFraudCheck(options: { tx: Tx; adId: number }): Promise<void> {
  const { tx, adId } = options;
  await enqueue('fraud-check', { adId }, { tx, singletonKey: `ad:${adId}` });
}
