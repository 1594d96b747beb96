/** Display helpers shared by the server-rendered pages and the islands (no server imports). */

// One formatter for every price and one for counts: toLocaleString builds a new one per call
// (14 µs against 0.4 µs), which showed up in server profiles of pages listing many ads.
const PRICE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const COUNT = new Intl.NumberFormat('en-US');

/** A count with thousands separators ('1,000'), from the one shared formatter. */
export const formatCount = (n: number): string => COUNT.format(n);

/**
 * '$' plus the value; 'Free' for a price of 0; FREE (or `free`) when there is none
 * (docs/RULES.md, Prices and display).
 */
export function formatPrice(price: number | string | null | undefined, free = 'FREE'): string {
  if (price === null || price === undefined || price === '') return free;
  const n = Number(price);
  if (!Number.isFinite(n)) return free;
  if (n === 0) return 'Free';
  return `$${PRICE.format(n)}`;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];
const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

/** '3 months ago', '2 days ago', 'just now': how old a listing is, from `now`. */
export function timeAgo(date: string | Date, now: number): string {
  const seconds = Math.max(0, (now - new Date(date).getTime()) / 1000);
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return rtf.format(-Math.floor(seconds / size), unit);
  }
  return 'just now';
}

/** The filters of the Browse Ads List, as the URL carries them (docs/SCREENS.md, Browse Ads List). */
export type TBrowseFilters = {
  search: string;
  category: string;
  minPrice: string;
  maxPrice: string;
  sort: '' | 'price-asc' | 'price-desc' | 'relevance' | 'distance';
  page: number;
  /** Near a place id or "lat,lon" ('' for anywhere), the place's label, and the radius in km ('' for 25). */
  near: string;
  nearLabel: string;
  radius: string;
};

export const EMPTY_FILTERS: TBrowseFilters = {
  search: '',
  category: '',
  minPrice: '',
  maxPrice: '',
  sort: '',
  page: 1,
  near: '',
  nearLabel: '',
  radius: '',
};

/** The page URL's query for these filters (only what is set), for sharing and reloads. */
export function browseQuery(f: TBrowseFilters): string {
  const p = new URLSearchParams();
  if (f.search.trim()) p.set('psearchKeyword', f.search.trim());
  if (f.category) p.set('pselectedCategory', f.category);
  if (f.minPrice) p.set('pminPrice', f.minPrice);
  if (f.maxPrice) p.set('pmaxPrice', f.maxPrice);
  if (f.near) p.set('pnear', f.near);
  if (f.near && f.radius) p.set('pradius', f.radius);
  if (f.sort) p.set('sort', f.sort);
  if (f.page > 1) p.set('page', String(f.page));
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** Whether the sidebar counts categories for these filters (a search or a price range). */
export const countsCategories = (f: TBrowseFilters) => !!(f.search.trim() || f.minPrice || f.maxPrice || f.near);

/** "12 km" (whole km from 10 up, one decimal below): how far an ad is in a near search. */
export function formatDistance(km: number): string {
  return km < 10 ? `${Math.round(km * 10) / 10} km` : `${formatCount(Math.round(km))} km`;
}

/** The API query (GET /api/all-ads) for these filters. */
export function apiQuery(f: TBrowseFilters, limit: number): string {
  const p = new URLSearchParams({ page: String(f.page), limit: String(limit) });
  if (countsCategories(f)) p.set('category_counts', '1');
  p.set('search', f.search.trim());
  p.set('category', f.category);
  p.set('sort', f.sort);
  if (f.minPrice) p.set('min_price', f.minPrice);
  if (f.maxPrice) p.set('max_price', f.maxPrice);
  if (f.near) p.set('near', f.near);
  if (f.near && f.radius) p.set('radius_km', f.radius);
  return p.toString();
}
