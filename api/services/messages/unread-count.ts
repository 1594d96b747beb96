import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { db } from '../../db/client.ts';

/** Messages from others that `userId` has not read, over all their conversations. */
export async function unreadCount(userId: number, q: Db | Tx = db()): Promise<number> {
  const rows = (await q.execute(sql`
    SELECT (
      SELECT count(*) FROM conversations c JOIN messages m ON m.conversation_id = c.id
      WHERE c.buyer_id = ${userId} AND m.id > c.buyer_read_id AND m.sender_id <> ${userId}
    ) + (
      SELECT count(*) FROM conversations c JOIN messages m ON m.conversation_id = c.id
      WHERE c.seller_id = ${userId} AND m.id > c.seller_read_id AND m.sender_id <> ${userId}
    ) AS n`)) as unknown as { n: number | string }[] | { rows: { n: number | string }[] };
  const list = Array.isArray(rows) ? rows : rows.rows;
  return Number(list[0]?.n ?? 0);
}
