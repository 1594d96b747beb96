import { describe, expect, it } from 'vitest';
import { formatPrice, timeAgo } from '../../src/components/ads/format.ts';
import { readBrowseFilters } from '../../src/lib/browse-filters.ts';

describe('formatPrice', () => {
  it('writes dollars with thousands separators and at most two decimals', () => {
    expect(formatPrice(0)).toBe('$0');
    expect(formatPrice(1234567)).toBe('$1,234,567');
    expect(formatPrice('149.5')).toBe('$149.5');
    expect(formatPrice(19.999)).toBe('$20');
  });

  it('says FREE (or the given word) when there is no usable price', () => {
    for (const v of [null, undefined, '', 'abc', Number.NaN, Number.POSITIVE_INFINITY])
      expect(formatPrice(v)).toBe('FREE');
    expect(formatPrice(null, 'Ask')).toBe('Ask');
  });
});

describe('timeAgo', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('names the largest whole unit', () => {
    expect(timeAgo(new Date(now - 30_000), now)).toBe('just now');
    expect(timeAgo(new Date(now - 5 * 60_000), now)).toBe('5 minutes ago');
    expect(timeAgo(new Date(now - 2 * 86_400_000), now)).toBe('2 days ago');
    expect(timeAgo('2025-11-01T12:00:00Z', now)).toBe('1 year ago');
  });
  it('never speaks of the future', () => {
    expect(timeAgo(new Date(now + 3_600_000), now)).toBe('just now');
  });
});

describe('readBrowseFilters', () => {
  it('keeps usable values, swaps a reversed price range and drops the rest', () => {
    const f = readBrowseFilters(
      new URLSearchParams('psearchKeyword=bike&pselectedCategory=All&pminPrice=500&pmaxPrice=20&sort=x&page=-3'),
    );
    expect(f).toEqual({ search: 'bike', category: '', minPrice: '20', maxPrice: '500', sort: '', page: 1 });
  });
});
