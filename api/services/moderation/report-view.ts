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

/** Someone the moderation queue names (an owner, a buyer, a seller), or null for a deleted account. */
export type TPerson = { id: number; name: string; banned: boolean };

export function toPerson(id: number, name: string | null, bannedAt: Date | null): TPerson;
export function toPerson(id: number | null, name: string | null, bannedAt: Date | null): TPerson | null;
export function toPerson(id: number | null, name: string | null, bannedAt: Date | null): TPerson | null {
  return id === null ? null : { id, name: name ?? '', banned: !!bannedAt };
}
