import { db } from '../../db/client.ts';
import { siteSettings } from '../../db/schema/index.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import type { TSettingsUpdate } from '../../schemas/settings.ts';
import { deleteImage, storeImage } from '../../storage/images.ts';
import { dropSettingsCache, getSettings, toSettingsRecord } from './get-settings.ts';

export async function updateSettings(options: { input: TSettingsUpdate; logo?: File | null }) {
  const { input } = options;
  const before = await getSettings();
  // Stored before the row is written; removed again if the write fails.
  const logo = options.logo ? await storeImage(options.logo, { prefix: 'logo' }) : undefined;
  const values = {
    id: 1,
    email: input.email,
    address: input.address,
    phone: input.phone,
    workingHours: input.working_hours,
    copyright: input.copyright,
    footerShortdescription: sanitizeRichText(input.footer_shortdescription),
    socialLinks: input.socialLinks,
    homepageleftsideads: sanitizeRichText(input.homepageleftsideads),
    homepageleftsideadslink: input.homepageleftsideadslink,
    homepagetopheaderAds: sanitizeRichText(input.homepagetopheaderAds),
    homepagetopheaderAdslink: input.homepagetopheaderAdslink,
    adsdetailspageads: sanitizeRichText(input.adsdetailspageads),
    adsdetailspageadslink: input.adsdetailspageadslink,
    footerads: sanitizeRichText(input.footerads),
    footeradslink: input.footeradslink,
    freenumberads: input.freenumberads,
    freenumberphotoAds: input.freenumberphotoAds,
    goldnumberads: input.goldnumberads,
    goldnumberphotoAds: input.goldnumberphotoAds,
    platinumnumberads: input.platinumnumberads,
    platinumnumberphotoAds: input.platinumnumberphotoAds,
    primaryColor: input.primaryColor.toLowerCase(),
    secondaryColor: input.secondaryColor.toLowerCase(),
    updatedAt: new Date(),
    ...(logo ? { logo } : {}),
  };
  try {
    const rows = await db()
      .insert(siteSettings)
      .values(values)
      .onConflictDoUpdate({ target: siteSettings.id, set: values })
      .returning();
    dropSettingsCache();
    if (logo && before.logo && before.logo !== logo) await deleteImage(before.logo);
    return toSettingsRecord(rows[0] as typeof siteSettings.$inferSelect);
  } catch (err) {
    if (logo) await deleteImage(logo);
    throw err;
  }
}
