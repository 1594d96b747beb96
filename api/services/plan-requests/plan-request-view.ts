import type { planRequests } from '../../db/schema/index.ts';

type TRow = typeof planRequests.$inferSelect;

/** A plan request as the API answers it (dates as ISO strings). */
export function toPlanRequestView(row: TRow) {
  return {
    id: row.id,
    planId: row.planId,
    planName: row.planName,
    subscription: row.subscription,
    telephone: row.telephone,
    businessName: row.businessName,
    note: row.note,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
  };
}
