import { sql } from 'drizzle-orm';
import type { TSessionUser } from '../../context.ts';
import { db } from '../../db/client.ts';
import { membershipPlans } from '../../db/schema/index.ts';
import { getSettings, type TSettings } from '../settings/get-settings.ts';
import { expiryDaysForSubscription } from './expiry-days.ts';

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
  /** Days a new or renewed ad stays up (membership_plans.expiry_days; admins by their subscription too). */
  expiryDays: number;
};

/** The caller's limits from site settings (…numberphotoAds, …numberads) by subscription. */
export async function getPlanLimits({ user }: { user: TSessionUser }): Promise<TPlanLimits> {
  const expiryDays = await expiryDaysForSubscription(user.subscription ?? 'free');
  if (user.role === 'admin') return { photos: MAX_GALLERY_IMAGES, adsPerDay: null, featured: true, expiryDays };
  const [s, featured] = await Promise.all([getSettings(), planIncludesFeatured(user.subscription ?? 'free')]);
  const limits = settingsLimits(s, user.subscription ?? 'free') ?? settingsLimits(s, 'free')!;
  return { ...limits, featured, expiryDays };
}

/**
 * A subscription's photo and daily-ad limits as the site settings hold them (Free, Gold,
 * Platinum), capped as the ad form applies them; null for a name that is no subscription.
 */
export function settingsLimits(s: TSettings, subscription: string): { photos: number; adsPerDay: number } | null {
  const plan = {
    free: { photos: s.freenumberphotoAds, ads: s.freenumberads },
    gold: { photos: s.goldnumberphotoAds, ads: s.goldnumberads },
    platinum: { photos: s.platinumnumberphotoAds, ads: s.platinumnumberads },
  }[subscription];
  if (!plan) return null;
  return { photos: Math.min(Math.max(0, plan.photos), MAX_GALLERY_IMAGES), adsPerDay: Math.max(0, plan.ads) };
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
