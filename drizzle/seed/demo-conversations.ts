import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../api/db/client.ts';
import { ads, conversations, messages } from '../../api/db/schema/index.ts';

const MINUTE = 60_000;

/**
 * Two demo conversations, so the inbox shows something on a fresh site: Liam asks Emma about
 * one of her ads and they agree on a time (read on both sides); Emma asks Liam about one of
 * his, and his answer is still unread for her. Written straight to the tables (no mails).
 */
export async function seedDemoConversations(tx: Tx, people: { emma: number; liam: number }, now = Date.now()) {
  const firstAdOf = async (userId: number) =>
    (
      await tx
        .select({ id: ads.id, heading: ads.heading })
        .from(ads)
        .where(eq(ads.userId, userId))
        .orderBy(asc(ads.id))
        .limit(1)
    )[0];
  const emmasAd = await firstAdOf(people.emma);
  const liamsAd = await firstAdOf(people.liam);
  if (!emmasAd || !liamsAd) return;
  const threads = [
    {
      ad: emmasAd,
      buyer: people.liam,
      seller: people.emma,
      lines: [
        [people.liam, 'Hi, is this still available?'],
        [people.emma, 'Hi Liam, yes it is. Would you like to see it?'],
        [people.liam, 'Great! Could I come by on Saturday morning?'],
        [people.emma, 'Saturday at 10 works. See you then.'],
      ],
      readByBoth: true,
    },
    {
      ad: liamsAd,
      buyer: people.emma,
      seller: people.liam,
      lines: [
        [people.emma, 'Hi, is this still available?'],
        [people.liam, 'Yes! I can also send more photos if you like: https://example.org/photos'],
      ],
      readByBoth: false,
    },
  ] as const;
  for (const [t, thread] of threads.entries()) {
    const start = now - (threads.length - t) * 90 * MINUTE;
    const at = (i: number) => new Date(start + i * 7 * MINUTE);
    const [row] = await tx
      .insert(conversations)
      .values({
        adId: thread.ad.id,
        adHeading: thread.ad.heading,
        buyerId: thread.buyer,
        sellerId: thread.seller,
        createdAt: at(0),
        lastMessageAt: at(thread.lines.length - 1),
      })
      .returning({ id: conversations.id });
    if (!row) continue;
    const sent = await tx
      .insert(messages)
      .values(thread.lines.map(([senderId, text], i) => ({ conversationId: row.id, senderId, text, createdAt: at(i) })))
      .returning({ id: messages.id, senderId: messages.senderId });
    const last = sent.at(-1)?.id ?? 0;
    // Each side has read up to its own last message; in the first thread, everything.
    const lastBy = (userId: number) => Math.max(0, ...sent.filter((m) => m.senderId === userId).map((m) => m.id));
    await tx
      .update(conversations)
      .set({
        buyerReadId: thread.readByBoth ? last : lastBy(thread.buyer),
        sellerReadId: thread.readByBoth ? last : lastBy(thread.seller),
      })
      .where(eq(conversations.id, row.id));
  }
}

/**
 * Older questions from Liam about Emma's other ads, so her seller facts have something to show
 * (SellerFacts.astro): answered after 25 minutes, 40 minutes and 2 hours, and one never
 * answered. With the thread above she answers 80% of first messages, usually within 25 minutes.
 */
export async function seedDemoResponseHistory(tx: Tx, people: { emma: number; liam: number }, now = Date.now()) {
  const emmasAds = await tx
    .select({ id: ads.id, heading: ads.heading })
    .from(ads)
    .where(eq(ads.userId, people.emma))
    .orderBy(asc(ads.id))
    .offset(1)
    .limit(4);
  const DAY = 24 * 60 * MINUTE;
  const history = [
    { daysAgo: 4, answerAfter: 25 * MINUTE },
    { daysAgo: 15, answerAfter: 120 * MINUTE },
    { daysAgo: 33, answerAfter: 40 * MINUTE },
    { daysAgo: 61, answerAfter: null },
  ];
  for (const [i, ad] of emmasAds.entries()) {
    const { daysAgo, answerAfter } = history[i] as (typeof history)[number];
    const asked = new Date(now - daysAgo * DAY);
    const answered = answerAfter === null ? null : new Date(asked.getTime() + answerAfter);
    const [row] = await tx
      .insert(conversations)
      .values({
        adId: ad.id,
        adHeading: ad.heading,
        buyerId: people.liam,
        sellerId: people.emma,
        createdAt: asked,
        lastMessageAt: answered ?? asked,
      })
      .returning({ id: conversations.id });
    if (!row) continue;
    const lines = [
      { conversationId: row.id, senderId: people.liam, text: 'Hello, is the price negotiable?', createdAt: asked },
    ];
    if (answered) {
      lines.push({
        conversationId: row.id,
        senderId: people.emma,
        text: 'A little, make me an offer.',
        createdAt: answered,
      });
    }
    const sent = await tx.insert(messages).values(lines).returning({ id: messages.id });
    const last = sent.at(-1)?.id ?? 0;
    await tx.update(conversations).set({ buyerReadId: last, sellerReadId: last }).where(eq(conversations.id, row.id));
  }
}
