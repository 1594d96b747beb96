/**
 * Fraud signals (docs/MODERATION.md, Fraud signals): what the check after every post and edit
 * looks for, how each reason reads on the moderation screen, and the defaults of the weights
 * a moderator can change. Shared with the browser (the moderation screen and its rules form).
 */
export const FRAUD_SIGNALS = ['same-photo', 'same-text', 'low-price', 'scam-phrase', 'posting-burst'] as const;
export type TFraudSignal = (typeof FRAUD_SIGNALS)[number];

/** The signals that point at another account's ad: the moderator sees both side by side. */
export const PAIR_SIGNALS: readonly TFraudSignal[] = ['same-photo', 'same-text'];

export const FRAUD_SIGNAL_LABELS: Record<TFraudSignal, string> = {
  'same-photo': 'Same photo as another account’s ad',
  'same-text': 'Same text as another account’s ad',
  'low-price': 'Price far below similar ads',
  'scam-phrase': 'Scam phrase',
  'posting-burst': 'New account posting many ads',
};

export type TFraudWeights = Record<TFraudSignal, number>;

/**
 * What each signal adds to an ad's score; an ad whose open signals reach the hold score waits
 * for review. A copied photo alone holds an ad; a scam phrase alone only shows it to moderators.
 */
export const DEFAULT_FRAUD_WEIGHTS: TFraudWeights = {
  'same-photo': 60,
  'same-text': 40,
  'low-price': 30,
  'scam-phrase': 40,
  'posting-burst': 30,
};
export const DEFAULT_FRAUD_HOLD_SCORE = 60;
export const DEFAULT_SCAM_PHRASES = ['shipping agent', 'gift card', 'western union'].join('\n');

/** The largest weight or hold score a moderator may set. */
export const FRAUD_SCORE_MAX = 1000;

/**
 * Two photos are the same when a 64-bit perceptual hash of one (whole, or its centre) is at
 * most this many bits from one of the other's: re-encodings differ in 0–1, crops of up to
 * about 5% per side in 0–4, different photos in 20 or more (decision 0033).
 */
export const PHOTO_MAX_DISTANCE = 6;

/** Two ads' texts are the same at this trigram similarity (pg_trgm, 0–1) or above. */
export const TEXT_MIN_SIMILARITY = 0.6;
/** How much of an ad's text (heading, then description) is compared. */
export const TEXT_PRINT_CHARS = 400;

/** A price under this share of its category's median is far below it. */
export const LOW_PRICE_SHARE = 0.3;
/** The median counts only with at least this many comparable public ads... */
export const LOW_PRICE_MIN_COMPARABLE = 5;
/**
 * ...of which the newest this many are read: a bounded, recent sample, read in index order
 * (1,000 took 55 ms at 100k ads, one heap page each; 200 about a fifth of that).
 */
export const LOW_PRICE_SAMPLE = 200;

/** An account younger than this... */
export const BURST_ACCOUNT_HOURS = 72;
/** ...that posted this many ads within the last hour is posting many ads at once. */
export const BURST_ADS_PER_HOUR = 5;

/** At most this many matching ads per pair signal are recorded for one ad. */
export const FRAUD_MATCHES_MAX = 5;

export const FRAUD_TEXTS = {
  dismissed: 'Flag dismissed. This match will not be raised again.',
  notFound: 'This flag does not exist.',
  alreadyDismissed: 'This flag was already dismissed.',
} as const;

/** The reason line of one flag, as the moderation queue shows it. */
export function fraudReason(signal: TFraudSignal, detail: { matchedAdId?: number | null; text?: string }): string {
  switch (signal) {
    case 'same-photo':
      return `Same photo as ad ${detail.matchedAdId} by another account`;
    case 'same-text':
      return `Same text as ad ${detail.matchedAdId} by another account`;
    case 'low-price':
      return `Price far below similar ads (median ${detail.text})`;
    case 'scam-phrase':
      return `Scam phrase: ${detail.text}`;
    case 'posting-burst':
      return 'New account posting many ads';
  }
}
