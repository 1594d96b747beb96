import { afterEach, describe, expect, it, vi } from 'vitest';
import { ttlCache } from './ttl-cache.ts';

afterEach(() => vi.useRealTimers());

describe('ttlCache', () => {
  it('loads once within the ttl and again after it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let n = 0;
    const c = ttlCache(1000, async () => ++n);
    expect(await c.get()).toBe(1);
    expect(await c.get()).toBe(1);
    vi.setSystemTime(Date.now() + 1001);
    expect(await c.get()).toBe(2);
  });
  it('forgets the value on drop and after a failed load', async () => {
    let n = 0;
    const c = ttlCache(60_000, async () => {
      n += 1;
      if (n === 2) throw new Error('db down');
      return n;
    });
    expect(await c.get()).toBe(1);
    c.drop();
    await expect(c.get()).rejects.toThrow('db down');
    expect(await c.get()).toBe(3);
  });
});
