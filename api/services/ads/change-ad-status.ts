import { eq } from 'drizzle-orm';
import { AD_STATE_LABELS, isVisibleState, type TOwnerStatus } from '../../constants/ad-states.ts';
import type { TSessionUser } from '../../context.ts';
import { db } from '../../db/client.ts';
import { ads } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { requestSavedSearchMatching } from '../saved-searches/queue-matching.ts';
import { toAdRecord } from './ad-record.ts';
import { ownerActionFor } from './ad-states.ts';
import { applyAdTransition } from './apply-ad-transition.ts';
import { AD_NOT_FOUND, assertCanManage, loadManagedAd } from './get-ad.ts';

/**
 * changeAdStatus: the owner (or an admin) asks for active, reserved, sold or paused. The
 * move is looked up in the state table; asking for the state the ad is already in changes
 * nothing and answers the ad (a retried click is harmless); a move the table does not have
 * is 409 with the ad unchanged.
 */
export async function changeAdStatus(options: { user: TSessionUser; id: number; status: TOwnerStatus; now?: Date }) {
  const { user, id, status } = options;
  let back = false;
  await db().transaction(async (tx) => {
    const [ad] = await tx
      .select({ status: ads.status, userId: ads.userId })
      .from(ads)
      .where(eq(ads.id, id))
      .for('update');
    if (!ad) throw new AppError('NOT_FOUND', AD_NOT_FOUND);
    assertCanManage(user, ad);
    if (ad.status === status) return;
    const action = ownerActionFor(ad.status, status);
    if (!action) {
      const from = AD_STATE_LABELS[ad.status].toLowerCase();
      throw new AppError(
        'CONFLICT',
        `This ad is ${from}, so it cannot be made ${AD_STATE_LABELS[status].toLowerCase()}.`,
      );
    }
    const moved = await applyAdTransition({ tx, id, actor: 'owner', action, user, now: options.now });
    back = !isVisibleState(moved.from) && isVisibleState(moved.to);
  });
  // Back on offer (resumed, relisted): saved searches may not have seen it yet.
  if (back) await requestSavedSearchMatching();
  return toAdRecord(await loadManagedAd({ user, id }), options.now);
}
