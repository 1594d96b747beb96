/** Saved searches: shared by the API and the browser (the admin screen, the save button). */

/** How often a saved search mails its new finds: at once (within minutes), one daily digest, or never. */
export const ALERT_FREQUENCIES = ['instant', 'daily', 'off'] as const;
export type TAlertFrequency = (typeof ALERT_FREQUENCIES)[number];

export const ALERT_FREQUENCY_LABELS: Record<TAlertFrequency, string> = {
  instant: 'Instant',
  daily: 'Daily digest',
  off: 'Off',
};

/** Saved searches one user may keep. */
export const MAX_SAVED_SEARCHES = 50;

/** An alert mail lists at most this many new ads, then links to all of them. */
export const ALERT_MAIL_ADS = 10;

/** Longest name a saved search may have. */
export const SAVED_SEARCH_NAME_MAX = 120;

/**
 * The home page showing a saved search's results: the browse list's own address parameters
 * (src/components/ads/format.ts, browseQuery), so the link opens the same filtered view.
 */
export function savedSearchHref(s: {
  search: string;
  category: string;
  minPrice: number | null;
  maxPrice: number | null;
  sort: string;
  near?: string;
  radiusKm?: number | null;
}): string {
  const p = new URLSearchParams();
  if (s.search) p.set('psearchKeyword', s.search);
  if (s.category) p.set('pselectedCategory', s.category);
  if (s.minPrice !== null) p.set('pminPrice', String(s.minPrice));
  if (s.maxPrice !== null) p.set('pmaxPrice', String(s.maxPrice));
  if (s.near) p.set('pnear', s.near);
  if (s.near && s.radiusKm) p.set('pradius', String(s.radiusKm));
  if (s.sort) p.set('sort', s.sort);
  const q = p.toString();
  return q ? `/?${q}` : '/';
}
