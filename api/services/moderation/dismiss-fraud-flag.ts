import { and, eq, isNull } from 'drizzle-orm';
import { FRAUD_TEXTS } from '../../constants/fraud.ts';
import type { TSessionUser } from '../../context.ts';
import { db } from '../../db/client.ts';
import { ads, fraudFlags } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { applyAdTransition } from '../ads/apply-ad-transition.ts';
import { fraudScore, reachesHold } from '../fraud/fraud-score.ts';
import { requestSavedSearchMatching } from '../saved-searches/queue-matching.ts';
import { recordAudit } from './audit.ts';
import { getModerationSettings } from './moderation-settings.ts';

/**
 * dismissFraudFlag: a moderator finds a fraud signal false (two sellers of the same model
 * with the maker's photo). The flag is kept as dismissed, so the check never raises it again:
 * for a photo or text match neither ad is flagged for the other again. An ad held only by
 * fraud signals whose open ones no longer reach the hold score goes back where it was.
 * Audit-logged. 404 for no such flag, 409 when it was already dismissed.
 */
export async function dismissFraudFlag(options: { admin: TSessionUser; id: number; reason: string }) {
  const { admin, id, reason } = options;
  const rules = await getModerationSettings();
  const released = await db().transaction(async (tx) => {
    const [flag] = await tx
      .select({ adId: fraudFlags.adId, dismissedAt: fraudFlags.dismissedAt, label: fraudFlags.reason })
      .from(fraudFlags)
      .where(eq(fraudFlags.id, id));
    if (!flag) throw new AppError('NOT_FOUND', FRAUD_TEXTS.notFound);
    // The ad's row, then the flag: the same order as the check, so the two wait for each other.
    const [ad] = await tx
      .select({ status: ads.status, heldReason: ads.heldReason, heading: ads.heading })
      .from(ads)
      .where(eq(ads.id, flag.adId))
      .for('update');
    const [dismissed] = await tx
      .update(fraudFlags)
      .set({ dismissedAt: new Date(), dismissedBy: admin.id })
      .where(and(eq(fraudFlags.id, id), isNull(fraudFlags.dismissedAt)))
      .returning({ id: fraudFlags.id });
    if (!dismissed || !ad) throw new AppError('CONFLICT', FRAUD_TEXTS.alreadyDismissed);
    const open = await tx
      .select({ signal: fraudFlags.signal })
      .from(fraudFlags)
      .where(and(eq(fraudFlags.adId, flag.adId), isNull(fraudFlags.dismissedAt)));
    const score = fraudScore(
      open.map((r) => r.signal),
      rules.fraudWeights,
    );
    const release =
      ad.status === 'pending' && ad.heldReason === 'fraud-signals' && !reachesHold(score, rules.fraudHoldScore);
    if (release) await applyAdTransition({ tx, id: flag.adId, actor: 'moderator', action: 'approve' });
    await recordAudit(tx, {
      actor: admin,
      action: 'dismiss-fraud-flag',
      targetType: 'ad',
      targetId: flag.adId,
      targetLabel: ad.heading,
      reason: [flag.label, reason].filter(Boolean).join(' — '),
    });
    return release;
  });
  if (released) await requestSavedSearchMatching();
  return { message: FRAUD_TEXTS.dismissed };
}
