import { eq } from 'drizzle-orm';
import {
  DEFAULT_FRAUD_HOLD_SCORE,
  DEFAULT_FRAUD_WEIGHTS,
  DEFAULT_SCAM_PHRASES,
  type TFraudWeights,
} from '../../constants/fraud.ts';
import { db } from '../../db/client.ts';
import { siteSettings } from '../../db/schema/index.ts';
import { ttlCache } from '../../lib/ttl-cache.ts';
import type { TModerationSettingsUpdate } from '../../schemas/moderation.ts';
import { getSettings } from '../settings/get-settings.ts';
import { parseBannedWords } from './banned-words.ts';

/**
 * The moderation rules (docs/MODERATION.md), kept in the settings row but never part of the
 * public settings bundle: the banned-words list is the moderators' business.
 */
export type TModerationSettings = {
  reportThreshold: number;
  /** Reports count toward the hold only from verified accounts at least this many hours old. */
  reportMinAccountAgeHours: number;
  bannedWords: string;
  premoderateFirstAds: number;
  requireVerifiedToPost: boolean;
  /** Fraud signals (docs/MODERATION.md): the scam phrases, each signal's weight, the score that holds. */
  scamPhrases: string;
  fraudWeights: TFraudWeights;
  fraudHoldScore: number;
};

const columns = {
  reportThreshold: siteSettings.reportThreshold,
  reportMinAccountAgeHours: siteSettings.reportMinAccountAgeHours,
  bannedWords: siteSettings.bannedWords,
  premoderateFirstAds: siteSettings.premoderateFirstAds,
  requireVerifiedToPost: siteSettings.requireVerifiedToPost,
  scamPhrases: siteSettings.scamPhrases,
  fraudWeights: siteSettings.fraudWeights,
  fraudHoldScore: siteSettings.fraudHoldScore,
};

/** Weights stored before a signal existed read as its default. */
const withWeights = <T extends { fraudWeights: TFraudWeights }>(s: T): T => ({
  ...s,
  fraudWeights: { ...DEFAULT_FRAUD_WEIGHTS, ...s.fraudWeights },
});

async function load(): Promise<TModerationSettings & { words: string[]; phrases: string[] }> {
  // getSettings() creates the row on a fresh database.
  await getSettings();
  const [row] = await db().select(columns).from(siteSettings).where(eq(siteSettings.id, 1)).limit(1);
  const settings = withWeights(
    row ?? {
      reportThreshold: 3,
      reportMinAccountAgeHours: 72,
      bannedWords: '',
      premoderateFirstAds: 0,
      requireVerifiedToPost: false,
      scamPhrases: DEFAULT_SCAM_PHRASES,
      fraudWeights: DEFAULT_FRAUD_WEIGHTS,
      fraudHoldScore: DEFAULT_FRAUD_HOLD_SCORE,
    },
  );
  // The scam phrases are parsed like banned words: one per line or comma-separated, whole words.
  return {
    ...settings,
    words: parseBannedWords(settings.bannedWords),
    phrases: parseBannedWords(settings.scamPhrases),
  };
}

// Read on every ad create and report: cached per process like the site settings, dropped on
// update here; other processes see a change within 5 s.
const cache = ttlCache(5_000, load);

export function getModerationSettings() {
  return cache.get();
}

export async function updateModerationSettings(input: TModerationSettingsUpdate): Promise<TModerationSettings> {
  await getSettings();
  const [row] = await db()
    .update(siteSettings)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(siteSettings.id, 1))
    .returning(columns);
  cache.drop();
  return withWeights(row as TModerationSettings);
}
