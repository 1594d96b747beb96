import { and, countDistinct, eq, isNull } from 'drizzle-orm';
import { hashToken } from '../../auth/session.ts';
import { MODERATION_TEXTS } from '../../constants/moderation.ts';
import type { TSessionUser } from '../../context.ts';
import { db } from '../../db/client.ts';
import { adReports, ads, users } from '../../db/schema/index.ts';
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
 * Whether a report from `user` counts toward the automatic hold: only a verified account at
 * least `minAgeHours` old. A crowd of fresh or unverified accounts, or signed-out visitors,
 * still reach the moderation queue but hide nothing.
 */
async function reportCounts(user: TSessionUser | null | undefined, minAgeHours: number, now: Date) {
  if (!user?.emailVerified) return false;
  const [row] = await db().select({ createdAt: users.createdAt }).from(users).where(eq(users.id, user.id));
  return !!row && now.getTime() - row.createdAt.getTime() >= minAgeHours * 3600 * 1000;
}

/**
 * "Report this ad" (reportAd). Each person counts once per ad while their report is open
 * (409 for a second one); the owner cannot report their own ad. When an ad reaches the
 * report threshold (a moderation setting) of open reports that count, it is held for review
 * (pending, out of every public list) until a moderator decides. A report counts when a
 * verified account old enough sent it (reportCounts), and reports from one address count
 * once, however many accounts sent them. The ad's row is locked, so reports arriving together
 * are counted one after the other and the hold happens once. A honeypot hit gets the same
 * answer and stores nothing.
 */
export async function reportAd(options: {
  input: TReportAd;
  user?: TSessionUser | null;
  ip: string;
}): Promise<{ held: boolean }> {
  const { input, user } = options;
  if (!passesBotCheck(input)) return { held: false };
  const { reportThreshold, reportMinAccountAgeHours } = await getModerationSettings();
  const counts = await reportCounts(user, reportMinAccountAgeHours, new Date());
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
        addressKey: hashToken(options.ip),
        counts,
      })
      .onConflictDoNothing()
      .returning({ id: adReports.id });
    if (!inserted.length) throw new AppError('CONFLICT', MODERATION_TEXTS.alreadyReported);
    if (ad.status === 'pending' || !counts) return { held: false };
    const [open] = await tx
      .select({ n: countDistinct(adReports.addressKey) })
      .from(adReports)
      .where(and(eq(adReports.adId, ad.id), isNull(adReports.resolvedAt), eq(adReports.counts, true)));
    if ((open?.n ?? 0) < reportThreshold) return { held: false };
    await applyAdTransition({ tx, id: ad.id, actor: 'system', action: 'hold', heldReason: 'reports' });
    return { held: true };
  });
}
