import { settingsLimits } from '../ads/plan-limits.ts';
import { getSettings } from '../settings/get-settings.ts';
import { listPlans } from './list-plans.ts';

/**
 * Each membership plan's real limits, for the Membership page's comparison: photos per ad and
 * ads per day from the site settings of the subscription of the same name (null when the plan
 * is no subscription), days an ad stays up and featured placement from the plan itself.
 */
export async function listPlanComparison() {
  const [plans, settings] = await Promise.all([listPlans(), getSettings()]);
  return plans.map((p) => {
    const limits = settingsLimits(settings, p.plan_name.trim().toLowerCase());
    return {
      id: p.id,
      plan_name: p.plan_name,
      photos: limits?.photos ?? null,
      adsPerDay: limits?.adsPerDay ?? null,
      expiryDays: p.expiry_days,
      featured: p.includes_featured,
    };
  });
}
export type TPlanComparison = Awaited<ReturnType<typeof listPlanComparison>>[number];
