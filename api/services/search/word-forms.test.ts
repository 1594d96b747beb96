import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { termGroup, wordForms } from './word-forms.ts';

describe('wordForms', () => {
  it('gives the regular singular and plural forms, the word first', () => {
    expect(wordForms('bikes')).toContain('bike');
    expect(wordForms('bike')).toContain('bikes');
    expect(wordForms('dresses')).toContain('dress');
    expect(wordForms('dress')).toContain('dresses');
    expect(wordForms('batteries')).toContain('battery');
    expect(wordForms('battery')).toContain('batteries');
    expect(wordForms('shelves')).toContain('shelf');
    expect(wordForms('knife')).toContain('knives');
    expect(wordForms('glass')).not.toContain('glas');
    expect(wordForms('tv')).toEqual(['tv']);
    expect(wordForms('123')).toEqual(['123', '-123']);
    expect(wordForms('sofa')[0]).toBe('sofa');
  });

  it('groups the forms as tsquery text, the typed word keeping its prefix', () => {
    expect(termGroup('bikes:*')).toBe('(bike | bikes:* | bikeses)');
    expect(termGroup('tv')).toBe('tv');
    expect(termGroup('123:*')).toBe('(123:* | -123:*)');
    expect(termGroup('batteries', { keyed: true })).toMatch(/^batter:\* & \(/);
  });

  it('keyed groups start with a prefix of every form they can match (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,12}$/), fc.boolean(), (word, typing) => {
        const group = termGroup(typing ? `${word}:*` : word, { keyed: true });
        const first = /^\(?([a-z0-9-]+)/.exec(group)?.[1] ?? '';
        for (const form of wordForms(word)) expect(form.startsWith(first), `${group} / ${form}`).toBe(true);
        // Only letters, digits, '-' and tsquery operators: nothing typed becomes syntax.
        expect(group).toMatch(/^[a-z0-9\-:*()|& ]+$/);
      }),
    );
  });
});
