import { describe, expect, it } from 'vitest';
import { savedSearchSummary } from './summary.ts';

describe('savedSearchSummary', () => {
  it('reads words, category and a price range like a sentence', () => {
    expect(savedSearchSummary({ search: 'sofa', categoryName: 'Furniture', minPrice: 50, maxPrice: 400 })).toBe(
      'sofa in Furniture, $50–$400',
    );
  });

  it('leaves out what is not set', () => {
    expect(savedSearchSummary({ search: 'bike' })).toBe('bike');
    expect(savedSearchSummary({ categoryName: 'Vehicles' })).toBe('Vehicles');
    expect(savedSearchSummary({ search: 'bike', maxPrice: 300 })).toBe('bike, under $300');
    expect(savedSearchSummary({ categoryName: 'Vehicles', minPrice: 1000 })).toBe('Vehicles, from $1,000');
    expect(savedSearchSummary({ minPrice: null, maxPrice: null })).toBe('All ads');
  });

  it('shows a zero price and a single price once', () => {
    expect(savedSearchSummary({ search: 'lamp', minPrice: 0 })).toBe('lamp, from $0');
    expect(savedSearchSummary({ search: 'lamp', minPrice: 20, maxPrice: 20 })).toBe('lamp, $20');
    expect(savedSearchSummary({ search: 'lamp', minPrice: 9.5, maxPrice: 19.99 })).toBe('lamp, $9.5–$19.99');
  });

  it('tidies the spaces of the typed words', () => {
    expect(savedSearchSummary({ search: '  red   sofa ', categoryName: ' Furniture ' })).toBe('red sofa in Furniture');
  });
});
