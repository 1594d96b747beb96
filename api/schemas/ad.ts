import { z } from 'zod';
import { FIELD_MAX } from '../constants/field-limits.ts';
import { MAX_PRICE } from '../constants/limits.ts';
import { parseJsonText } from '../lib/json-text.ts';
import { requiredText, ZId } from './fields.ts';
import { isBlankHtml, requiredRichText } from './rich-text.ts';

/** The ad form's messages, word for word, in the order the checks run (docs/RULES.md, Input limits). */
export const AD_MESSAGES = {
  heading: 'Please enter heading.',
  description: 'Please enter description.',
  category: 'Please select category.',
  price: 'Please enter price.',
  rating: 'Please select rating.',
  location: 'Please enter location.',
} as const;

export { MAX_PRICE };
export const MAX_FEATURES = 30;
export const MAX_FEATURE_LENGTH = 200;
export const MAX_DESCRIPTION_LENGTH = 50_000;
/**
 * Longest `features` JSON text: 30 items of 200 characters, each character possibly escaped
 * (`\"`), plus the `{"id":…,"value":…}` around them; and it is a list of objects, depth 2.
 */
export const MAX_FEATURES_JSON_LENGTH = 16_000;
/** Longest gallery list JSON text: 200 names or /uploads/ URLs with room to spare; depth 1. */
export const MAX_FILE_LIST_JSON_LENGTH = 40_000;

export { isBlankHtml };

/** Multipart fields arrive as text; the browser form may hold numbers. */
const asText = (v: unknown) => (typeof v === 'number' ? String(v) : v);

const price = z.preprocess(
  asText,
  z
    .string({ error: AD_MESSAGES.price })
    .trim()
    .min(1, { error: AD_MESSAGES.price, abort: true })
    .refine((v) => !v.startsWith('-'), { error: 'Price cannot be negative.', abort: true })
    .refine((v) => /^\d+(\.\d+)?$/.test(v), { error: 'Please enter a valid price.', abort: true })
    .transform((v) => Math.round(Number(v) * 100) / 100)
    .refine((v) => v <= MAX_PRICE, 'Price is too large.'),
);

const rating = z.preprocess(
  asText,
  z
    .string({ error: AD_MESSAGES.rating })
    .trim()
    .min(1, { error: AD_MESSAGES.rating, abort: true })
    .refine((v) => /^[1-5]$/.test(v), 'Rating must be between 1 and 5.')
    .transform(Number),
);

const description = requiredRichText(AD_MESSAGES.description, MAX_DESCRIPTION_LENGTH);

/**
 * The six checked fields of the ad form, in the form's field order. The browser form runs it
 * before sending (first issue → one toast) and the server runs it again.
 */
export const ZAdForm = z.object({
  heading: requiredText(AD_MESSAGES.heading, FIELD_MAX.adHeading),
  description,
  category: requiredText(AD_MESSAGES.category, 100),
  price,
  rating,
  location: requiredText(AD_MESSAGES.location, FIELD_MAX.adLocation),
});
export type TAdFormInput = z.input<typeof ZAdForm>;
export type TAdForm = z.output<typeof ZAdForm>;

export type TAdFeature = { id: number; value: string };

/** `features`: JSON text of [{ id, value }] (or of strings), or empty. Blank items are dropped. */
const features = z
  .string()
  .optional()
  .default('')
  .transform((s, ctx): TAdFeature[] => {
    if (!s.trim()) return [];
    const json = parseJsonText(s, { maxLength: MAX_FEATURES_JSON_LENGTH, maxDepth: 2 });
    if (!json.ok) {
      const message = json.reason === 'too-long' ? 'The features are too long.' : 'Features must be a JSON list.';
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    const parsed = json.value;
    if (!Array.isArray(parsed)) {
      ctx.addIssue({ code: 'custom', message: 'Features must be a JSON list.' });
      return z.NEVER;
    }
    const values = parsed
      .map((item) => (typeof item === 'string' ? item : (item as { value?: unknown } | null)?.value))
      .map((v) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : ''))
      .filter((v) => v !== '');
    if (values.length > MAX_FEATURES) {
      ctx.addIssue({ code: 'custom', message: `At most ${MAX_FEATURES} features.` });
      return z.NEVER;
    }
    if (values.some((v) => v.length > MAX_FEATURE_LENGTH)) {
      ctx.addIssue({ code: 'custom', message: `Each feature must be at most ${MAX_FEATURE_LENGTH} characters.` });
      return z.NEVER;
    }
    return values.map((value, i) => ({ id: i + 1, value }));
  });

/** 'Y' or 'N' (the legacy make_as_featured); checkbox-style values are understood too. */
const featured = z
  .string()
  .optional()
  .default('N')
  .transform((v, ctx) => {
    const s = v.trim().toLowerCase();
    if (['y', 'yes', 'true', '1', 'on'].includes(s)) return 'Y' as const;
    if (['n', 'no', 'false', '0', 'off', ''].includes(s)) return 'N' as const;
    ctx.addIssue({ code: 'custom', message: 'make_as_featured must be Y or N.' });
    return z.NEVER;
  });

/**
 * `place_id`: a gazetteer place (GET /api/places); sent empty, no place; not sent, the place
 * the location text names.
 */
const placeId = z
  .union([z.string(), z.number()])
  .optional()
  .transform((v, ctx): number | null | undefined => {
    if (v === undefined) return undefined;
    if (typeof v === 'string' && v.trim() === '') return null;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1 || n > 2_147_483_647) {
      ctx.addIssue({ code: 'custom', message: 'Please choose a place from the list.' });
      return z.NEVER;
    }
    return n;
  })
  .describe('A place id from /api/places; empty for none.');

/** A JSON list of stored file names (URLs like /uploads/x.webp are reduced to the name). */
function fileNameList(field: string) {
  return z
    .string()
    .optional()
    .transform((s, ctx): string[] | undefined => {
      if (s === undefined || s.trim() === '') return undefined;
      const json = parseJsonText(s, { maxLength: MAX_FILE_LIST_JSON_LENGTH, maxDepth: 1 });
      if (!json.ok) {
        ctx.addIssue({ code: 'custom', message: `${field} must be a JSON list of file names.` });
        return z.NEVER;
      }
      const parsed = json.value;
      if (!Array.isArray(parsed) || parsed.length > 200 || parsed.some((n) => typeof n !== 'string')) {
        ctx.addIssue({ code: 'custom', message: `${field} must be a JSON list of file names.` });
        return z.NEVER;
      }
      return (parsed as string[]).map((n) => n.trim().split('/').pop() ?? '').filter(Boolean);
    });
}

/**
 * POST /api/ads/add (multipart). Only these keys are read: user_id, owner,
 * slug, id… in the body are ignored (no mass assignment).
 */
export const ZAdCreate = ZAdForm.extend({ features, make_as_featured: featured, place_id: placeId });
export type TAdCreate = z.output<typeof ZAdCreate>;

/** POST /api/ads/update: the create fields plus id and the gallery bookkeeping lists. */
export const ZAdUpdate = z.object({ id: ZId }).extend({
  ...ZAdCreate.shape,
  esitingGalleryImages: fileNameList('esitingGalleryImages'),
  removedGalleryImages: fileNameList('removedGalleryImages'),
});
export type TAdUpdate = z.output<typeof ZAdUpdate>;
