import { formatPrice } from '../ads/format.ts';

/** Subscription type 'NA' (or none) shows FREE (docs/RULES.md, Prices and display). */
export const planType = (t: string) => (t.trim().toUpperCase() === 'NA' || !t.trim() ? 'FREE' : t);
/** A missing (or zero) price shows FREE, otherwise '$' plus the price. */
export const planPrice = (p: number | null) => (p === null || Number(p) === 0 ? 'FREE' : formatPrice(p));
