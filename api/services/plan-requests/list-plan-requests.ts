import { asc, count, desc, eq, sql } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { planRequests, users } from '../../db/schema/index.ts';
import { toPlanRequestView } from './plan-request-view.ts';

/**
 * The admin list: pending requests first (oldest first, the queue to work through), then the
 * decided ones, newest first. Paged; each row names the user who asked.
 */
export async function listPlanRequests({ page = 1, limit = 50 }: { page?: number; limit?: number }) {
  const pendingFirst = sql`CASE WHEN ${planRequests.status} = 'pending' THEN 0 ELSE 1 END`;
  const [rows, [total]] = await Promise.all([
    db()
      .select({
        request: planRequests,
        user: { id: users.id, name: users.name, email: users.email, subscription: users.subscription },
      })
      .from(planRequests)
      .innerJoin(users, eq(users.id, planRequests.userId))
      .orderBy(
        asc(pendingFirst),
        sql`CASE WHEN ${planRequests.status} = 'pending' THEN ${planRequests.createdAt} END ASC`,
        desc(planRequests.createdAt),
        desc(planRequests.id),
      )
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(planRequests),
  ]);
  return {
    data: rows.map((r) => ({ ...toPlanRequestView(r.request), user: r.user })),
    total: total?.n ?? 0,
  };
}

/** The caller's pending request, if any (the account page shows it). */
export async function pendingPlanRequest(userId: number) {
  const [row] = await db()
    .select()
    .from(planRequests)
    .where(sql`${planRequests.userId} = ${userId} AND ${planRequests.status} = 'pending'`)
    .limit(1);
  return row ? toPlanRequestView(row) : null;
}
