import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../api/db/client.ts';
import { adReports, ads, auditLog } from '../../api/db/schema/index.ts';

const HOUR = 3600_000;

/** The demo ads the moderation screen shows on a fresh site, by heading. */
export const DEMO_MODERATION = {
  /** Held for review by three visitors' reports. */
  held: 'Warehouse Associate – Night Shift',
  /** Reported once, still public. */
  reported: 'Persian Cat, Cream, Calm Indoor Companion',
  /** Reported once, the report dismissed by the admin (an audit log entry). */
  cleared: 'Beagle, 2 Years, Great with Kids',
} as const;

/**
 * Something for the moderation screen and the audit log on a fresh site: one ad held by three
 * reports, one ad reported once, and one report the admin dismissed. Written straight to the
 * tables (no mails); the count trigger takes the held ad out of its category's count.
 */
export async function seedDemoModeration(tx: Tx, admin: { id: number; name: string }, now = Date.now()) {
  const rows = await tx
    .select({ id: ads.id, heading: ads.heading })
    .from(ads)
    .where(inArray(ads.heading, Object.values(DEMO_MODERATION)));
  const idOf = (heading: string) => rows.find((r) => r.heading === heading)?.id;
  const held = idOf(DEMO_MODERATION.held);
  const reported = idOf(DEMO_MODERATION.reported);
  const cleared = idOf(DEMO_MODERATION.cleared);
  if (!held || !reported || !cleared) return;
  const visitor = (n: number) => `ip:demo-visitor-${n}`;
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR);
  await tx.insert(adReports).values([
    {
      adId: held,
      reporterKey: visitor(1),
      reason: 'scam',
      details: 'Asks applicants to pay for a uniform first.',
      createdAt: at(30),
    },
    { adId: held, reporterKey: visitor(2), reason: 'scam', details: '', createdAt: at(20) },
    {
      adId: held,
      reporterKey: visitor(3),
      reason: 'other',
      details: 'The phone number is a premium-rate line.',
      createdAt: at(5),
    },
    {
      adId: reported,
      reporterKey: visitor(4),
      reason: 'wrong-category',
      details: 'Should this be under Pets?',
      createdAt: at(3),
    },
    { adId: cleared, reporterKey: visitor(5), reason: 'spam', details: '', createdAt: at(50), resolvedAt: at(48) },
  ]);
  await tx
    .update(ads)
    .set({ status: 'pending', statusBeforePending: 'active', heldReason: 'reports', updatedAt: at(5) })
    .where(eq(ads.id, held));
  await tx.insert(auditLog).values({
    actorId: admin.id,
    actorName: admin.name,
    action: 'dismiss-ad-reports',
    targetType: 'ad',
    targetId: cleared,
    targetLabel: DEMO_MODERATION.cleared,
    reason: 'Checked: a genuine listing.',
    createdAt: at(48),
  });
}
