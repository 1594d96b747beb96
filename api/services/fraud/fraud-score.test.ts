import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FRAUD_WEIGHTS, FRAUD_SIGNALS } from '../../constants/fraud.ts';
import { fraudScore, reachesHold } from './fraud-score.ts';

describe('the fraud score', () => {
  it('adds each kind of signal once', () => {
    const w = DEFAULT_FRAUD_WEIGHTS;
    expect(fraudScore([], w)).toBe(0);
    expect(fraudScore(['same-photo'], w)).toBe(60);
    expect(fraudScore(['same-photo', 'same-photo', 'same-photo'], w)).toBe(60);
    expect(fraudScore(['same-text', 'low-price'], w)).toBe(70);
    expect(fraudScore(['scam-phrase', 'scam-phrase'], w)).toBe(40);
  });

  it('is the sum of the weights of the distinct signals, whatever the order and repeats', () => {
    const weights = fc.record(
      Object.fromEntries(FRAUD_SIGNALS.map((s) => [s, fc.integer({ min: 0, max: 1000 })])) as Record<
        (typeof FRAUD_SIGNALS)[number],
        fc.Arbitrary<number>
      >,
    );
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...FRAUD_SIGNALS)), weights, (signals, w) => {
        const expected = [...new Set(signals)].reduce((sum, s) => sum + w[s], 0);
        return fraudScore(signals, w) === expected && fraudScore([...signals].reverse(), w) === expected;
      }),
    );
  });

  it('holds at the hold score and above, never with a hold score of 0', () => {
    expect(reachesHold(59, 60)).toBe(false);
    expect(reachesHold(60, 60)).toBe(true);
    expect(reachesHold(500, 0)).toBe(false);
    expect(reachesHold(0, 0)).toBe(false);
  });
});
