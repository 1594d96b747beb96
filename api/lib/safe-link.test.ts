import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSafeLink } from './safe-link.ts';

describe('isSafeLink (admin link fields)', () => {
  it('takes http(s) URLs, one-slash paths and empty', () => {
    for (const ok of [
      '',
      'https://example.com',
      'https://example.com/a?b=c#d',
      'http://example.com:8080/x',
      'HTTPS://EXAMPLE.COM',
      '/',
      '/membership',
      '/a/b?c=//d',
    ]) {
      expect(isSafeLink(ok), ok).toBe(true);
    }
  });

  it('refuses other sites disguised as paths, script URLs and anything else', () => {
    for (const bad of [
      '//evil.example',
      '//evil.example/path',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r/evil.example',
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'https:evil.example',
      'http:/evil.example',
      'https://',
      'mailto:a@b.test',
      'evil.example',
      '\u0000/x',
    ]) {
      expect(isSafeLink(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('never takes a link a browser would send to another host unless it says http(s)://', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (tail) => {
        const link = `/${tail}`;
        if (!isSafeLink(link)) return;
        // What a browser makes of it, relative to this site: it stays on this site.
        expect(new URL(link, 'https://site.example/page').host).toBe('site.example');
      }),
      { numRuns: 2000 },
    );
    // 2,000 runs take about a second alone; a busy 2-core machine may need several.
  }, 20_000);
});
