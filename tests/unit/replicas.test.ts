import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { lagOf, lsnValue, readPrimaryCookie, readsOnPrimary } from '../../api/db/replicas.ts';
import { resetEnv } from '../../api/env.ts';

const lsn = (n: bigint) => `${(n >> 32n).toString(16).toUpperCase()}/${(n & 0xffffffffn).toString(16).toUpperCase()}`;

afterEach(() => {
  delete process.env.DATABASE_REPLICA_URLS;
  resetEnv();
});

describe('replica lag and read-your-writes', () => {
  it('orders WAL positions as PostgreSQL does', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), (a, b) => {
        expect(lsnValue(lsn(a)) < lsnValue(lsn(b))).toBe(a < b);
      }),
    );
    expect(lsnValue('16/B374D848')).toBe((0x16n << 32n) | 0xb374d848n);
  });

  it('measures lag from the oldest primary position not yet replayed, 0 only when none is missing', () => {
    const samples = [
      { at: 1000, lsn: '0/100' },
      { at: 2000, lsn: '0/200' },
      { at: 3000, lsn: '0/300' },
    ];
    expect(lagOf({ samples }, lsnValue('0/300'), 3500)).toBe(0);
    expect(lagOf({ samples }, lsnValue('0/250'), 3500)).toBe(500);
    expect(lagOf({ samples }, lsnValue('0/150'), 3500)).toBe(1500);
    expect(lagOf({ samples }, lsnValue('0/150'), 2000)).toBe(1);
  });

  it('keeps a writer on the primary for the window, only when replicas are in use', () => {
    expect(readPrimaryCookie(1000)).toBeUndefined();
    process.env.DATABASE_REPLICA_URLS = 'postgres://127.0.0.1:5433/db';
    resetEnv();
    const cookie = readPrimaryCookie(1000) as string;
    expect(cookie).toBe('read_primary_until=11000; Max-Age=10; Path=/; HttpOnly; SameSite=Lax');
    const value = /=(\d+);/.exec(cookie)?.[1];
    expect(readsOnPrimary(value, 10_999)).toBe(true);
    expect(readsOnPrimary(value, 11_000)).toBe(false);
    expect(readsOnPrimary('nonsense', 0)).toBe(false);
    expect(readsOnPrimary(undefined, 0)).toBe(false);
  });
});
