import '../zod-setup.ts';
import { z } from '@hono/zod-openapi';
import { SUBSCRIBER_STATES } from '../../constants/newsletter.ts';
import { ROLES, SUBSCRIPTIONS } from '../../constants/users.ts';
import { ZDateTime, ZRecordId } from './common.ts';
import { ZPlanRequestView } from './plan-request.ts';
import { ZReview } from './review.ts';

/** getAccount: the caller's own profile (phone is private: this is the only answer holding it). */
export const ZAccount = z
  .object({
    id: ZRecordId,
    name: z.string(),
    email: z.string(),
    pendingEmail: z.string().nullable().openapi({ description: 'A new address waiting for its confirmation link.' }),
    emailVerified: z.boolean(),
    phone: z.string(),
    role: z.enum(ROLES),
    plan: z.object({
      subscription: z.enum(SUBSCRIPTIONS),
      name: z.string(),
      photos: z.number().int().openapi({ description: 'Gallery images per ad.' }),
      adsPerDay: z.number().int().nullable().openapi({ description: 'null: unlimited.' }),
      expiryDays: z.number().int(),
      featured: z.boolean(),
    }),
    pendingRequest: ZPlanRequestView.nullable(),
    preferences: z.object({
      messageMails: z.boolean(),
      alertMails: z.boolean(),
      newsletter: z
        .enum([...SUBSCRIBER_STATES, 'none'])
        .openapi({ description: 'The subscription of the account’s email: pending until its link is opened.' }),
    }),
    createdAt: ZDateTime,
  })
  .openapi('Account');

export const ZMySession = z
  .object({
    id: z.string().openapi({ description: 'Tells the sessions apart; not a token.' }),
    current: z.boolean(),
    browser: z.string(),
    device: z.string(),
    signedInAt: ZDateTime,
    lastSeenAt: ZDateTime.openapi({ description: 'Updated at most every five minutes.' }),
    expiresAt: ZDateTime,
  })
  .openapi('MySession');

export const ZSessionsEnded = z.object({
  success: z.literal(true),
  message: z.string(),
  ended: z.number().int().min(0),
});

/** exportMyData: described loosely; its parts follow the site's records. */
export const ZMyData = z
  .object({
    exportedAt: ZDateTime,
    profile: ZAccount,
    ads: z.array(z.object({ id: ZRecordId, heading: z.string(), slug: z.string() })),
    conversations: z.array(z.object({ id: ZRecordId })),
    wishlist: z.array(z.object({ adId: ZRecordId })),
    planRequests: z.array(ZPlanRequestView),
    savedSearches: z.array(z.unknown()),
    reviews: z.object({
      written: z.array(ZReview).openapi({ description: 'Reviews the caller wrote as a buyer.' }),
      received: z.array(ZReview).openapi({ description: 'Reviews of the caller as a seller, with their answers.' }),
    }),
  })
  .openapi('MyData');
