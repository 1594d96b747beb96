import { eq } from 'drizzle-orm';
import { AD_STATE_LABELS } from '../../constants/ad-states.ts';
import { MODERATION_TEXTS } from '../../constants/moderation.ts';
import type { TSessionUser } from '../../context.ts';
import { db } from '../../db/client.ts';
import { ads, users } from '../../db/schema/index.ts';
import { env } from '../../env.ts';
import { AppError } from '../../errors.ts';
import { quoted } from '../../lib/quoted.ts';
import { queueMail } from '../../mail/queue-mail.ts';
import type { TModerateAd } from '../../schemas/moderation.ts';
import { applyAdTransition } from '../ads/apply-ad-transition.ts';
import { AD_NOT_FOUND } from '../ads/get-ad.ts';
import { requestSavedSearchMatching } from '../saved-searches/queue-matching.ts';
import { recordAudit } from './audit.ts';
import { resolveAdReports, resolveFraudFlags } from './resolve-reports.ts';

/**
 * moderateAd: a moderator approves or removes an ad (docs/MODERATION.md).
 * - approve: a pending ad returns to the state it was held from; an ad that is not pending
 *   but has open reports keeps its state and the reports are closed (the moderator found it
 *   fine). Anything else is 409.
 * - remove: the ad leaves the site for good (its page answers 410); the owner is mailed the
 *   reason, which is required.
 * Approving also dismisses its open fraud flags (docs/MODERATION.md, Fraud signals).
 * Either way the ad's open reports are closed and the action is written to the audit log,
 * all in one transaction with the mail.
 */
export async function moderateAd(options: { admin: TSessionUser; id: number; input: TModerateAd }) {
  const { admin, id, input } = options;
  if (input.action === 'remove' && !input.reason) throw new AppError('BAD_REQUEST', MODERATION_TEXTS.removeNeedsReason);
  const result = await db().transaction(async (tx) => {
    const [ad] = await tx
      .select({ status: ads.status, heading: ads.heading, ownerEmail: users.email, ownerName: users.name })
      .from(ads)
      .innerJoin(users, eq(users.id, ads.userId))
      .where(eq(ads.id, id))
      .for('update', { of: ads });
    if (!ad) throw new AppError('NOT_FOUND', AD_NOT_FOUND);
    let to = ad.status;
    if (input.action === 'remove' || ad.status === 'pending') {
      const moved = await applyAdTransition({ tx, id, actor: 'moderator', action: input.action });
      to = moved.to;
    }
    const closed = await resolveAdReports(tx, id);
    // An approved ad's fraud flags are dealt with too; a removed ad keeps them as a record.
    const cleared = input.action === 'approve' ? await resolveFraudFlags(tx, id, admin.id) : 0;
    if (input.action === 'approve' && ad.status !== 'pending' && closed === 0 && cleared === 0) {
      throw new AppError(
        'CONFLICT',
        `This ad is ${AD_STATE_LABELS[ad.status].toLowerCase()} and has no open reports, so there is nothing to approve.`,
      );
    }
    await recordAudit(tx, {
      actor: admin,
      action: input.action === 'approve' ? 'approve-ad' : 'remove-ad',
      targetType: 'ad',
      targetId: id,
      targetLabel: ad.heading,
      reason: input.reason,
    });
    if (input.action === 'remove') {
      await queueMail(
        {
          to: ad.ownerEmail,
          subject: `Your ad ${quoted(ad.heading)} was removed`,
          text: [
            `Hello ${ad.ownerName},`,
            '',
            `Our moderators removed your ad ${quoted(ad.heading)} from ${env().siteUrl}.`,
            '',
            `Reason: ${input.reason}`,
            '',
            'If you think this is a mistake, reply through the Contact Us page and tell us why.',
          ].join('\n'),
        },
        { tx },
      );
    }
    return { from: ad.status, to };
  });
  // Back in public: saved searches may not have seen it yet.
  if (input.action === 'approve' && result.from === 'pending') await requestSavedSearchMatching();
  return {
    ...result,
    message: input.action === 'approve' ? MODERATION_TEXTS.approved : MODERATION_TEXTS.removed,
  };
}
