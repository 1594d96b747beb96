import { afterEach, describe, expect, it } from 'vitest';
import { boundFromEnv, createLoadShedder } from '../../server/load-shedder.ts';

type TShedder = ReturnType<typeof createLoadShedder>;
let shedder: TShedder | undefined;
afterEach(() => shedder?.stop());

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('load shedder', () => {
  it('admits up to the bound, then refuses with 1-5 s to wait until a place is given back', () => {
    shedder = createLoadShedder({ maxInflight: 3, maxEventLoopDelayMs: 0 });
    expect([shedder.admit(), shedder.admit(), shedder.admit()]).toEqual([0, 0, 0]);
    for (let i = 0; i < 50; i++) {
      const wait = shedder.admit();
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(5);
    }
    expect(shedder.inflight).toBe(3);
    expect(shedder.lastRefusal).toBe('in_flight');
    shedder.done();
    expect(shedder.admit()).toBe(0);
    // Uncounted requests (uploaded images) are not held to the bound.
    expect(shedder.admit(false)).toBe(0);
    expect(shedder.inflight).toBe(3);
  });

  it('refuses everything, counted or not, just after the event loop was held up', async () => {
    shedder = createLoadShedder({ maxInflight: 0, maxEventLoopDelayMs: 300 });
    await pause(150);
    expect(shedder.admit(false)).toBe(0);
    const until = Date.now() + 600;
    while (Date.now() < until) {
      // a task that keeps the event loop for 600 ms
    }
    // The requests that waited meanwhile are read after the timers: they are refused.
    await pause(0);
    const wait = shedder.admit(false);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(5);
    expect(shedder.admit()).toBeGreaterThanOrEqual(1);
    expect(shedder.lastRefusal).toBe('event_loop');
    expect(shedder.delayMs).toBeGreaterThan(300);
    // Caught up: work is let in again.
    await pause(250);
    expect(shedder.admit()).toBe(0);
  });

  it('reads its bounds from the environment, 0 meaning none, and ignores nonsense', () => {
    process.env.TEST_BOUND = '0';
    expect(boundFromEnv('TEST_BOUND', 16)).toBe(0);
    process.env.TEST_BOUND = ' 40 ';
    expect(boundFromEnv('TEST_BOUND', 16)).toBe(40);
    process.env.TEST_BOUND = 'lots';
    expect(boundFromEnv('TEST_BOUND', 16)).toBe(16);
    delete process.env.TEST_BOUND;
    expect(boundFromEnv('TEST_BOUND', 16)).toBe(16);
  });
});
