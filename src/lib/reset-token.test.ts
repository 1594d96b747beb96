import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { looksLikeResetToken } from './reset-token.ts';

/** The mailed token's shape (api/auth/session.ts generateToken): 20 bytes, lower-case base32. */
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
const mailedToken = fc
  .array(fc.integer({ min: 0, max: 31 }), { minLength: 32, maxLength: 32 })
  .map((ds) => ds.map((d) => BASE32[d]).join(''));

describe('looksLikeResetToken', () => {
  it('accepts every token the site can mail (property)', () => {
    fc.assert(
      fc.property(mailedToken, (t) => {
        expect(looksLikeResetToken(t)).toBe(true);
      }),
    );
  });

  it('refuses a missing, cut or foreign token', () => {
    for (const t of [
      '',
      null,
      undefined,
      'abc',
      'a'.repeat(31),
      'a'.repeat(33),
      `${'a'.repeat(31)}!`,
      `${'a'.repeat(31)}1`,
    ]) {
      expect(looksLikeResetToken(t)).toBe(false);
    }
  });

  it('refuses anything of another length (property)', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => s.trim().length !== 32),
        (s) => {
          expect(looksLikeResetToken(s)).toBe(false);
        },
      ),
    );
  });
});
