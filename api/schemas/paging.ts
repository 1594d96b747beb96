import './zod-setup.ts';
import { z } from 'zod';
import { ADMIN_MAX_LIMIT, MAX_PAGE } from '../constants/limits.ts';

/**
 * The one paging rule of every list query: `page` a whole number from 1 to MAX_PAGE and
 * `limit` from 1 to the list's maximum, empty meaning "not set", anything else a 400 naming
 * the parameter. (The public ad list alone clamps a large limit: api/schemas/ad-query.ts.)
 */
export const PAGING_MESSAGES = {
  page: 'page must be a whole number of at least 1.',
  pageMax: `page must be at most ${MAX_PAGE}.`,
  limit: (max: number) => `limit must be a whole number from 1 to ${max}.`,
} as const;

/** A query value that is absent or empty means "not set". */
export const blankToUndefined = (v: unknown) => (v === '' || v === undefined || v === null ? undefined : v);

/** A whole number of at least 1, every failure with `message`. */
export const wholeNumber = (message: string) => z.coerce.number({ error: message }).int(message).min(1, message);

const pageNumber = () => wholeNumber(PAGING_MESSAGES.page).max(MAX_PAGE, PAGING_MESSAGES.pageMax);

/** `page`, optional (a list that answers whole without it). */
export const zPageOptional = () => z.preprocess(blankToUndefined, pageNumber().optional());

/** `page`, 1 when not given. */
export const zPage = () => z.preprocess(blankToUndefined, pageNumber().default(1));

const limitNumber = (max: number) => wholeNumber(PAGING_MESSAGES.limit(max)).max(max, PAGING_MESSAGES.limit(max));

/** `limit` up to `max` (refused past it), optional. */
export const zLimit = (max = ADMIN_MAX_LIMIT) => z.preprocess(blankToUndefined, limitNumber(max).optional());

/** `limit` up to `max` (refused past it), `fallback` when not given. */
export const zLimitOr = (max: number, fallback: number) =>
  z.preprocess(blankToUndefined, limitNumber(max).default(fallback));
