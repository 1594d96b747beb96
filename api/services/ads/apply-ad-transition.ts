import { eq } from 'drizzle-orm';
import { AD_STATE_LABELS, EXPIRY_REMINDER_DAYS, isVisibleState } from '../../constants/ad-states.ts';
import type { THeldReason } from '../../constants/moderation.ts';
import type { TSessionUser } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { ads } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { expiryFrom, nextAdState, renewedState, type TAdAction, type TAdActor, type TAdState } from './ad-states.ts';
import { expiryDaysForOwner } from './expiry-days.ts';
import { AD_NOT_FOUND, assertCanManage } from './get-ad.ts';

export const AD_TIME_IS_UP = 'This ad’s time is up. Renew it to show it again.';

/** How each move reads in a refusal: "This ad is sold, so it cannot be paused." */
const DONE: Record<TAdAction, string> = {
  reserve: 'reserved',
  unreserve: 'made available again',
  sell: 'marked as sold',
  relist: 'relisted',
  pause: 'paused',
  resume: 'resumed',
  renew: 'renewed',
  expire: 'expired',
  hold: 'held for review',
  approve: 'approved',
  remove: 'removed',
  restore: 'restored',
};

export function illegalMoveMessage(state: TAdState, action: TAdAction): string {
  if (action === 'renew' && (state === 'active' || state === 'reserved' || state === 'paused'))
    return `This ad can be renewed from ${EXPIRY_REMINDER_DAYS} days before it expires.`;
  return `This ad is ${AD_STATE_LABELS[state].toLowerCase()}, so it cannot be ${DONE[action]}.`;
}

export type TAdTransitionResult = {
  id: number;
  userId: number;
  from: TAdState;
  to: TAdState;
  expiresAt: Date;
  heading: string;
};

/**
 * Applies one move of the state table (api/services/ads/ad-states.ts) to an ad, inside the
 * caller's transaction, the ad's row locked so two moves at once are applied one after the
 * other. Every change of state goes through here: the owner's buttons, renewals, the expiry
 * job, reports and moderation. A move the table does not allow is refused with 409 and
 * changes nothing. With `user`, only its owner or an admin may move it (403).
 *
 * A move that would make an ad public again after its period ended is not allowed for the
 * owner (renew instead); a moderator's approval or restore of such an ad makes it expired.
 * Renewing starts a new period of the owner's plan days from `now` and clears the reminder.
 */
export async function applyAdTransition(options: {
  tx: Tx;
  id: number;
  actor: TAdActor;
  action: TAdAction;
  user?: TSessionUser;
  now?: Date;
  /** Why the ad is held, for a move to pending (ads.held_reason). */
  heldReason?: THeldReason;
}): Promise<TAdTransitionResult> {
  const { tx, id, actor, action } = options;
  const now = options.now ?? new Date();
  const [ad] = await tx
    .select({
      id: ads.id,
      userId: ads.userId,
      status: ads.status,
      statusBeforePending: ads.statusBeforePending,
      expiresAt: ads.expiresAt,
      heading: ads.heading,
    })
    .from(ads)
    .where(eq(ads.id, id))
    .for('update');
  if (!ad) throw new AppError('NOT_FOUND', AD_NOT_FOUND);
  if (options.user) assertCanManage(options.user, ad);

  const renewing = action === 'renew';
  let to =
    renewing && actor === 'owner'
      ? renewedState(ad.status, ad.expiresAt, now)
      : nextAdState({ state: ad.status, actor, action, beforePending: ad.statusBeforePending });
  if (!to) throw new AppError('CONFLICT', illegalMoveMessage(ad.status, action));

  let expiresAt = ad.expiresAt;
  if (renewing) {
    expiresAt = expiryFrom(now, await expiryDaysForOwner(ad.userId, tx));
  } else if (isVisibleState(to) && ad.expiresAt.getTime() <= now.getTime()) {
    if (actor === 'owner') throw new AppError('CONFLICT', AD_TIME_IS_UP);
    to = 'expired';
  }

  await tx
    .update(ads)
    .set({
      status: to,
      // Remembered only while pending, so an approval returns the ad where it was.
      statusBeforePending: to === 'pending' ? ad.status : null,
      heldReason: to === 'pending' ? (options.heldReason ?? 'reports') : null,
      updatedAt: now,
      ...(renewing
        ? { publishedAt: now, renewedAt: now, expiresAt, expiryRemindedAt: null, renewTokenHash: null }
        : {}),
    })
    .where(eq(ads.id, id));
  return { id, userId: ad.userId, from: ad.status, to, expiresAt, heading: ad.heading };
}
