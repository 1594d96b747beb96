import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonDepth, jsonShape, parseJsonText } from './json-text.ts';

describe('jsonDepth', () => {
  it('counts nesting outside strings only', () => {
    expect(jsonDepth('1')).toBe(0);
    expect(jsonDepth('[]')).toBe(1);
    expect(jsonDepth('[{"a":[1]}]')).toBe(3);
    expect(jsonDepth('["[[[[", "{{{"]')).toBe(1);
    expect(jsonDepth('["a\\"[[[", {"b": "\\\\"}, []]')).toBe(2);
  });

  it('gives the same answer on the UTF-8 bytes as on the text', () => {
    fc.assert(
      fc.property(fc.json(), fc.string({ unit: 'binary' }), (json, noise) => {
        for (const text of [json, `[${JSON.stringify(noise)},${json}]`]) {
          expect(jsonDepth(new TextEncoder().encode(text))).toBe(jsonDepth(text));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('agrees with the depth of what JSON.parse builds', () => {
    const depthOf = (v: unknown): number =>
      v !== null && typeof v === 'object' ? 1 + Math.max(0, ...Object.values(v).map(depthOf)) : 0;
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(jsonDepth(JSON.stringify(v))).toBe(depthOf(v));
      }),
    );
  });

  it('stops at the first bracket past the limit, so a megabyte of `[` costs nothing', () => {
    const huge = '['.repeat(5_000_000);
    const started = performance.now();
    expect(jsonDepth(huge, 10)).toBe(11);
    expect(performance.now() - started).toBeLessThan(50);
  });
});

describe('parseJsonText', () => {
  const limits = { maxLength: 100, maxDepth: 2 };

  it('parses what fits', () => {
    expect(parseJsonText('[{"id":1,"value":"x"}]', limits)).toEqual({ ok: true, value: [{ id: 1, value: 'x' }] });
    expect(parseJsonText('"[[[["', limits)).toEqual({ ok: true, value: '[[[[' });
  });

  it('refuses text that is too long or too deep before parsing it, and bad JSON', () => {
    expect(parseJsonText(`[${'1,'.repeat(60)}1]`, limits)).toEqual({ ok: false, reason: 'too-long' });
    expect(parseJsonText('[[[1]]]', limits)).toEqual({ ok: false, reason: 'too-deep' });
    expect(parseJsonText('[1,', limits)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('answers any hostile text of a megabyte or more in well under 100 ms', () => {
    const hostile = [
      '['.repeat(1_000_000),
      '{"a":'.repeat(300_000),
      `[${'{},'.repeat(400_000)}{}]`,
      `"${'a'.repeat(2_000_000)}"`,
    ];
    for (const text of hostile) {
      const started = performance.now();
      expect(parseJsonText(text, { maxLength: 40_000, maxDepth: 2 }).ok).toBe(false);
      if (text.startsWith('[')) expect(parseJsonText(text, { maxLength: 3_000_000, maxDepth: 1 }).ok).toBe(false);
      expect(performance.now() - started).toBeLessThan(100);
    }
  });
});

describe('jsonShape', () => {
  it('counts object members outside strings, and stops at the first one past the limit', () => {
    expect(jsonShape('{"a":1,"b":{"c":[{"d":2}]}}')).toEqual({ depth: 4, members: 4 });
    expect(jsonShape('{"a:b":"c:d"}')).toEqual({ depth: 1, members: 1 });
    const many = `{${Array.from({ length: 200_000 }, (_, i) => `"k${i}":0`).join(',')}}`;
    const started = performance.now();
    expect(jsonShape(many, { members: 1000 }).members).toBe(1001);
    expect(performance.now() - started).toBeLessThan(50);
  });
});
