import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reviews } from '../../db/schema/index.ts';
import type { TConversationRow } from '../messages/load-conversation.ts';
import { bothWrote } from './create-review.ts';
import { reviewView, selectReviews } from './review-view.ts';

/**
 * What a thread shows about its review: the review (unless a moderator removed it), and
 * whether the viewer may write one now (they are its buyer, both sides wrote, none exists).
 */
export async function conversationReview(options: {
  q: Db;
  row: TConversationRow;
  viewerId: number;
  readOnly: boolean;
}) {
  const { q, row, viewerId, readOnly } = options;
  const [existing] = await q
    .select({ id: reviews.id, removedAt: reviews.removedAt })
    .from(reviews)
    .where(eq(reviews.conversationId, row.id));
  const [shown] = existing && !existing.removedAt ? await selectReviews(q, eq(reviews.id, existing.id)) : [];
  const eligible = !readOnly && !existing && row.buyerId === viewerId && (await bothWrote(q, row));
  return { eligible, review: shown ? reviewView(shown) : null };
}
