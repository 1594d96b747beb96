import type { TSessionUser } from '../../context.ts';
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
};

/** The caller's limits from site settings (…numberphotoAds, …numberads) by subscription. */
export async function getPlanLimits({ user }: { user: TSessionUser }): Promise<TPlanLimits> {
  if (user.role === 'admin') return { photos: MAX_GALLERY_IMAGES, adsPerDay: null };
  const s = await getSettings();
  const plan = {
    free: { photos: s.freenumberphotoAds, ads: s.freenumberads },
    gold: { photos: s.goldnumberphotoAds, ads: s.goldnumberads },
    platinum: { photos: s.platinumnumberphotoAds, ads: s.platinumnumberads },
  }[user.subscription ?? 'free'] ?? { photos: s.freenumberphotoAds, ads: s.freenumberads };
  return {
    photos: Math.min(Math.max(0, plan.photos), MAX_GALLERY_IMAGES),
    adsPerDay: Math.max(0, plan.ads),
  };
}

export const PLAN_NAMES = { free: 'Free', gold: 'Gold', platinum: 'Platinum' } as const;
