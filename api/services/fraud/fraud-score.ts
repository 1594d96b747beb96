import type { TFraudSignal, TFraudWeights } from '../../constants/fraud.ts';

/**
 * An ad's fraud score: the weight of each kind of signal it has open, once per kind, so three
 * copied photos weigh what one does and the score says how many different marks of a scam
 * the ad carries. Pure, for the unit tests.
 */
export function fraudScore(signals: readonly TFraudSignal[], weights: TFraudWeights): number {
  let score = 0;
  for (const s of new Set(signals)) score += Math.max(0, weights[s] ?? 0);
  return score;
}

/** Whether a score holds the ad for review; a hold score of 0 never does. */
export function reachesHold(score: number, holdScore: number): boolean {
  return holdScore > 0 && score >= holdScore;
}
