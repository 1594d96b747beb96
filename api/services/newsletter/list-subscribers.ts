import { and, asc, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import { SUBSCRIBER_PAGE_SIZE } from '../../constants/newsletter.ts';
import { db } from '../../db/client.ts';
import { newsletterSubscribers } from '../../db/schema/index.ts';
import { toCsv } from '../../lib/csv.ts';
import type { TSubscriberListQuery } from '../../schemas/newsletter.ts';

type TFilter = Pick<TSubscriberListQuery, 'q' | 'status'>;

function where({ q, status }: TFilter): SQL | undefined {
  // LIKE's own wildcards in the typed text match themselves.
  const pattern = q ? `%${q.replace(/[\\%_]/g, '\\$&')}%` : undefined;
  return and(
    pattern ? ilike(newsletterSubscribers.email, pattern) : undefined,
    status ? eq(newsletterSubscribers.status, status) : undefined,
  );
}

function toView(r: typeof newsletterSubscribers.$inferSelect) {
  return {
    id: r.id,
    email: r.email,
    status: r.status as 'pending' | 'confirmed' | 'unsubscribed',
    createdAt: r.createdAt.toISOString(),
    confirmedAt: r.confirmedAt?.toISOString() ?? null,
    unsubscribedAt: r.unsubscribedAt?.toISOString() ?? null,
  };
}

/** The admin list: newest sign-ups first, one page, with the count of each state over every address. */
export async function listSubscribers({ page = 1, limit = SUBSCRIBER_PAGE_SIZE, q, status }: TSubscriberListQuery) {
  const filter = where({ q, status });
  const [rows, [total], byState] = await Promise.all([
    db()
      .select()
      .from(newsletterSubscribers)
      .where(filter)
      .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(newsletterSubscribers).where(filter),
    db()
      .select({ status: newsletterSubscribers.status, n: count() })
      .from(newsletterSubscribers)
      .groupBy(newsletterSubscribers.status),
  ]);
  const n = total?.n ?? 0;
  const counts = { pending: 0, confirmed: 0, unsubscribed: 0 };
  for (const r of byState) counts[r.status as keyof typeof counts] = Number(r.n);
  return { data: rows.map(toView), total: n, page, limit, totalPages: Math.max(1, Math.ceil(n / limit)), counts };
}

/** Every subscriber matching the list's filter as CSV, oldest first (api/lib/csv.ts escapes and defuses cells). */
export async function exportSubscribers(filter: TFilter): Promise<string> {
  const rows = await db()
    .select()
    .from(newsletterSubscribers)
    .where(where(filter))
    .orderBy(asc(newsletterSubscribers.id));
  return toCsv(
    ['email', 'status', 'signed_up', 'confirmed', 'unsubscribed'],
    rows.map(toView).map((r) => [r.email, r.status, r.createdAt, r.confirmedAt, r.unsubscribedAt]),
  );
}
