/**
 * The states an ad can be in, shared by the API and the browser (badges, banners, row
 * actions). Which moves between them are allowed is decided in one place only:
 * api/services/ads/ad-states.ts. docs/AD-STATES.md explains them.
 */
export const AD_STATES = ['active', 'reserved', 'sold', 'paused', 'expired', 'pending', 'removed'] as const;
export type TAdState = (typeof AD_STATES)[number];

/** The states the public sees in lists, search, related ads, the sitemap and category counts. */
export const VISIBLE_STATES = ['active', 'reserved'] as const satisfies readonly TAdState[];
export type TVisibleState = (typeof VISIBLE_STATES)[number];

/** The states whose page still answers 200, with a banner and no way to contact the seller. */
export const ENDED_STATES = ['sold', 'paused', 'expired'] as const satisfies readonly TAdState[];

/** What an owner (or an admin on their behalf) may ask changeAdStatus for. */
export const OWNER_STATUSES = ['active', 'reserved', 'sold', 'paused'] as const satisfies readonly TAdState[];
export type TOwnerStatus = (typeof OWNER_STATUSES)[number];

/** The owner's moves (their buttons); the table in api/services/ads/ad-states.ts says when each is allowed. */
export const OWNER_ACTIONS = ['reserve', 'unreserve', 'sell', 'relist', 'pause', 'resume', 'renew'] as const;
export type TOwnerAction = (typeof OWNER_ACTIONS)[number];

export const AD_STATE_LABELS: Record<TAdState, string> = {
  active: 'Active',
  reserved: 'Reserved',
  sold: 'Sold',
  paused: 'Paused',
  expired: 'Expired',
  pending: 'Under review',
  removed: 'Removed',
};

/** The banner on the public page of an ad that is no longer for sale. */
export const AD_STATE_BANNERS: Record<(typeof ENDED_STATES)[number], { title: string; text: string }> = {
  sold: { title: 'Sold', text: 'This item has been sold. Have a look at similar ads below.' },
  paused: { title: 'This ad is paused', text: 'The seller has paused this ad for now.' },
  expired: { title: 'This ad has expired', text: 'This ad is no longer on offer.' },
};

/** The reminder mail goes out this many days before an ad expires; renewing early opens then too. */
export const EXPIRY_REMINDER_DAYS = 3;

/** Days an ad stays up per plan when the plan row says nothing else (membership_plans.expiry_days). */
export const DEFAULT_EXPIRY_DAYS = { free: 30, gold: 60, platinum: 90 } as const;

export function isVisibleState(state: string): boolean {
  return (VISIBLE_STATES as readonly string[]).includes(state);
}

export function isEndedState(state: string): state is (typeof ENDED_STATES)[number] {
  return (ENDED_STATES as readonly string[]).includes(state);
}
