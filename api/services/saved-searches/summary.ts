/** The price as the site shows it: '$' and up to two decimals ('$1,250', '$9.99'). */
const PRICE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const money = (n: number) => `$${PRICE.format(n)}`;

export type TSearchSummaryInput = {
  search?: string;
  /** The category's display name, not its slug. */
  categoryName?: string;
  minPrice?: number | null;
  maxPrice?: number | null;
  /** A near search's place ("Richmond, Virginia, US"), or "your location". */
  nearLabel?: string;
};

/**
 * A saved search's default name, read like a sentence: "sofa in Furniture, $50–$400",
 * "bike, under $300", "Vehicles, from $1,000", "All ads" when nothing narrows it; a near
 * search adds "near Richmond, Virginia, US".
 */
export function savedSearchSummary(input: TSearchSummaryInput): string {
  const words = (input.search ?? '').trim().replace(/\s+/g, ' ');
  const category = (input.categoryName ?? '').trim();
  const what = words && category ? `${words} in ${category}` : words || category || 'All ads';
  const min = input.minPrice ?? undefined;
  const max = input.maxPrice ?? undefined;
  let price = '';
  if (min !== undefined && max !== undefined) price = min === max ? money(min) : `${money(min)}–${money(max)}`;
  else if (min !== undefined) price = `from ${money(min)}`;
  else if (max !== undefined) price = `under ${money(max)}`;
  const named = price ? `${what}, ${price}` : what;
  return input.nearLabel ? `${named}, near ${input.nearLabel}` : named;
}
