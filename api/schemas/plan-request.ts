import './zod-setup.ts';
import { z } from 'zod';
import { FIELD_MAX } from '../constants/field-limits.ts';
import { zLimit, zPageOptional } from './paging.ts';

export const PLAN_REQUEST_MESSAGES = {
  planId: 'Please choose a plan.',
  telephone: 'Please enter your telephone number.',
  businessName: 'Please enter your business name.',
  decision: "decision must be 'approve' or 'decline'.",
  sent: 'Thanks! Your plan request was sent. Our team will contact you to arrange payment.',
  switched: 'Your plan was changed.',
  approved: 'Plan request approved. The user’s new limits apply now.',
  declined: 'Plan request declined.',
} as const;

const phoneLike = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(40, 'Must be at most 40 characters.')
    .regex(/^[0-9+()\-.\s/]+$/, 'Please enter a valid telephone number.');

/**
 * The Membership Form of a signed-in user (requestPlan). A paid plan needs a telephone number
 * and business name so the site's team can arrange payment; a free plan needs neither (it
 * switches at once), so the service checks them only for a paid plan.
 */
export const ZPlanRequest = z.object({
  planId: z
    .number({ error: PLAN_REQUEST_MESSAGES.planId })
    .int(PLAN_REQUEST_MESSAGES.planId)
    .positive(PLAN_REQUEST_MESSAGES.planId)
    .max(2_147_483_647, PLAN_REQUEST_MESSAGES.planId),
  telephone: z
    .string()
    .trim()
    .max(FIELD_MAX.phone, `Must be at most ${FIELD_MAX.phone} characters.`)
    .optional()
    .default(''),
  businessName: z
    .string()
    .trim()
    .max(FIELD_MAX.businessName, `Must be at most ${FIELD_MAX.businessName} characters.`)
    .optional()
    .default(''),
  note: z
    .string()
    .trim()
    .max(FIELD_MAX.planNote, `Must be at most ${FIELD_MAX.planNote} characters.`)
    .optional()
    .default(''),
});
export type TPlanRequestInput = z.infer<typeof ZPlanRequest>;

/** The fields a paid plan's request must carry (checked after the plan is known). */
export const ZPaidPlanFields = z.object({
  telephone: phoneLike(PLAN_REQUEST_MESSAGES.telephone),
  businessName: z
    .string()
    .trim()
    .min(1, PLAN_REQUEST_MESSAGES.businessName)
    .max(200, 'Must be at most 200 characters.'),
});

export const ZPlanDecision = z.object({
  decision: z.enum(['approve', 'decline'], { error: PLAN_REQUEST_MESSAGES.decision }),
});

export const ZPlanRequestListQuery = z.object({
  page: zPageOptional(),
  limit: zLimit(),
});
