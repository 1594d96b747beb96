import { eq } from 'drizzle-orm';
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
};

async function load(): Promise<TModerationSettings & { words: string[] }> {
  // getSettings() creates the row on a fresh database.
  await getSettings();
  const [row] = await db()
    .select({
      reportThreshold: siteSettings.reportThreshold,
      reportMinAccountAgeHours: siteSettings.reportMinAccountAgeHours,
      bannedWords: siteSettings.bannedWords,
      premoderateFirstAds: siteSettings.premoderateFirstAds,
      requireVerifiedToPost: siteSettings.requireVerifiedToPost,
    })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1))
    .limit(1);
  const settings = row ?? {
    reportThreshold: 3,
    reportMinAccountAgeHours: 72,
    bannedWords: '',
    premoderateFirstAds: 0,
    requireVerifiedToPost: false,
  };
  return { ...settings, words: parseBannedWords(settings.bannedWords) };
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
    .returning({
      reportThreshold: siteSettings.reportThreshold,
      reportMinAccountAgeHours: siteSettings.reportMinAccountAgeHours,
      bannedWords: siteSettings.bannedWords,
      premoderateFirstAds: siteSettings.premoderateFirstAds,
      requireVerifiedToPost: siteSettings.requireVerifiedToPost,
    });
  cache.drop();
  return row as TModerationSettings;
}
