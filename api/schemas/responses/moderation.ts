import '../zod-setup.ts';
import { z } from '@hono/zod-openapi';
import { AD_STATES } from '../../constants/ad-states.ts';
import { FRAUD_SIGNALS, type TFraudSignal } from '../../constants/fraud.ts';
import { AUDIT_ACTIONS, AUDIT_TARGETS, HELD_REASONS, REPORT_REASONS } from '../../constants/moderation.ts';
import { ZDateTime, ZImageName, ZRecordId } from './common.ts';

const ZPerson = z
  .object({ id: ZRecordId, name: z.string(), banned: z.boolean() })
  .openapi('ModerationPerson', { description: 'A user as moderators see them.' });

const ZAdReport = z
  .object({
    id: ZRecordId,
    reason: z.enum(REPORT_REASONS),
    details: z.string(),
    reporter: z.string().openapi({ description: "The reporter's name, or 'Visitor' when signed out." }),
    createdAt: ZDateTime,
  })
  .openapi('AdReport');

const ZFraudFlag = z
  .object({
    id: ZRecordId,
    signal: z.enum(FRAUD_SIGNALS),
    reason: z.string().openapi({ description: 'As moderators read it: "Same photo as ad 123 by another account".' }),
    measure: z.number().nullable().openapi({
      description:
        'How close: bits apart (photo), trigram similarity (text), share of the median (price), ads in the hour (burst).',
    }),
    createdAt: ZDateTime,
    match: z
      .object({
        id: ZRecordId,
        slug: z.string(),
        heading: z.string(),
        image: ZImageName,
        price: z.number(),
        status: z.enum(AD_STATES),
        createdAt: ZDateTime,
        owner: ZPerson,
      })
      .nullable()
      .openapi({ description: "The other account's ad a photo or text match points at; null for the other signals." }),
  })
  .openapi('FraudFlag', { description: 'An open fraud signal on an ad (docs/MODERATION.md, Fraud signals).' });

export const ZModerationAd = z
  .object({
    id: ZRecordId,
    slug: z.string(),
    heading: z.string(),
    price: z.number().openapi({ description: 'Its price, beside the matching ad’s for a fraud signal.' }),
    status: z.enum(AD_STATES),
    heldReason: z.enum(HELD_REASONS).nullable().openapi({ description: 'Why a pending ad waits for review.' }),
    image: ZImageName,
    createdAt: ZDateTime,
    owner: ZPerson,
    reports: z.array(ZAdReport).openapi({ description: 'Its open reports, oldest first.' }),
    fraudFlags: z.array(ZFraudFlag).openapi({ description: 'Its open fraud signals, oldest first.' }),
  })
  .openapi('ModerationAd');

export const ZRemovedAd = z
  .object({
    id: ZRecordId,
    slug: z.string(),
    heading: z.string(),
    image: ZImageName,
    removedAt: ZDateTime,
    reason: z.string().openapi({ description: "The moderator's reason, as mailed to the owner." }),
    removedBy: z.string().openapi({ description: 'The moderator, by name.' }),
    owner: ZPerson,
  })
  .openapi('RemovedAd', { description: 'An ad a moderator removed; its owner can still be banned from here.' });

export const ZModerationConversation = z
  .object({
    id: ZRecordId,
    adId: z.number().int().nullable().openapi({ description: 'null once the ad was deleted.' }),
    adHeading: z.string(),
    buyer: ZPerson.nullable().openapi({ description: 'null once the account was deleted.' }),
    seller: ZPerson.nullable(),
    reports: z.array(z.object({ id: ZRecordId, reason: z.string(), reporter: z.string(), createdAt: ZDateTime })),
  })
  .openapi('ModerationConversation');

export const ZModerationReview = z
  .object({
    id: ZRecordId,
    rating: z.number().int().min(1).max(5),
    text: z.string(),
    reply: z.string().nullable(),
    adHeading: z.string(),
    createdAt: ZDateTime,
    buyer: ZPerson.nullable().openapi({ description: 'null once the account was deleted.' }),
    seller: ZPerson,
    reports: z.array(ZAdReport).openapi({ description: 'Its open reports, oldest first.' }),
  })
  .openapi('ModerationReview', { description: 'A reported review, still public.' });

export const ZModerationQueue = z
  .object({
    success: z.literal(true),
    message: z.string(),
    pendingAds: z.array(ZModerationAd),
    reportedAds: z.array(ZModerationAd).openapi({ description: 'Reported ads still public (below the threshold).' }),
    flaggedAds: z
      .array(ZModerationAd)
      .openapi({ description: 'Ads with fraud signals below the hold score and no open report, still as they were.' }),
    reportedConversations: z.array(ZModerationConversation),
    reportedReviews: z.array(ZModerationReview).openapi({ description: 'Public reviews with open reports.' }),
    bannedUsers: z.array(z.object({ id: ZRecordId, name: z.string(), reason: z.string(), bannedAt: ZDateTime })),
    removedAds: z.array(ZRemovedAd).openapi({ description: 'The latest removals, newest first (at most 50).' }),
    counts: z.object({
      pendingAds: z.number().int(),
      reportedAds: z.number().int(),
      reportedConversations: z.number().int(),
      flaggedAds: z.number().int(),
      reportedReviews: z.number().int(),
    }),
  })
  .openapi('ModerationQueue');

export const ZModerateAdAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  from: z.enum(AD_STATES),
  to: z.enum(AD_STATES),
});

export const ZAuditEntry = z
  .object({
    id: ZRecordId,
    actor: z.object({ id: z.number().int().nullable(), name: z.string() }),
    action: z.enum(AUDIT_ACTIONS),
    targetType: z.enum(AUDIT_TARGETS),
    targetId: z.number().int(),
    targetLabel: z.string(),
    reason: z.string(),
    createdAt: ZDateTime,
  })
  .openapi('AuditEntry');

export const ZAuditLogPage = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.array(ZAuditEntry),
  total: z.number().int(),
});

export const ZModerationSettings = z
  .object({
    success: z.literal(true),
    message: z.string(),
    data: z.object({
      reportThreshold: z.number().int(),
      reportMinAccountAgeHours: z.number().int(),
      bannedWords: z.string(),
      premoderateFirstAds: z.number().int(),
      requireVerifiedToPost: z.boolean(),
      scamPhrases: z.string().openapi({ description: 'One scam phrase per line or comma-separated.' }),
      fraudWeights: z
        .object(
          Object.fromEntries(FRAUD_SIGNALS.map((s) => [s, z.number().int()])) as Record<TFraudSignal, z.ZodNumber>,
        )
        .openapi({ description: 'What each fraud signal adds to an ad’s score.' }),
      fraudHoldScore: z
        .number()
        .int()
        .openapi({ description: 'The score that holds an ad for review; 0 never holds.' }),
    }),
  })
  .openapi('ModerationSettings');
