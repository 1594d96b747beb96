import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quoted } from './quoted.ts';

describe('quoted', () => {
  it('wraps plain text in typographic quotes', () => {
    expect(quoted('Blue sofa')).toBe('“Blue sofa”');
  });

  it('turns quotes already in the text into single ones instead of doubling them', () => {
    expect(quoted('“bike” in Bikes')).toBe('“‘bike’ in Bikes”');
    expect(quoted('"bike" in Bikes, under $300')).toBe('“‘bike’ in Bikes, under $300”');
    expect(quoted('About “Old lamp”')).toBe('“About ‘Old lamp’”');
  });

  it('never leaves a double quote inside, whatever the text', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const inner = quoted(text).slice(1, -1);
        expect(inner).not.toMatch(/["“”]/);
        expect(inner.length).toBe(text.length);
      }),
    );
  });
});
