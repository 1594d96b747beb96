import { describe, expect, it } from 'vitest';
import { slugify } from './slug.ts';

describe('slugify', () => {
  it('lower-cases and joins words with single hyphens', () => {
    expect(slugify('  Hello   World ')).toBe('hello-world');
  });
  it('collapses punctuation, underscores-as-word-chars kept, and hyphen runs', () => {
    expect(slugify('Cars & Bikes -- 2024!')).toBe('cars-bikes-2024');
    expect(slugify('snake_case stays')).toBe('snake_case-stays');
  });
  it('trims leading and trailing hyphens', () => {
    expect(slugify('--Sale!--')).toBe('sale');
  });
  it('gives an empty slug for text without word characters', () => {
    expect(slugify(' !!! ')).toBe('');
  });
});
