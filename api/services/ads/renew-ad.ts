import type { TSessionUser } from '../../context.ts';
import { db } from '../../db/client.ts';
import { toAdRecord } from './ad-record.ts';
import { applyAdTransition } from './apply-ad-transition.ts';
import { loadManagedAd } from './get-ad.ts';

/**
 * renewAd: the owner (or an admin) starts a new period of the owner's plan days. Allowed for
 * an expired ad (it becomes active) and for an ad still on offer in its last days (its state
 * stays); otherwise 409 (api/services/ads/ad-states.ts, renewedState).
 */
export async function renewAd(options: { user: TSessionUser; id: number; now?: Date }) {
  const { user, id, now } = options;
  await db().transaction((tx) => applyAdTransition({ tx, id, actor: 'owner', action: 'renew', user, now }));
  return toAdRecord(await loadManagedAd({ user, id }), now);
}
