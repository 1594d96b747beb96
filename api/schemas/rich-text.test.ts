import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZAdUpdate } from './ad.ts';
import { isBlankHtml, requiredRichText } from './rich-text.ts';

/** The regex version isBlankHtml replaced (quadratic on many `<`), as the reference. */
const reference = (html: string) =>
  !html ||
  (!/<img\b/i.test(html) &&
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|\u00a0/g, ' ')
      .trim() === '');

describe('isBlankHtml', () => {
  it('agrees with the tag-stripping regex it replaced', () => {
    const piece = fc.constantFrom(
      '<p>',
      '</p>',
      '<br>',
      '<',
      '>',
      ' ',
      '\u00a0',
      '&nbsp;',
      '\n',
      'a',
      '<img src=x>',
      '&',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (parts) => {
        const html = parts.join('');
        expect(isBlankHtml(html), JSON.stringify(html)).toBe(reference(html));
      }),
      { numRuns: 3000 },
    );
  });

  it('answers a megabyte of `<` (or of tags, or spaces) in well under 100 ms', () => {
    for (const html of [
      '<'.repeat(1_000_000),
      `${'<'.repeat(1_000_000)}>`,
      '<p>'.repeat(400_000),
      ' '.repeat(1_000_000),
    ]) {
      const started = performance.now();
      isBlankHtml(html);
      expect(performance.now() - started).toBeLessThan(100);
    }
  });
});

describe('requiredRichText', () => {
  it('stops at the length check: the blank check never runs on an oversized text', () => {
    const schema = requiredRichText('Please enter description.', 10);
    const result = schema.safeParse('<'.repeat(11));
    expect(result.error?.issues.map((i) => i.message)).toEqual(['The text is too long.']);
    expect(schema.safeParse('<p> </p>').error?.issues.map((i) => i.message)).toEqual(['Please enter description.']);
  });

  it('refuses an ad update with a 1 MB description of `<` fast, naming the length', () => {
    const started = performance.now();
    const result = ZAdUpdate.safeParse({
      id: '1',
      heading: 'h',
      description: '<'.repeat(1_000_000),
      category: 'c',
      price: '1',
      rating: '1',
      location: 'l',
    });
    expect(performance.now() - started).toBeLessThan(100);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['The text is too long.']);
  });
});
