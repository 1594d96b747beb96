import { formatCount, formatPrice } from '../ads/format.ts';

/** Subscription type 'NA' (or none) shows FREE (docs/RULES.md, Prices and display). */
export const planType = (t: string) => (t.trim().toUpperCase() === 'NA' || !t.trim() ? 'FREE' : t);
/** A missing (or zero) price shows FREE, otherwise '$' plus the price. */
export const planPrice = (p: number | null) => (p === null || Number(p) === 0 ? 'FREE' : formatPrice(p));

/** A plan's real limits as the Membership page compares them (listPlanComparison). */
export type TPlanLimitsView = {
  photos: number | null;
  adsPerDay: number | null;
  expiryDays: number;
  featured: boolean;
};

const count = (n: number | null, one: string, many: string) =>
  n === null ? 'Not set' : `${formatCount(n)} ${n === 1 ? one : many}`;

/** The comparison's columns, in order, each with the text a plan's cell shows. */
export const LIMIT_COLUMNS: { key: string; label: string; text: (l: TPlanLimitsView) => string }[] = [
  { key: 'photos', label: 'Photos per ad', text: (l) => count(l.photos, 'photo', 'photos') },
  { key: 'ads', label: 'Ads per day', text: (l) => count(l.adsPerDay, 'ad', 'ads') },
  { key: 'days', label: 'Listing length', text: (l) => count(l.expiryDays, 'day', 'days') },
  { key: 'featured', label: 'Featured placement', text: (l) => (l.featured ? 'Included' : 'Not included') },
];
