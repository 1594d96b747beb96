import './zod-setup.ts';
import { z } from 'zod';
import { parseJsonText } from '../lib/json-text.ts';
import { isSafeLink } from '../lib/safe-link.ts';

const text = (max = 500) => z.string().trim().max(max, `Must be at most ${max} characters.`).optional().default('');
const html = text(20_000);
const count = z.coerce
  .number({ error: 'Please enter a number.' })
  .int('Please enter a whole number.')
  .min(0, 'Please enter a number of 0 or more.')
  .max(10_000, 'Please enter a number up to 10000.');
const colour = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Please pick a colour like #0f766e.');
/** Admin link fields: an http(s) URL or a path on this site, never `//host` or `javascript:`. */
const url = z
  .string()
  .trim()
  .max(500, { abort: true })
  .refine(isSafeLink, 'Links must start with http://, https:// or /.')
  .optional()
  .default('');

/** 20 links of a 100-character icon and a 500-character URL, escaped, fit well within this. */
export const MAX_SOCIAL_LINKS_JSON_LENGTH = 32_000;

export const ZSocialLink = z.object({
  icon: z
    .string()
    .trim()
    .max(100, { abort: true })
    .regex(/^[\w\s-]*$/, 'Icon classes may contain letters, digits and hyphens.'),
  url,
});

/** The Settings Options form (docs/SCREENS.md); socialLinks arrives as JSON text in the multipart body. */
export const ZSettingsUpdate = z.object({
  email: z.string({ error: 'Valid email required.' }).trim().pipe(z.email('Valid email required.')),
  address: text(),
  phone: text(50),
  working_hours: text(200),
  copyright: text(300),
  footer_shortdescription: html,
  socialLinks: z
    .string()
    .optional()
    .default('[]')
    .transform((s, ctx) => {
      const json = parseJsonText(s || '[]', { maxLength: MAX_SOCIAL_LINKS_JSON_LENGTH, maxDepth: 2 });
      if (json.ok) return json.value;
      const message =
        json.reason === 'too-long' ? 'The social links are too long.' : 'Social links must be a JSON list.';
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    })
    .pipe(z.array(ZSocialLink).max(20, 'At most 20 social links.')),
  homepageleftsideads: html,
  homepageleftsideadslink: url,
  homepagetopheaderAds: html,
  homepagetopheaderAdslink: url,
  adsdetailspageads: html,
  adsdetailspageadslink: url,
  footerads: html,
  footeradslink: url,
  freenumberads: count,
  freenumberphotoAds: count,
  goldnumberads: count,
  goldnumberphotoAds: count,
  platinumnumberads: count,
  platinumnumberphotoAds: count,
  primaryColor: colour.optional().default('#0f766e'),
  secondaryColor: colour.optional().default('#f59e0b'),
});
export type TSettingsUpdate = z.infer<typeof ZSettingsUpdate>;
