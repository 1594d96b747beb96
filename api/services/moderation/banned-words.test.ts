import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findBannedWord, parseBannedWords } from './banned-words.ts';

describe('the banned-words list', () => {
  it('reads one entry per line or comma, trimmed, lower-case, without repeats', () => {
    expect(parseBannedWords(' Replica \n\ngift   card, WIRE transfer,replica')).toEqual([
      'replica',
      'gift card',
      'wire transfer',
    ]);
    expect(parseBannedWords('')).toEqual([]);
  });

  it('matches whole words and phrases in any case and spacing, never part of a word', () => {
    const words = parseBannedWords('ass, gift card');
    expect(findBannedWord('A first-class chair', words)).toBeNull();
    expect(findBannedWord('Pay by GIFT\n card please', words)).toBe('gift card');
    expect(findBannedWord('ass.', words)).toBe('ass');
    expect(findBannedWord('Bass guitar', words)).toBeNull();
    expect(findBannedWord('Kürass', parseBannedWords('rass'))).toBeNull();
    expect(findBannedWord('anything', [])).toBeNull();
  });

  it('finds any listed word put between other words, and never one that is absent', () => {
    const word = fc.stringMatching(/^[a-z]{3,10}$/);
    fc.assert(
      fc.property(word, fc.array(word, { maxLength: 6 }), fc.array(word, { maxLength: 6 }), (banned, left, right) => {
        const text = [...left, banned.toUpperCase(), ...right].join(' ');
        expect(findBannedWord(text, [banned])).toBe(banned);
        const clean = [...left, ...right].filter((w) => w !== banned).join(' ');
        expect(findBannedWord(clean, [banned])).toBeNull();
      }),
    );
  });

  it('treats the characters of regular expressions in an entry as plain text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (entry) => {
        const words = parseBannedWords(entry);
        // Never throws, whatever an admin types.
        findBannedWord('some text (with) [brackets] .* and more', words);
      }),
    );
    expect(findBannedWord('price: $5.00 (cash)', parseBannedWords('(cash)'))).toBe('(cash)');
  });
});
