import { z } from 'zod';
import { MAX_PRICE } from '../constants/limits.ts';
import { requiredText } from './fields.ts';

export const PLAN_MESSAGES = {
  name: 'Please enter name.',
  subscription: 'Please enter subscription period.',
  price: 'Please enter a valid price.',
  expiryDays: 'Please enter a number of days from 1 to 3650.',
} as const;

/** Empty (or absent) means "no price", shown as FREE; otherwise a number from 0 up. */
const price = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return null;
    const n = typeof v === 'number' ? v : Number(v.trim());
    if (!Number.isFinite(n) || n < 0 || n > MAX_PRICE) {
      ctx.addIssue({ code: 'custom', message: PLAN_MESSAGES.price });
      return z.NEVER;
    }
    return Math.round(n * 100) / 100;
  });

/** The plan form's checks: name, then subscription period; price is not required. */
export const ZPlan = z.object({
  plan_name: requiredText(PLAN_MESSAGES.name, 100),
  subscription_type: requiredText(PLAN_MESSAGES.subscription, 100),
  price,
  /** Whether members may feature their ads; absent on an update leaves it as it was. */
  includes_featured: z.boolean({ error: 'includes_featured must be true or false.' }).optional(),
  /** Days members' ads stay up before they expire; absent on an update leaves it as it was. */
  expiry_days: z.coerce
    .number({ error: PLAN_MESSAGES.expiryDays })
    .int(PLAN_MESSAGES.expiryDays)
    .min(1, PLAN_MESSAGES.expiryDays)
    .max(3650, PLAN_MESSAGES.expiryDays)
    .optional(),
});
export type TPlanForm = z.infer<typeof ZPlan>;
