import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { ads, conversations, messages, userBlocks, users } from '../../db/schema/index.ts';
import { sendRefusal } from './send-refusal.ts';

export const DELETED_USER = 'Deleted user';

/** One conversation as its participant sees it (api/schemas/responses/messages.ts). */
export type TConversationSummary = {
  id: number;
  ad: {
    id: number | null;
    heading: string;
    slug: string | null;
    image: string | null;
    price: number | null;
    removed: boolean;
  };
  other: { id: number | null; name: string };
  role: 'buyer' | 'seller';
  lastMessage: { text: string; createdAt: string; fromMe: boolean } | null;
  unread: number;
  blocked: boolean;
  blockedByMe: boolean;
  /** Why this participant cannot write here now (a block, a suspended account, a removed ad); null when they can. */
  sendBlocked: string | null;
  updatedAt: string;
};

export type TMessageView = { id: number; text: string; senderId: number | null; createdAt: string; mine: boolean };

/** Which side `userId` is on (an admin reading a reported conversation sees the seller's side). */
const isBuyer = (userId: number) => sql<boolean>`${conversations.buyerId} = ${userId}`;

/**
 * The summaries of the conversations matching `where`, as `userId` sees them, newest activity
 * first. The last message and the unread count come from the (conversation, id) index.
 */
export async function conversationSummaries(
  q: Db | Tx,
  userId: number,
  where: SQL | undefined,
  page?: { limit: number; offset: number },
): Promise<TConversationSummary[]> {
  const other = sql`CASE WHEN ${isBuyer(userId)} THEN ${conversations.sellerId} ELSE ${conversations.buyerId} END`;
  const myReadId = sql`CASE WHEN ${isBuyer(userId)} THEN ${conversations.buyerReadId} ELSE ${conversations.sellerReadId} END`;
  const query = q
    .select({
      id: conversations.id,
      adId: conversations.adId,
      adHeading: conversations.adHeading,
      slug: ads.slug,
      image: ads.image,
      price: ads.price,
      buyerId: conversations.buyerId,
      otherId: users.id,
      otherName: users.name,
      adStatus: ads.status,
      otherBannedAt: users.bannedAt,
      sellerId: conversations.sellerId,
      blockedByMe: sql<boolean>`EXISTS (SELECT 1 FROM ${userBlocks} b WHERE b.blocker_id = ${userId} AND b.blocked_id = ${other})`,
      blockedByThem: sql<boolean>`EXISTS (SELECT 1 FROM ${userBlocks} b WHERE b.blocker_id = ${other} AND b.blocked_id = ${userId})`,
      lastMessageAt: conversations.lastMessageAt,
      last: sql<{ text: string; created_at: string; sender_id: number } | null>`(
        SELECT json_build_object('text', m.text, 'created_at', m.created_at, 'sender_id', m.sender_id)
        FROM ${messages} m WHERE m.conversation_id = ${conversations.id} ORDER BY m.id DESC LIMIT 1)`,
      unread: sql<number>`(
        SELECT count(*)::int FROM ${messages} m
        WHERE m.conversation_id = ${conversations.id} AND m.id > ${myReadId} AND m.sender_id <> ${userId})`,
    })
    .from(conversations)
    .leftJoin(ads, eq(ads.id, conversations.adId))
    .leftJoin(users, sql`${users.id} = ${other}`)
    .where(where)
    .orderBy(sql`${conversations.lastMessageAt} DESC`, sql`${conversations.id} DESC`);
  const rows = await (page ? query.limit(page.limit).offset(page.offset) : query);
  return rows.map((r) => {
    const last = typeof r.last === 'string' ? (JSON.parse(r.last) as typeof r.last) : r.last;
    return {
      id: r.id,
      ad: {
        id: r.adId,
        heading: r.adHeading,
        slug: r.slug,
        image: r.image,
        price: r.price === null ? null : Number(r.price),
        removed: r.adId === null,
      },
      other: { id: r.otherId, name: r.otherName ?? DELETED_USER },
      role: r.buyerId === userId ? 'buyer' : 'seller',
      lastMessage: last
        ? { text: last.text, createdAt: new Date(last.created_at).toISOString(), fromMe: last.sender_id === userId }
        : null,
      unread: Number(r.unread),
      blocked: Boolean(r.blockedByMe) || Boolean(r.blockedByThem),
      blockedByMe: Boolean(r.blockedByMe),
      sendBlocked: sendRefusal({
        blockedByMe: Boolean(r.blockedByMe),
        blockedByThem: Boolean(r.blockedByThem),
        otherBanned: r.otherBannedAt !== null,
        ownRemovedAd: r.sellerId === userId && r.adStatus === 'removed',
      }),
      updatedAt: new Date(r.lastMessageAt).toISOString(),
    };
  });
}

/** Conversations `userId` takes part in, optionally about one ad. */
export function participantOf(userId: number, adId?: number): SQL {
  const mine = sql`(${conversations.buyerId} = ${userId} OR ${conversations.sellerId} = ${userId})`;
  return adId === undefined ? mine : (and(mine, eq(conversations.adId, adId)) as SQL);
}

export function messageView(
  m: { id: number; text: string; senderId: number | null; createdAt: Date | string },
  viewerId: number,
): TMessageView {
  return {
    id: m.id,
    text: m.text,
    senderId: m.senderId,
    createdAt: new Date(m.createdAt).toISOString(),
    mine: m.senderId === viewerId,
  };
}
