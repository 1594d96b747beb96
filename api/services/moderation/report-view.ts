import type { TReportReason } from '../../constants/moderation.ts';

/** An open report of an ad or a review as the moderation queue shows it. */
export function toReport(r: {
  id: number;
  reason: string;
  details: string;
  createdAt: Date;
  reporterName: string | null;
}) {
  return {
    id: r.id,
    reason: r.reason as TReportReason,
    details: r.details,
    createdAt: r.createdAt.toISOString(),
    // A signed-out visitor, or an account deleted since.
    reporter: r.reporterName ?? 'Visitor',
  };
}
