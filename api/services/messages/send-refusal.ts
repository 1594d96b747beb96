import { and, eq, or, sql } from 'drizzle-orm';
import { MESSAGE_TEXTS } from '../../constants/messages.ts';
import type { Db, Tx } from '../../db/client.ts';
import { ads, userBlocks, users } from '../../db/schema/index.ts';
import { rowsOf } from '../../lib/rows-of.ts';
import type { TConversationRow } from './load-conversation.ts';

/** Whether either of two people has blocked the other (a block covers every ad between them). */
export function blockBetween(a: number, b: number) {
  return or(
    and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)),
    and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a)),
  );
}

/** The facts that decide whether one side of a conversation may write to the other. */
export type TSendFacts = {
  blockedByMe: boolean;
  blockedByThem: boolean;
  /** The other person's account is suspended. */
  otherBanned: boolean;
  /** The writer owns the ad and a moderator removed it. */
  ownRemovedAd: boolean;
};

/**
 * Why `facts` forbid sending a message, as the sentence the sender is shown; null when they
 * may send. The same sentence answers the API's 403 and stands in for the composer.
 */
export function sendRefusal(facts: TSendFacts): string | null {
  if (facts.blockedByMe) return MESSAGE_TEXTS.youBlocked;
  if (facts.blockedByThem) return MESSAGE_TEXTS.blocked;
  if (facts.otherBanned) return MESSAGE_TEXTS.recipientBanned;
  if (facts.ownRemovedAd) return MESSAGE_TEXTS.adRemovedOwner;
  return null;
}

/** The send facts of conversation `row` for the participant `senderId`, read inside `q` (the send's transaction). */
export async function sendFacts(q: Db | Tx, row: TConversationRow, senderId: number): Promise<TSendFacts> {
  const otherId = (row.buyerId === senderId ? row.sellerId : row.buyerId) ?? 0;
  const ownRemovedAd =
    row.sellerId === senderId && row.adId !== null
      ? sql`EXISTS (SELECT 1 FROM ${ads} WHERE ${ads.id} = ${row.adId} AND ${ads.status} = 'removed')`
      : sql`false`;
  const result = await q.execute(sql`
    SELECT EXISTS (SELECT 1 FROM ${userBlocks} WHERE ${userBlocks.blockerId} = ${senderId} AND ${userBlocks.blockedId} = ${otherId}) AS "blockedByMe",
           EXISTS (SELECT 1 FROM ${userBlocks} WHERE ${userBlocks.blockerId} = ${otherId} AND ${userBlocks.blockedId} = ${senderId}) AS "blockedByThem",
           EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${otherId} AND ${users.bannedAt} IS NOT NULL) AS "otherBanned",
           ${ownRemovedAd} AS "ownRemovedAd"`);
  const [facts] = rowsOf<TSendFacts>(result);
  return {
    blockedByMe: Boolean(facts?.blockedByMe),
    blockedByThem: Boolean(facts?.blockedByThem),
    otherBanned: Boolean(facts?.otherBanned),
    ownRemovedAd: Boolean(facts?.ownRemovedAd),
  };
}
