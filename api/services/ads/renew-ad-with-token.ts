import { eq } from 'drizzle-orm';
import { hashToken } from '../../auth/session.ts';
import { db } from '../../db/client.ts';
import { ads } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { applyAdTransition } from './apply-ad-transition.ts';

/** A reminder's renew link still works this many days after the ad expired. */
export const RENEW_LINK_DAYS_AFTER_EXPIRY = 30;

export const RENEW_LINK_INVALID =
  'This renew link has already been used or is no longer valid. Sign in to renew your ad from your Advertisements.';

/**
 * The one-click renew link of the reminder mail (renewAdWithToken), which works without
 * signing in. The mail carries a random token; the ad keeps only its SHA-256
 * (ads.renew_token_hash), like password-reset tokens. Renewing clears it, so a link works
 * once; a newer reminder replaces it. The link dies 30 days after the ad expired, and does
 * nothing for an ad that was sold, is under review or was removed meanwhile (409).
 */
export async function renewAdWithToken(options: { token: string; now?: Date }) {
  const now = options.now ?? new Date();
  return db().transaction(async (tx) => {
    const [ad] = await tx
      .select({ id: ads.id, slug: ads.slug, heading: ads.heading, expiresAt: ads.expiresAt })
      .from(ads)
      .where(eq(ads.renewTokenHash, hashToken(options.token)))
      .for('update');
    const deadline = ad && ad.expiresAt.getTime() + RENEW_LINK_DAYS_AFTER_EXPIRY * 24 * 3600 * 1000;
    if (!ad || deadline! < now.getTime()) throw new AppError('NOT_FOUND', RENEW_LINK_INVALID);
    const result = await applyAdTransition({ tx, id: ad.id, actor: 'owner', action: 'renew', now });
    return { id: ad.id, slug: ad.slug, heading: ad.heading, status: result.to, expires_at: result.expiresAt };
  });
}
