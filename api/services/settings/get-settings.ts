import { eq } from 'drizzle-orm';
import { db } from '../../db/client.ts';
import { siteSettings } from '../../db/schema/index.ts';
import { ttlCache } from '../../lib/ttl-cache.ts';
import { listCategoriesCached } from '../categories/list-categories.ts';

export type TSettingsRow = typeof siteSettings.$inferSelect;

/** The settings record in its legacy field names, what clients and pages read (docs/API.md). */
export function toSettingsRecord(s: TSettingsRow) {
  return {
    email: s.email,
    address: s.address,
    phone: s.phone,
    working_hours: s.workingHours,
    copyright: s.copyright,
    footer_shortdescription: s.footerShortdescription,
    logo: s.logo ?? '',
    social_links: JSON.stringify(s.socialLinks),
    socialLinks: s.socialLinks,
    homepageleftsideads: s.homepageleftsideads,
    homepageleftsideadslink: s.homepageleftsideadslink,
    homepagetopheaderAds: s.homepagetopheaderAds,
    homepagetopheaderAdslink: s.homepagetopheaderAdslink,
    adsdetailspageads: s.adsdetailspageads,
    adsdetailspageadslink: s.adsdetailspageadslink,
    footerads: s.footerads,
    footeradslink: s.footeradslink,
    freenumberads: s.freenumberads,
    freenumberphotoAds: s.freenumberphotoAds,
    goldnumberads: s.goldnumberads,
    goldnumberphotoAds: s.goldnumberphotoAds,
    platinumnumberads: s.platinumnumberads,
    platinumnumberphotoAds: s.platinumnumberphotoAds,
    primaryColor: s.primaryColor,
    secondaryColor: s.secondaryColor,
  };
}
export type TSettings = ReturnType<typeof toSettingsRecord>;

async function load(): Promise<TSettings> {
  const rows = await db().select().from(siteSettings).where(eq(siteSettings.id, 1)).limit(1);
  if (rows[0]) return toSettingsRecord(rows[0]);
  const inserted = await db().insert(siteSettings).values({ id: 1 }).onConflictDoNothing().returning();
  if (inserted[0]) return toSettingsRecord(inserted[0]);
  const again = await db().select().from(siteSettings).where(eq(siteSettings.id, 1)).limit(1);
  return toSettingsRecord(again[0] as TSettingsRow);
}

// Every page render reads settings: cached per process, dropped on update (this process);
// other processes see a change within 5 s.
const settingsCache = ttlCache(5_000, load);

export function getSettings(): Promise<TSettings> {
  return settingsCache.get();
}

export function dropSettingsCache() {
  settingsCache.drop();
}

/** The public bundle of GET /api/get-settings: settings plus the category list. */
export async function getPublicSettings() {
  const [settings, categories] = await Promise.all([getSettings(), listCategoriesCached()]);
  return { ...settings, categories };
}
