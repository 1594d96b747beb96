import { and, eq, gt, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { conversations, messages, users } from '../../db/schema/index.ts';
import { enqueue } from '../../jobs/queue.ts';
import { queueMail } from '../../mail/queue-mail.ts';
import { newMessageMail } from './message-mail.ts';

/**
 * Queue `verified-mail`, once a user's address is verified: the mail that waited for it goes
 * out. For each conversation with messages the user has not read, one "New message" mail about
 * the newest of them (if they want message mails and were not mailed about it already); and a
 * run of the saved-search alerts, whose matches for this user waited unclaimed.
 */
export async function releaseHeldMail({ userId }: { userId: number }): Promise<{ messages: number }> {
  const [user] = await db()
    .select({ name: users.name, email: users.email, messageMails: users.messageMails })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.emailVerifiedAt), isNull(users.bannedAt)));
  if (!user) return { messages: 0 };
  let mailed = 0;
  if (user.messageMails) {
    const isBuyer = sql`${conversations.buyerId} = ${userId}`;
    const myReadId = sql`CASE WHEN ${isBuyer} THEN ${conversations.buyerReadId} ELSE ${conversations.sellerReadId} END`;
    const myMailedAt = sql`CASE WHEN ${isBuyer} THEN ${conversations.buyerMailedAt} ELSE ${conversations.sellerMailedAt} END`;
    const waiting = await db()
      .select({
        id: conversations.id,
        buyerId: conversations.buyerId,
        adHeading: conversations.adHeading,
        newest: sql<number>`max(${messages.id})`,
      })
      .from(conversations)
      .innerJoin(messages, eq(messages.conversationId, conversations.id))
      .where(
        and(
          or(eq(conversations.buyerId, userId), eq(conversations.sellerId, userId)),
          ne(messages.senderId, userId),
          gt(messages.id, myReadId),
          sql`${myMailedAt} IS NULL`,
        ),
      )
      .groupBy(conversations.id);
    for (const c of waiting) {
      const done = await db().transaction(async (tx) => {
        const [m] = await tx
          .select({ text: messages.text, sender: users.name })
          .from(messages)
          .leftJoin(users, eq(users.id, messages.senderId))
          .where(eq(messages.id, Number(c.newest)));
        if (!m) return false;
        const buyer = c.buyerId === userId;
        // Marked first, if no other run or a live message mailed it meanwhile.
        const marked = await tx
          .update(conversations)
          .set(buyer ? { buyerMailedAt: new Date() } : { sellerMailedAt: new Date() })
          .where(
            and(
              eq(conversations.id, c.id),
              buyer ? isNull(conversations.buyerMailedAt) : isNull(conversations.sellerMailedAt),
            ),
          )
          .returning({ id: conversations.id });
        if (!marked.length) return false;
        await queueMail(
          newMessageMail({
            to: user.email,
            recipientName: user.name,
            senderName: m.sender,
            adHeading: c.adHeading,
            conversationId: c.id,
            text: m.text,
          }),
          { tx },
        );
        return true;
      });
      if (done) mailed += 1;
    }
  }
  // The instant alerts that waited go out with the next matching run (one waits at most).
  await enqueue('saved-search-match', {});
  return { messages: mailed };
}
