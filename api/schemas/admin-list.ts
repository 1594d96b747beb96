import './zod-setup.ts';
import { z } from 'zod';
import { ADMIN_MAX_LIMIT, ADMIN_PAGE_SIZE } from '../constants/limits.ts';
import { stripNul } from './ad-query.ts';
import { blankToUndefined, PAGING_MESSAGES, wholeNumber, zLimit, zPageOptional } from './paging.ts';

export { ADMIN_MAX_LIMIT, ADMIN_PAGE_SIZE };

/**
 * The columns each server-paged admin list sorts on (docs/API.md, Admin lists: paging,
 * filtering, sorting); id also breaks ties.
 */
export const AD_LIST_SORTS = ['id', 'heading', 'price'] as const;
export const USER_LIST_SORTS = ['id', 'name', 'email', 'role'] as const;
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type TAdListSort = (typeof AD_LIST_SORTS)[number];
export type TUserListSort = (typeof USER_LIST_SORTS)[number];
export type TSortOrder = (typeof SORT_ORDERS)[number];

export const ADMIN_LIST_MESSAGES = {
  page: PAGING_MESSAGES.page,
  pageMax: PAGING_MESSAGES.pageMax,
  limit: PAGING_MESSAGES.limit(ADMIN_MAX_LIMIT),
  q: 'q must be a single value.',
  order: "order must be 'asc' or 'desc'.",
  sort: (sorts: readonly string[]) => `sort must be one of ${sorts.join(', ')}.`,
  seller: 'seller must be a user id (a whole number of at least 1).',
} as const;

/**
 * The optional query of an admin list (GET /api/ads, GET /api/users). Without page or limit
 * the list answers in full, as the legacy clients expect; with either it answers one page
 * and the total. Anything that cannot be understood is a 400 naming the parameter: unlike
 * the public list, a limit past the maximum is refused rather than clamped, because only
 * our own table sends it.
 */
function adminListQuery<const S extends readonly [string, ...string[]]>(sorts: S) {
  return z.object({
    page: zPageOptional(),
    limit: zLimit(ADMIN_MAX_LIMIT),
    // The filter box's text: cut rather than refused, it is typed by a person.
    q: z
      .string({ error: ADMIN_LIST_MESSAGES.q })
      .optional()
      .transform((s) =>
        stripNul(s ?? '')
          .trim()
          .slice(0, 200),
      ),
    sort: z.preprocess(blankToUndefined, z.enum(sorts, { error: ADMIN_LIST_MESSAGES.sort(sorts) }).optional()),
    order: z.preprocess(blankToUndefined, z.enum(SORT_ORDERS, { error: ADMIN_LIST_MESSAGES.order }).optional()),
  });
}

/** The ads list also narrows to one seller: `seller` is the user id (the admin table's Seller filter). */
export const ZAdListQuery = adminListQuery(AD_LIST_SORTS).extend({
  seller: z.preprocess(
    blankToUndefined,
    wholeNumber(ADMIN_LIST_MESSAGES.seller).max(2_147_483_647, ADMIN_LIST_MESSAGES.seller).optional(),
  ),
});
export type TAdListQuery = z.infer<typeof ZAdListQuery>;
export const ZUserListQuery = adminListQuery(USER_LIST_SORTS);
export type TUserListQuery = z.infer<typeof ZUserListQuery>;

/** Whether the query asks for one page (and the total) rather than the whole list. */
export const isPaged = (q: { page?: number; limit?: number }) => q.page !== undefined || q.limit !== undefined;

/** The filter text as a number, when it is one: '$1,200' and '1200.50' read as prices. */
export function filterNumber(q: string): { id?: number; price?: number } | null {
  const plain = q.replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(plain)) return null;
  const n = Number(plain);
  return { id: Number.isInteger(n) && n >= 1 && n <= 2_147_483_647 ? n : undefined, price: n };
}
