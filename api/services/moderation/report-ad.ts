import { and, count, eq, isNull } from 'drizzle-orm';
import { hashToken } from '../../auth/session.ts';
import { MODERATION_TEXTS } from '../../constants/moderation.ts';
import type { TSessionUser } from '../../context.ts';
import { db } from '../../db/client.ts';
import { adReports, ads } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { TReportAd } from '../../schemas/moderation.ts';
import { applyAdTransition } from '../ads/apply-ad-transition.ts';
import { AD_NOT_FOUND } from '../ads/get-ad.ts';
import { passesBotCheck } from '../inbox/bot-check.ts';
import { getModerationSettings } from './moderation-settings.ts';

/** Who reported: the account, or for a signed-out visitor a hash of their address (never the address itself). */
export function reporterKey(user: TSessionUser | null | undefined, ip: string): string {
  return user ? `user:${user.id}` : `ip:${hashToken(ip)}`;
}

/**
 * "Report this ad" (reportAd). Each person counts once per ad while their report is open
 * (409 for a second one); the owner cannot report their own ad. When an ad reaches the
 * report threshold (a moderation setting) of distinct open reports, it is held for review
 * (pending, out of every public list) until a moderator decides. The ad's row is locked, so
 * reports arriving together are counted one after the other and the hold happens once.
 * A honeypot hit gets the same answer and stores nothing.
 */
export async function reportAd(options: {
  input: TReportAd;
  user?: TSessionUser | null;
  ip: string;
}): Promise<{ held: boolean }> {
  const { input, user } = options;
  if (!passesBotCheck(input)) return { held: false };
  const { reportThreshold } = await getModerationSettings();
  return db().transaction(async (tx) => {
    const [ad] = await tx
      .select({ id: ads.id, userId: ads.userId, status: ads.status, ownerBanned: ads.ownerBanned })
      .from(ads)
      .where(eq(ads.id, input.adId))
      .for('update');
    if (!ad || ad.ownerBanned) throw new AppError('NOT_FOUND', AD_NOT_FOUND);
    if (ad.status === 'removed') throw new AppError('CONFLICT', MODERATION_TEXTS.notReportable);
    if (user && ad.userId === user.id) throw new AppError('BAD_REQUEST', MODERATION_TEXTS.cannotReportOwn);
    const inserted = await tx
      .insert(adReports)
      .values({
        adId: ad.id,
        reporterId: user?.id ?? null,
        reporterKey: reporterKey(user, options.ip),
        reason: input.reason,
        details: input.details,
      })
      .onConflictDoNothing()
      .returning({ id: adReports.id });
    if (!inserted.length) throw new AppError('CONFLICT', MODERATION_TEXTS.alreadyReported);
    if (ad.status === 'pending') return { held: false };
    const [open] = await tx
      .select({ n: count() })
      .from(adReports)
      .where(and(eq(adReports.adId, ad.id), isNull(adReports.resolvedAt)));
    if ((open?.n ?? 0) < reportThreshold) return { held: false };
    await applyAdTransition({ tx, id: ad.id, actor: 'system', action: 'hold', heldReason: 'reports' });
    return { held: true };
  });
}
