import { sql } from 'drizzle-orm';
import type { TSessionUser } from '../../context.ts';
import { db } from '../../db/client.ts';
import { membershipPlans } from '../../db/schema/index.ts';
import { getSettings } from '../settings/get-settings.ts';

/**
 * Hard cap on gallery images per ad, whatever the settings say: each is a file on disk and
 * a thumbnail on the ad page. Admins get this many.
 */
export const MAX_GALLERY_IMAGES = 30;

export type TPlanLimits = {
  /** Gallery images allowed per ad. */
  photos: number;
  /** Ads allowed per (UTC) day; null means unlimited (admins). */
  adsPerDay: number | null;
  /** Whether the plan includes featured placement (make_as_featured 'Y'); admins always may. */
  featured: boolean;
};

/** The caller's limits from site settings (…numberphotoAds, …numberads) by subscription. */
export async function getPlanLimits({ user }: { user: TSessionUser }): Promise<TPlanLimits> {
  if (user.role === 'admin') return { photos: MAX_GALLERY_IMAGES, adsPerDay: null, featured: true };
  const [s, featured] = await Promise.all([getSettings(), planIncludesFeatured(user.subscription ?? 'free')]);
  const plan = {
    free: { photos: s.freenumberphotoAds, ads: s.freenumberads },
    gold: { photos: s.goldnumberphotoAds, ads: s.goldnumberads },
    platinum: { photos: s.platinumnumberphotoAds, ads: s.platinumnumberads },
  }[user.subscription ?? 'free'] ?? { photos: s.freenumberphotoAds, ads: s.freenumberads };
  return {
    photos: Math.min(Math.max(0, plan.photos), MAX_GALLERY_IMAGES),
    adsPerDay: Math.max(0, plan.ads),
    featured,
  };
}

/**
 * A subscription's plan is the membership plan of the same name (Free, Gold, Platinum); the
 * plan's `includes_featured` says whether its members may feature ads. No such plan: no.
 */
async function planIncludesFeatured(subscription: string): Promise<boolean> {
  const rows = await db()
    .select({ featured: membershipPlans.includesFeatured })
    .from(membershipPlans)
    .where(sql`lower(${membershipPlans.planName}) = ${subscription}`)
    .limit(1);
  return rows[0]?.featured ?? false;
}

export const FEATURED_NOT_IN_PLAN =
  'Featured placement is not part of your membership plan. Choose a plan that includes featured ads.';

export const PLAN_NAMES = { free: 'Free', gold: 'Gold', platinum: 'Platinum' } as const;
