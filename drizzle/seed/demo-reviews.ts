import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../api/db/client.ts';
import { conversations, messages, reviews } from '../../api/db/schema/index.ts';

const DAY = 24 * 3600 * 1000;

/** The demo's reviews: [stars, text, the seller's answer or null], newest conversation first. */
const OF_EMMA = [
  [
    5,
    'Exactly as described, and Emma had it ready when I arrived. Would buy from her again.',
    'Thank you, Liam! Enjoy it.',
  ],
  [4, 'Fair price after a short chat. Pick-up took a little longer than planned.', null],
  [5, '', null],
] as const;
const OF_LIAM = [4, 'Quick answers and extra photos on request.', null] as const;

/**
 * Reviews on a fresh site, so the seller pages show some (docs/RULES.md, Reviews): Liam
 * reviewed Emma after three of his answered conversations with her, and she answered the
 * newest; Emma reviewed Liam after hers. Only conversations in which both wrote are reviewed,
 * each a little after its last message.
 */
export async function seedDemoReviews(tx: Tx, people: { emma: number; liam: number }) {
  const answered = async (sellerId: number, buyerId: number) =>
    tx
      .select({ id: conversations.id, last: conversations.lastMessageAt })
      .from(conversations)
      .where(
        and(
          eq(conversations.sellerId, sellerId),
          eq(conversations.buyerId, buyerId),
          sql`EXISTS (SELECT 1 FROM ${messages} WHERE ${messages.conversationId} = ${conversations.id} AND ${messages.senderId} = ${sellerId})`,
        ),
      )
      .orderBy(desc(conversations.createdAt));
  const rows = [
    ...(await answered(people.emma, people.liam))
      .slice(0, OF_EMMA.length)
      .map((c, i) => ({ c, seller: people.emma, buyer: people.liam, review: OF_EMMA[i]! })),
    ...(await answered(people.liam, people.emma))
      .slice(0, 1)
      .map((c) => ({ c, seller: people.liam, buyer: people.emma, review: OF_LIAM })),
  ];
  for (const { c, seller, buyer, review } of rows) {
    const [rating, text, reply] = review;
    const createdAt = new Date(Math.min(Date.now(), c.last.getTime() + DAY / 2));
    await tx.insert(reviews).values({
      conversationId: c.id,
      sellerId: seller,
      buyerId: buyer,
      rating,
      text,
      reply,
      repliedAt: reply ? new Date(Math.min(Date.now(), createdAt.getTime() + DAY / 4)) : null,
      createdAt,
      updatedAt: createdAt,
    });
  }
}
