import { eq } from 'drizzle-orm';
import { MESSAGE_TEXTS } from '../../constants/messages.ts';
import { MODERATION_TEXTS } from '../../constants/moderation.ts';
import type { TSessionUser } from '../../context.ts';
import { db } from '../../db/client.ts';
import { ads, conversations } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { quoted } from '../../lib/quoted.ts';
import { applyAdTransition } from '../ads/apply-ad-transition.ts';
import { AD_NOT_FOUND } from '../ads/get-ad.ts';
import { requestSavedSearchMatching } from '../saved-searches/queue-matching.ts';
import { recordAudit } from './audit.ts';
import { resolveAdReports, resolveConversationReports } from './resolve-reports.ts';

/**
 * Dismisses the open reports on an ad: they stop counting, and an ad that was held only
 * because of them returns to where it was. 409 when there is nothing open.
 */
export async function dismissAdReports(options: { admin: TSessionUser; id: number; reason: string }) {
  const { admin, id, reason } = options;
  const back = await db().transaction(async (tx) => {
    const [ad] = await tx
      .select({ status: ads.status, heldReason: ads.heldReason, heading: ads.heading })
      .from(ads)
      .where(eq(ads.id, id))
      .for('update');
    if (!ad) throw new AppError('NOT_FOUND', AD_NOT_FOUND);
    if ((await resolveAdReports(tx, id)) === 0) throw new AppError('CONFLICT', MODERATION_TEXTS.noOpenReports);
    const release = ad.status === 'pending' && ad.heldReason === 'reports';
    if (release) await applyAdTransition({ tx, id, actor: 'moderator', action: 'approve' });
    await recordAudit(tx, {
      actor: admin,
      action: 'dismiss-ad-reports',
      targetType: 'ad',
      targetId: id,
      targetLabel: ad.heading,
      reason,
    });
    return release;
  });
  if (back) await requestSavedSearchMatching();
  return { message: MODERATION_TEXTS.dismissed };
}

/** Dismisses the open reports on a conversation. 409 when there is nothing open. */
export async function dismissConversationReports(options: { admin: TSessionUser; id: number; reason: string }) {
  const { admin, id, reason } = options;
  await db().transaction(async (tx) => {
    const [row] = await tx
      .select({ heading: conversations.adHeading })
      .from(conversations)
      .where(eq(conversations.id, id))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND', MESSAGE_TEXTS.notFound);
    if ((await resolveConversationReports(tx, id)) === 0)
      throw new AppError('CONFLICT', MODERATION_TEXTS.noOpenReports);
    await recordAudit(tx, {
      actor: admin,
      action: 'dismiss-conversation-reports',
      targetType: 'conversation',
      targetId: id,
      targetLabel: `About ${quoted(row.heading)}`,
      reason,
    });
  });
  return { message: MODERATION_TEXTS.dismissed };
}
