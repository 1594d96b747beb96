import '../zod-setup.ts';
import { z } from '@hono/zod-openapi';
import { ZCategoryRecord } from './category.ts';
import { ZHtml, ZImageName } from './common.ts';

const count = z.number().int().min(0);
const colour = z.string().openapi({ example: '#0f766e' });
const ZSocialLink = z.object({ icon: z.string(), url: z.string() });

/** The site settings in their legacy field names (header, footer, theme, ad slots, plan limits). */
export const ZSettingsRecord = z
  .object({
    email: z.string(),
    address: z.string(),
    phone: z.string(),
    working_hours: z.string(),
    copyright: z.string(),
    footer_shortdescription: ZHtml,
    logo: ZImageName,
    social_links: z.string().openapi({ description: 'JSON text of `socialLinks`, for the legacy clients.' }),
    socialLinks: z.array(ZSocialLink),
    homepageleftsideads: ZHtml,
    homepageleftsideadslink: z.string(),
    homepagetopheaderAds: ZHtml,
    homepagetopheaderAdslink: z.string(),
    adsdetailspageads: ZHtml,
    adsdetailspageadslink: z.string(),
    footerads: ZHtml,
    footeradslink: z.string(),
    freenumberads: count,
    freenumberphotoAds: count,
    goldnumberads: count,
    goldnumberphotoAds: count,
    platinumnumberads: count,
    platinumnumberphotoAds: count,
    primaryColor: colour,
    secondaryColor: colour,
  })
  .openapi('Settings');

/** The public bundle: the settings and the category list every page shows. */
export const ZPublicSettings = ZSettingsRecord.extend({ categories: z.array(ZCategoryRecord) }).openapi(
  'PublicSettings',
);
