import { EXPIRY_REMINDER_DAYS, type TAdState, type TOwnerAction } from '../../constants/ad-states.ts';

export {
  AD_STATES,
  ENDED_STATES,
  OWNER_STATUSES,
  type TAdState,
  type TOwnerStatus,
  VISIBLE_STATES,
} from '../../constants/ad-states.ts';

/**
 * Who moves an ad: its owner (or an admin managing it, through the same routes), a
 * moderator (an admin in the moderation screens), or the system (the expiry job, the report
 * threshold, the banned-words check, pre-moderation).
 */
export type TAdActor = 'owner' | 'moderator' | 'system';

export type TAdAction = TOwnerAction | 'expire' | 'hold' | 'approve' | 'remove' | 'restore';

/**
 * `to: 'before-pending'` sends the ad back to the state it was in when it was held for
 * review (ads.status_before_pending), so approving a reported sold ad leaves it sold.
 */
export type TAdTransition = {
  actor: TAdActor;
  action: TAdAction;
  from: readonly TAdState[];
  to: TAdState | 'before-pending';
};

/**
 * Every allowed move, and nothing else is allowed (the service answers 409). Decisions:
 * - A sold ad can be relisted by its owner (the sale fell through) while its time lasts.
 * - Paused ads keep ageing: the expiry job expires them like active ones, so pausing is not
 *   a way to keep an ad forever. Sold ads never expire (their page stays as a record).
 * - An expired ad comes back only by renewing it, which starts a new period.
 * - Any state but removed can be held for review (a sold or expired page is still public,
 *   so it can still be reported); approving returns the state before.
 * - Removed is final for the owner and the system; only a moderator can restore it.
 */
export const AD_TRANSITIONS: readonly TAdTransition[] = [
  { actor: 'owner', action: 'reserve', from: ['active'], to: 'reserved' },
  { actor: 'owner', action: 'unreserve', from: ['reserved'], to: 'active' },
  { actor: 'owner', action: 'sell', from: ['active', 'reserved'], to: 'sold' },
  { actor: 'owner', action: 'relist', from: ['sold'], to: 'active' },
  { actor: 'owner', action: 'pause', from: ['active', 'reserved'], to: 'paused' },
  { actor: 'owner', action: 'resume', from: ['paused'], to: 'active' },
  { actor: 'owner', action: 'renew', from: ['expired'], to: 'active' },
  { actor: 'system', action: 'expire', from: ['active', 'reserved', 'paused'], to: 'expired' },
  { actor: 'system', action: 'hold', from: ['active', 'reserved', 'sold', 'paused', 'expired'], to: 'pending' },
  { actor: 'moderator', action: 'approve', from: ['pending'], to: 'before-pending' },
  {
    actor: 'moderator',
    action: 'remove',
    from: ['active', 'reserved', 'sold', 'paused', 'expired', 'pending'],
    to: 'removed',
  },
  { actor: 'moderator', action: 'restore', from: ['removed'], to: 'active' },
];

/** The states a held ad may return to; anything else (or nothing recorded) returns as active. */
const RETURNABLE: readonly TAdState[] = ['active', 'reserved', 'sold', 'paused', 'expired'];

/**
 * The state after `action`, or null when the table does not allow it. `beforePending` is
 * the recorded state for an approval. Pure: the database service applies the answer.
 */
export function nextAdState(options: {
  state: TAdState;
  actor: TAdActor;
  action: TAdAction;
  beforePending?: string | null;
}): TAdState | null {
  const t = AD_TRANSITIONS.find(
    (x) => x.actor === options.actor && x.action === options.action && x.from.includes(options.state),
  );
  if (!t) return null;
  if (t.to !== 'before-pending') return t.to;
  const back = options.beforePending as TAdState | null | undefined;
  return back && RETURNABLE.includes(back) ? back : 'active';
}

/**
 * The owner's action that takes `state` to `target` (what changeAdStatus asks for), or null
 * when no owner move does. Renew is not reachable this way: it has its own route.
 */
export function ownerActionFor(state: TAdState, target: TAdState): TAdAction | null {
  const t = AD_TRANSITIONS.find(
    (x) => x.actor === 'owner' && x.action !== 'renew' && x.to === target && x.from.includes(state),
  );
  return t?.action ?? null;
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * Whether the owner may renew now: an expired ad always, an ad still on offer (active,
 * reserved, paused) once its reminder window has opened. Sold, pending and removed ads never.
 */
export function canRenew(state: TAdState, expiresAt: Date, now: Date): boolean {
  if (state === 'expired') return true;
  if (state !== 'active' && state !== 'reserved' && state !== 'paused') return false;
  return expiresAt.getTime() - now.getTime() <= EXPIRY_REMINDER_DAYS * DAY_MS;
}

/**
 * The state after the owner renews: an expired ad becomes active (the table's move), an ad
 * still on offer keeps its state with a new period; null when renewing is not allowed now.
 */
export function renewedState(state: TAdState, expiresAt: Date, now: Date): TAdState | null {
  if (!canRenew(state, expiresAt, now)) return null;
  return nextAdState({ state, actor: 'owner', action: 'renew' }) ?? state;
}

/**
 * The owner's buttons for an ad right now (the Advertisements list's row actions): every
 * owner move the table allows from its state, renew only when renewing is allowed now.
 */
export function ownerActions(state: TAdState, expiresAt: Date, now: Date): TOwnerAction[] {
  const moves = AD_TRANSITIONS.filter((t) => t.actor === 'owner' && t.action !== 'renew' && t.from.includes(state));
  const actions = moves.map((t) => t.action as TOwnerAction);
  if (renewedState(state, expiresAt, now)) actions.push('renew');
  return actions;
}

/** The end of a new period that starts `now`. */
export function expiryFrom(now: Date, days: number): Date {
  return new Date(now.getTime() + days * DAY_MS);
}
