import { formatPrice } from '../ads/format.ts';

/** SPEC.md §3, §9: subscription type 'NA' (or none) shows FREE. */
export const planType = (t: string) => (t.trim().toUpperCase() === 'NA' || !t.trim() ? 'FREE' : t);
/** SPEC.md §9: a missing (or zero) price shows FREE, otherwise '$' plus the price. */
export const planPrice = (p: number | null) => (p === null || Number(p) === 0 ? 'FREE' : formatPrice(p));
