import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ANSWERED_WITHIN_HOURS,
  MIN_CONVERSATIONS,
  responseFacts,
  type TThread,
} from '../../api/services/sellers/seller-facts.ts';
import { formatRate, formatResponseTime } from '../../src/lib/seller-facts.ts';

const HOUR = 3_600_000;
const t0 = Date.UTC(2026, 10, 1);
/** A conversation whose first message was answered after `delayMs` (null: never). */
const thread = fc
  .record({
    at: fc.integer({ min: 0, max: 80 * 24 }),
    delayMs: fc.option(fc.integer({ min: 0, max: 100 * HOUR }), { nil: null }),
  })
  .map(({ at, delayMs }): TThread => {
    const askedAt = new Date(t0 + at * HOUR);
    return { askedAt, answeredAt: delayMs === null ? null : new Date(askedAt.getTime() + delayMs) };
  });

describe('a seller response facts', () => {
  it('count the share of first messages answered within 48 hours, and their median time', () => {
    fc.assert(
      fc.property(fc.array(thread, { maxLength: 40 }), (threads) => {
        const facts = responseFacts(threads);
        expect(facts.conversations).toBe(threads.length);
        if (threads.length < MIN_CONVERSATIONS) {
          expect(facts).toEqual({ conversations: threads.length, responseRate: null, responseMinutes: null });
          return;
        }
        const within = threads
          .filter((t) => t.answeredAt && t.answeredAt.getTime() - t.askedAt.getTime() <= ANSWERED_WITHIN_HOURS * HOUR)
          .map((t) => ((t.answeredAt as Date).getTime() - t.askedAt.getTime()) / 60_000);
        expect(facts.responseRate).toBeCloseTo(within.length / threads.length, 10);
        expect(facts.responseRate).toBeGreaterThanOrEqual(0);
        expect(facts.responseRate).toBeLessThanOrEqual(1);
        if (!within.length) {
          expect(facts.responseMinutes).toBeNull();
          return;
        }
        // A median: at least half of the answers came no later, and at least half no sooner.
        const m = facts.responseMinutes as number;
        expect(within.filter((d) => Math.round(d) <= m).length * 2).toBeGreaterThanOrEqual(within.length);
        expect(within.filter((d) => Math.round(d) >= m).length * 2).toBeGreaterThanOrEqual(within.length);
      }),
    );
  });

  it('treat an answer after 48 hours as no answer, and never read a reply from before the question', () => {
    const ask = new Date(t0);
    const at = (h: number) => new Date(t0 + h * HOUR);
    const facts = responseFacts([
      { askedAt: ask, answeredAt: at(0.5) },
      { askedAt: ask, answeredAt: at(48) },
      { askedAt: ask, answeredAt: at(48.01) },
      { askedAt: ask, answeredAt: null },
    ]);
    expect(facts).toEqual({ conversations: 4, responseRate: 0.5, responseMinutes: 30 });
  });

  it('read as a buyer would', () => {
    expect(formatResponseTime(0)).toBe('within 1 minute');
    expect(formatResponseTime(45)).toBe('within 45 minutes');
    expect(formatResponseTime(61)).toBe('within 2 hours');
    expect(formatResponseTime(60)).toBe('within 1 hour');
    expect(formatResponseTime(26 * 60)).toBe('within 2 days');
    expect(formatRate(1)).toBe('100%');
    expect(formatRate(0.999)).toBe('99%');
    expect(formatRate(0.5)).toBe('50%');
  });
});
