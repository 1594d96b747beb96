import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_PRICE } from '../../api/constants/limits.ts';
import { ZAdQuery } from '../../api/schemas/ad-query.ts';
import { checkPriceRange, PRICE_MESSAGES } from './browse-filters.ts';

describe('checkPriceRange', () => {
  it('puts each message at its field', () => {
    expect(checkPriceRange('', '')).toEqual({});
    expect(checkPriceRange('10', '20')).toEqual({});
    expect(checkPriceRange('30', '20')).toEqual({ min: PRICE_MESSAGES.range });
    expect(checkPriceRange('-1', '')).toEqual({ min: PRICE_MESSAGES.notANumber });
    expect(checkPriceRange('', '1e400')).toEqual({ max: PRICE_MESSAGES.notANumber });
    expect(checkPriceRange('99999999999999999999', '')).toEqual({ min: PRICE_MESSAGES.tooLarge });
    expect(checkPriceRange(String(MAX_PRICE), '')).toEqual({});
  });

  it('lets through exactly what the API accepts (property)', () => {
    const price = fc.oneof(
      fc.constant(''),
      fc.double({ min: -10, max: MAX_PRICE * 10, noNaN: true }).map(String),
      fc.integer({ min: 0, max: 1000 }).map(String),
      fc.string({ maxLength: 6 }),
    );
    fc.assert(
      fc.property(price, price, (min, max) => {
        const errors = checkPriceRange(min, max);
        const ok = Object.keys(errors).length === 0;
        const api = ZAdQuery.safeParse({ min_price: min.trim(), max_price: max.trim() });
        // Whatever the form lets through, the API accepts.
        if (ok) expect(api.success).toBe(true);
        // And what the API accepts as numbers, the form does not refuse.
        if (api.success && /^\d+(\.\d+)?$/.test(min.trim() || '0') && /^\d+(\.\d+)?$/.test(max.trim() || '0'))
          expect(errors).toEqual({});
      }),
    );
  });
});
