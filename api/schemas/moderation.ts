import './zod-setup.ts';
import { z } from 'zod';
import { FRAUD_SCORE_MAX, FRAUD_SIGNALS, type TFraudSignal } from '../constants/fraud.ts';
import { AUDIT_LOG_PAGE_SIZE } from '../constants/limits.ts';
import { MODERATION_REASON_MAX, REPORT_DETAILS_MAX, REPORT_REASONS } from '../constants/moderation.ts';
import { stripNul } from './ad-query.ts';
import { ZId } from './fields.ts';
import { zLimitOr, zPage } from './paging.ts';

const plain = (max: number, message: string) =>
  z
    .string()
    .transform((s) => stripNul(s).trim())
    .refine((s) => [...s].length <= max, message);

/**
 * "Report this ad" (reportAd). `website` is the hidden honeypot field
 * (api/services/inbox/bot-check.ts); API clients need not send it.
 */
export const ZReportAd = z.object({
  adId: ZId,
  reason: z.enum(REPORT_REASONS, { error: 'Please choose a reason.' }),
  details: plain(REPORT_DETAILS_MAX, `Please keep the details under ${REPORT_DETAILS_MAX} characters.`)
    .optional()
    .default(''),
  website: z.string().max(500).optional().default(''),
});
export type TReportAd = z.infer<typeof ZReportAd>;

const reason = plain(MODERATION_REASON_MAX, `Please keep the reason under ${MODERATION_REASON_MAX} characters.`)
  .optional()
  .default('');

/** moderateAd: approve, or remove with a reason that is mailed to the owner. */
export const ZModerateAd = z.object({
  action: z.enum(['approve', 'remove'], { error: "action must be 'approve' or 'remove'." }),
  reason,
});
export type TModerateAd = z.infer<typeof ZModerateAd>;

/** moderateReview: remove the review, or dismiss its reports; an optional reason for the audit log. */
export const ZModerateReview = z.object({
  action: z.enum(['remove', 'dismiss'], { error: "action must be 'remove' or 'dismiss'." }),
  reason,
});

/** banUser, and dismissing reports: an optional reason for the audit log. */
export const ZModerationReason = z.object({ reason });

/** The moderators' reason dialog where a reason must be written (removing an ad mails it to the owner). */
export const ZModerationReasonRequired = z.object({
  reason: plain(MODERATION_REASON_MAX, `Please keep the reason under ${MODERATION_REASON_MAX} characters.`).refine(
    (s) => s !== '',
    'Please write a reason.',
  ),
});

const count = (max: number) =>
  z
    .number({ error: 'Please enter a whole number.' })
    .int('Please enter a whole number.')
    .min(0, 'Please enter a number of 0 or more.')
    .max(max, `Please enter a number up to ${max}.`);

/** The moderation rules on /admin/moderation. */
export const ZModerationSettingsUpdate = z.object({
  reportThreshold: count(1000).min(1, 'At least one report is needed to hold an ad.'),
  /** Optional for clients that predate it: left as it is when absent. */
  reportMinAccountAgeHours: count(8760).optional(),
  bannedWords: z
    .string()
    .transform((s) => stripNul(s))
    .refine((s) => s.length <= 20_000, 'The banned-words list is too long.'),
  premoderateFirstAds: count(100),
  requireVerifiedToPost: z.boolean({ error: 'requireVerifiedToPost must be true or false.' }),
  /** Fraud signals; each optional for clients that predate them: left as it is when absent. */
  scamPhrases: z
    .string()
    .transform((s) => stripNul(s))
    .refine((s) => s.length <= 20_000, 'The scam-phrases list is too long.')
    .optional(),
  fraudWeights: z
    .object(
      Object.fromEntries(FRAUD_SIGNALS.map((s) => [s, count(FRAUD_SCORE_MAX)])) as Record<
        TFraudSignal,
        ReturnType<typeof count>
      >,
    )
    .optional(),
  fraudHoldScore: count(FRAUD_SCORE_MAX).optional(),
});
export type TModerationSettingsUpdate = z.infer<typeof ZModerationSettingsUpdate>;

const _blank = (v: unknown) => (v === '' || v === null ? undefined : v);
export const ZAuditLogQuery = z.object({
  page: zPage(),
  limit: zLimitOr(100, AUDIT_LOG_PAGE_SIZE),
});
