import type { TSessionUser } from '../../context.ts';
import { countAdsToday } from './count-ads-today.ts';
import { getPlanLimits } from './plan-limits.ts';

/**
 * GET /api/get-limit: gallery images per ad for the caller's plan (`photolimit`), plus how
 * many ads they may still post today (null: unlimited).
 */
export async function getPhotoLimit({ user }: { user: TSessionUser }) {
  const limits = await getPlanLimits({ user });
  const today = limits.adsPerDay === null ? 0 : await countAdsToday({ userId: user.id });
  return {
    photolimit: limits.photos,
    adsPerDay: limits.adsPerDay,
    adsLeftToday: limits.adsPerDay === null ? null : Math.max(0, limits.adsPerDay - today),
    featured: limits.featured,
  };
}
