import { desc, eq, sql } from 'drizzle-orm';
import { type Db, db, type Tx } from '../../db/client.ts';
import { newsletters } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

const columns = {
  id: newsletters.id,
  subject: newsletters.subject,
  total: newsletters.total,
  createdAt: newsletters.createdAt,
  finishedAt: newsletters.finishedAt,
  // Written out: inside a select from one table drizzle leaves columns unqualified, and
  // "id" in the subquery would then be the delivery's own.
  sent: sql<number>`(SELECT count(*)::int FROM newsletter_deliveries d WHERE d.newsletter_id = "newsletters"."id" AND NOT d.skipped)`,
  skipped: sql<number>`(SELECT count(*)::int FROM newsletter_deliveries d WHERE d.newsletter_id = "newsletters"."id" AND d.skipped)`,
};

type TRow = {
  id: number;
  subject: string;
  total: number;
  createdAt: Date;
  finishedAt: Date | null;
  sent: number;
  skipped: number;
};

/** A newsletter's progress: mails queued (`sent`) of `total`, subscribers who left before their turn, done or not. */
function toProgress(r: TRow) {
  return {
    id: r.id,
    subject: r.subject,
    total: r.total,
    sent: Number(r.sent),
    skipped: Number(r.skipped),
    finished: r.finishedAt !== null,
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
  };
}

/** The newsletters sent so far, newest first, each with its progress (the admin screen polls this while one is sending). */
export async function listNewsletters({ limit = 20 }: { limit?: number } = {}) {
  const rows = await db()
    .select(columns)
    .from(newsletters)
    .orderBy(desc(newsletters.createdAt), desc(newsletters.id))
    .limit(limit);
  return rows.map(toProgress);
}

export async function getNewsletterProgress(id: number, q: Db | Tx = db()) {
  const [row] = await q.select(columns).from(newsletters).where(eq(newsletters.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'Newsletter not found.');
  return toProgress(row);
}
