import type { TAdState } from '../../api/constants/ad-states.ts';

const DAY = 24 * 3600 * 1000;

/**
 * Demo ads (by their index in DEMO_ADS) shown in a state other than active, so every badge,
 * banner and row action has an example: three sold, two reserved, one paused, one expired.
 * None is a vehicle (indexes 0–4), whose category count the seed test pins.
 */
export const DEMO_AD_STATES: Record<number, TAdState> = {
  6: 'sold',
  13: 'sold',
  20: 'sold',
  9: 'reserved',
  16: 'reserved',
  27: 'paused',
  33: 'expired',
};

/**
 * Ad i's state and period: its plan's days from when it was posted, but at least 14 to 27
 * days from the seed (spread by index, as the migration does for existing ads) so a fresh
 * demo site does not see its ads expire together; the expired one ended two days ago.
 */
export function demoAdPeriod(i: number, createdAt: Date, planDays: number, now = Date.now()) {
  const status = DEMO_AD_STATES[i] ?? 'active';
  const expiresAt =
    status === 'expired'
      ? new Date(now - 2 * DAY)
      : new Date(Math.max(createdAt.getTime() + planDays * DAY, now + (14 + (i % 14)) * DAY));
  return { status, publishedAt: createdAt, expiresAt };
}
