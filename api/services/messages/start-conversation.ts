import { and, eq, sql } from 'drizzle-orm';
import { VERIFICATION_TEXTS } from '../../constants/email-verification.ts';
import { MESSAGE_TEXTS } from '../../constants/messages.ts';
import type { TSessionUser } from '../../context.ts';
import { db } from '../../db/client.ts';
import { ads, conversations, userBlocks } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { recordIdempotentAnswer } from '../../lib/idempotency-claims.ts';
import { publicAdFilter } from '../ads/public-ad-filter.ts';
import { addMessage } from './add-message.ts';
import { conversationSummaries } from './conversation-view.ts';
import { publish } from './live-hub.ts';
import { blockBetween } from './send-refusal.ts';

/** The 403 an unverified buyer gets: messaging sellers needs a verified email address. */
export const VERIFY_TO_MESSAGE = VERIFICATION_TEXTS.toMessage;

/**
 * A buyer's message about an ad: starts the conversation (one per ad and buyer; asking again
 * adds to the one there is) and sends `text` in it. The answer is stored for Idempotency-Key
 * retries in the same transaction. Only a buyer whose email address is verified may start one
 * (403); replies in a conversation (sendMessage) need no verification.
 */
export async function startConversation(options: {
  user: TSessionUser;
  /** Counts a conversation that does not exist yet against the buyer's limit (the route's limiter). */
  countNewConversation: () => Promise<unknown>;
  /** Counts the message against the buyer's message limit, as sendMessage does. */
  countMessage: () => Promise<unknown>;
  adId: number;
  text: string;
  now?: Date;
}) {
  const { user, adId, text } = options;
  const now = options.now ?? new Date();
  // The session user is read from the database on every request, so this is current.
  if (!user.emailVerified) throw new AppError('FORBIDDEN', VERIFY_TO_MESSAGE);
  const [ad] = await db()
    .select({
      id: ads.id,
      userId: ads.userId,
      heading: ads.heading,
      status: ads.status,
      onOffer: sql<boolean>`${publicAdFilter()}`,
    })
    .from(ads)
    .where(eq(ads.id, adId))
    .limit(1);
  // An ad the public cannot see (under review, removed) does not exist for a buyer either.
  if (!ad || ad.status === 'pending' || ad.status === 'removed')
    throw new AppError('NOT_FOUND', MESSAGE_TEXTS.adNotFound);
  if (ad.userId === user.id) throw new AppError('BAD_REQUEST', MESSAGE_TEXTS.ownAd);
  // Sold, paused or expired: its page shows no message button; a new conversation is refused.
  if (!ad.onOffer) throw new AppError('CONFLICT', MESSAGE_TEXTS.adEnded);
  // Blocks are between people: a block on one ad's conversation covers every other ad of theirs.
  const [blocked] = await db()
    .select({ one: sql`1` })
    .from(userBlocks)
    .where(blockBetween(user.id, ad.userId))
    .limit(1);
  if (blocked) throw new AppError('FORBIDDEN', MESSAGE_TEXTS.blockedPerson);
  const existing = await findConversation(adId, user.id);
  if (!existing) await options.countNewConversation();
  await options.countMessage();

  const { body, notices } = await db().transaction(async (tx) => {
    await tx
      .insert(conversations)
      .values({
        adId,
        adHeading: ad.heading,
        buyerId: user.id,
        sellerId: ad.userId,
        createdAt: now,
        lastMessageAt: now,
      })
      .onConflictDoNothing({ target: [conversations.adId, conversations.buyerId] });
    const [row] = await tx
      .select()
      .from(conversations)
      .where(and(eq(conversations.adId, adId), eq(conversations.buyerId, user.id)))
      .for('update');
    if (!row) throw new Error('conversation vanished while being started');
    const { notices } = await addMessage(tx, row, user.id, text, now);
    const [conversation] = await conversationSummaries(tx, user.id, eq(conversations.id, row.id));
    const answer = { success: true as const, message: MESSAGE_TEXTS.started, conversation: conversation! };
    await recordIdempotentAnswer(tx, 201, answer);
    return { body: answer, notices };
  });
  await publish(notices);
  return body;
}

async function findConversation(adId: number, buyerId: number) {
  const [row] = await db()
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.adId, adId), eq(conversations.buyerId, buyerId)))
    .limit(1);
  return row;
}
