import { sql } from 'drizzle-orm';
import { readDb } from '../../db/replicas.ts';
import { rowsOf } from '../../lib/rows-of.ts';

/** The window a seller's response facts are read over. */
export const RESPONSE_WINDOW_DAYS = 90;
/** A first message counts as answered when the seller wrote back within this long. */
export const ANSWERED_WITHIN_HOURS = 48;
/** Fewer conversations than this say too little: no rate or time is shown for them. */
export const MIN_CONVERSATIONS = 3;

/** One conversation's first message to the seller, and the seller's first answer after it. */
export type TThread = { askedAt: Date; answeredAt: Date | null };

export type TResponseFacts = {
  /** Conversations started with the seller in the window. */
  conversations: number;
  /** Share (0–1) of them whose first message the seller answered within 48 hours; null below the minimum. */
  responseRate: number | null;
  /** Median minutes to those answers; null below the minimum or with none answered. */
  responseMinutes: number | null;
};

/**
 * A seller's response facts from their conversations (pure): the share of first messages
 * answered within ANSWERED_WITHIN_HOURS, and the median time to those answers (the lower
 * middle of an even count, whole minutes). An answer later than that, or none, counts as
 * unanswered. Below MIN_CONVERSATIONS neither is given.
 */
export function responseFacts(threads: TThread[]): TResponseFacts {
  const conversations = threads.length;
  if (conversations < MIN_CONVERSATIONS) return { conversations, responseRate: null, responseMinutes: null };
  const limit = ANSWERED_WITHIN_HOURS * 3_600_000;
  const delays = threads
    .map((t) => (t.answeredAt ? t.answeredAt.getTime() - t.askedAt.getTime() : Number.POSITIVE_INFINITY))
    .filter((ms) => ms >= 0 && ms <= limit)
    .sort((a, b) => a - b);
  const median = delays.length ? (delays[Math.floor((delays.length - 1) / 2)] as number) : null;
  return {
    conversations,
    responseRate: delays.length / conversations,
    responseMinutes: median === null ? null : Math.round(median / 60_000),
  };
}

export type TSellerFacts = TResponseFacts & { emailVerified: boolean; memberSince: string; soldCount: number };

/**
 * What a buyer may know about a seller before meeting them: member since, ads sold, whether
 * their email is verified, and how they answer (responseFacts over the conversations
 * buyers started with them in the last RESPONSE_WINDOW_DAYS days).
 */
export async function getSellerFacts(sellerId: number): Promise<TSellerFacts> {
  const [row] = rowsOf<{ verified: boolean | null; since: string | Date | null; sold: number; threads: string }>(
    await readDb().execute(sql`
      WITH asked AS (
        SELECT c.id, c.seller_id, min(m.created_at) AS asked_at
        FROM conversations c JOIN messages m ON m.conversation_id = c.id AND m.sender_id = c.buyer_id
        WHERE c.seller_id = ${sellerId} AND c.created_at > now() - make_interval(days => ${RESPONSE_WINDOW_DAYS})
        GROUP BY c.id, c.seller_id
      ), answered AS (
        SELECT a.asked_at, (SELECT min(m.created_at) FROM messages m
          WHERE m.conversation_id = a.id AND m.sender_id = a.seller_id AND m.created_at >= a.asked_at) AS answered_at
        FROM asked a
      )
      SELECT (SELECT u.email_verified_at IS NOT NULL FROM users u WHERE u.id = ${sellerId}) AS verified,
             (SELECT u.created_at FROM users u WHERE u.id = ${sellerId}) AS since,
             (SELECT count(*)::int FROM ads sold WHERE sold.user_id = ${sellerId} AND sold.status = 'sold') AS sold,
             coalesce((SELECT json_agg(json_build_array(
               extract(epoch FROM asked_at) * 1000, extract(epoch FROM answered_at) * 1000)) FROM answered), '[]')::text AS threads`),
  );
  const threads = (JSON.parse(row?.threads ?? '[]') as [number, number | null][]).map(([asked, answered]) => ({
    askedAt: new Date(asked),
    answeredAt: answered === null ? null : new Date(answered),
  }));
  const verified = Boolean(row?.verified);
  return {
    ...responseFacts(threads),
    emailVerified: verified,
    memberSince: new Date(row?.since ?? Date.now()).toISOString(),
    soldCount: Number(row?.sold ?? 0),
  };
}
