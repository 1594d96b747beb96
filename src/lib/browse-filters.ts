import { MAX_PRICE } from '../../api/constants/limits.ts';
import { AD_QUERY_MESSAGES, ZAdQuery } from '../../api/schemas/ad-query.ts';
import { formatNear } from '../../api/schemas/near.ts';
import { EMPTY_FILTERS, type TBrowseFilters } from '../components/ads/format.ts';

/** The page URL's names for the fields of the API's ad-list query. */
const URL_NAMES = {
  search: 'psearchKeyword',
  category: 'pselectedCategory',
  min_price: 'pminPrice',
  max_price: 'pmaxPrice',
  sort: 'sort',
  page: 'page',
  near: 'pnear',
  radius_km: 'pradius',
} as const;
type TField = keyof typeof URL_NAMES;

/**
 * The Browse Ads List filters from a page URL, judged by the API's own query schema so the
 * page and GET /api/all-ads accept exactly the same values. A link is not a form: where the
 * API would answer 400, the page drops the value it names and shows the rest, and a reversed
 * price range is swapped rather than dropped (the visitor typed both bounds).
 */
export function readBrowseFilters(params: URLSearchParams): TBrowseFilters {
  const input: Partial<Record<TField, string>> = {};
  for (const [field, name] of Object.entries(URL_NAMES) as [TField, string][]) {
    const value = params.get(name);
    if (value !== null) input[field] = value;
  }
  // Each round removes or swaps what the last one refused; there are only eight fields.
  for (let round = 0; round < 8; round++) {
    const parsed = ZAdQuery.safeParse(input);
    if (parsed.success) {
      const q = parsed.data;
      return {
        search: q.search,
        category: q.category,
        minPrice: q.min_price === undefined ? '' : String(q.min_price),
        maxPrice: q.max_price === undefined ? '' : String(q.max_price),
        sort: q.sort,
        page: q.page,
        near: q.near ? formatNear(q.near) : '',
        nearLabel: '',
        radius: q.near && q.radius_km !== undefined ? String(q.radius_km) : '',
      };
    }
    for (const issue of parsed.error.issues) {
      if (issue.message === AD_QUERY_MESSAGES.priceRange) {
        [input.min_price, input.max_price] = [input.max_price, input.min_price];
      } else {
        delete input[issue.path[0] as TField];
      }
    }
  }
  return { ...EMPTY_FILTERS };
}

/** The price filter's messages (docs/SCREENS.md, Browse Ads List): the first two are the product description's. */
export const PRICE_MESSAGES = {
  notANumber: 'Please enter a price of 0 or more.',
  range: 'Minimum price cannot be more than maximum price.',
  tooLarge: `Please enter a price of at most ${MAX_PRICE.toLocaleString('en-US')}.`,
} as const;

export type TPriceErrors = { min?: string; max?: string };

/**
 * The price range as the filter form has it, judged with the API's own limits (0 to
 * MAX_PRICE, minimum not above maximum), so nothing the form sends can be refused. Each
 * message belongs to its field; a reversed range is the minimum's fault.
 */
export function checkPriceRange(minRaw: string, maxRaw: string): TPriceErrors {
  const errors: TPriceErrors = {};
  const judge = (raw: string) => {
    const v = raw.trim();
    if (v === '') return undefined;
    const n = Number(v);
    if (!Number.isFinite(n) || n < 0) return PRICE_MESSAGES.notANumber;
    if (n > MAX_PRICE) return PRICE_MESSAGES.tooLarge;
    return undefined;
  };
  const min = judge(minRaw);
  const max = judge(maxRaw);
  if (min) errors.min = min;
  if (max) errors.max = max;
  if (!min && !max && minRaw.trim() !== '' && maxRaw.trim() !== '' && Number(minRaw) > Number(maxRaw))
    errors.min = PRICE_MESSAGES.range;
  return errors;
}
