import type { TSessionUser } from '../../context.ts';
import { countAdsToday, startOfUtcDay } from './count-ads-today.ts';
import { getPlanLimits } from './plan-limits.ts';

/**
 * GET /api/get-limit: gallery images per ad for the caller's plan (`photolimit`), how many
 * ads they may still post today (null: unlimited), when that count starts again (`resetsAt`,
 * the next midnight UTC; null: unlimited), and how many days an ad stays up.
 */
export async function getPhotoLimit({ user, now = new Date() }: { user: TSessionUser; now?: Date }) {
  const limits = await getPlanLimits({ user });
  const today = limits.adsPerDay === null ? 0 : await countAdsToday({ userId: user.id, now });
  return {
    photolimit: limits.photos,
    adsPerDay: limits.adsPerDay,
    adsLeftToday: limits.adsPerDay === null ? null : Math.max(0, limits.adsPerDay - today),
    resetsAt: limits.adsPerDay === null ? null : nextUtcDay(now).toISOString(),
    featured: limits.featured,
    expiryDays: limits.expiryDays,
  };
}

/** The next midnight UTC: when the ads-per-day count (counted since startOfUtcDay) starts again. */
export function nextUtcDay(now: Date): Date {
  return new Date(startOfUtcDay(now).getTime() + 24 * 60 * 60 * 1000);
}
