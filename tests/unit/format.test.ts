import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { browseQuery, formatPrice, timeAgo } from '../../src/components/ads/format.ts';
import { readBrowseFilters } from '../../src/lib/browse-filters.ts';

describe('formatPrice', () => {
  it('writes dollars with thousands separators and at most two decimals; 0 reads Free', () => {
    expect(formatPrice(0)).toBe('Free');
    expect(formatPrice('0.00')).toBe('Free');
    expect(formatPrice(0.5)).toBe('$0.5');
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
  it('gives small ages in small units: a minute-old ad is "1 minute ago", three hours "3 hours ago"', () => {
    expect(timeAgo(new Date(now - 60_000), now)).toBe('1 minute ago');
    expect(timeAgo(new Date(now - 3 * 3_600_000), now)).toBe('3 hours ago');
    expect(timeAgo(new Date(now - 29 * 86_400_000), now)).toBe('4 weeks ago');
  });

  // Ages in seconds as one ordered scale: just now < minutes < hours < days < weeks < months < years.
  const UNIT_ORDER = ['just now', 'minute', 'hour', 'day', 'week', 'month', 'year'];
  const rank = (text: string) => {
    const unit = UNIT_ORDER.findIndex((u) => text.includes(u));
    const count = Number(text.match(/^\d+/)?.[0] ?? 0);
    return unit * 1000 + count;
  };
  const age = fc.integer({ min: 0, max: 20 * 365 * 86_400 });

  it('is monotone: an older ad never reads younger (property)', () => {
    fc.assert(
      fc.property(age, age, (a, b) => {
        const [young, old] = a <= b ? [a, b] : [b, a];
        return rank(timeAgo(new Date(now - young * 1000), now)) <= rank(timeAgo(new Date(now - old * 1000), now));
      }),
    );
  });

  it('never says months or years under 30 days (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 * 86_400 - 1 }), (s) => {
        const text = timeAgo(new Date(now - s * 1000), now);
        return !/month|year/.test(text) && (s < 60 ? text === 'just now' : /^\d+ \w+ ago$/.test(text));
      }),
    );
  });
});

describe('readBrowseFilters', () => {
  it('keeps usable values, swaps a reversed price range and drops the rest', () => {
    const f = readBrowseFilters(
      new URLSearchParams('psearchKeyword=bike&pselectedCategory=All&pminPrice=500&pmaxPrice=20&sort=x&page=-3'),
    );
    expect(f).toEqual({
      search: 'bike',
      category: '',
      minPrice: '20',
      maxPrice: '500',
      sort: '',
      page: 1,
      near: '',
      nearLabel: '',
      radius: '',
    });
  });

  it('keeps a near place or position with its radius, and drops what the API would refuse', () => {
    const place = readBrowseFilters(new URLSearchParams('pnear=4781708&pradius=50&sort=distance'));
    expect(place).toMatchObject({ near: '4781708', radius: '50', sort: 'distance' });
    expect(browseQuery(place)).toBe('?pnear=4781708&pradius=50&sort=distance');
    const point = readBrowseFilters(new URLSearchParams('pnear=37.54,-77.436&pradius=700'));
    expect(point).toMatchObject({ near: '37.54,-77.436', radius: '' });
    const nonsense = readBrowseFilters(new URLSearchParams('pnear=north&sort=distance&pradius=10'));
    expect(nonsense).toMatchObject({ near: '', radius: '', sort: '' });
  });
});
