import '../zod-setup.ts';
import { z } from '@hono/zod-openapi';

const count = z.number().int().min(0);

/** GET /api/admin/dashboard-stats: the site's figures for the admin dashboard, from the database. */
export const ZDashboardStats = z
  .object({
    success: z.literal(true),
    message: z.string(),
    stats: z.object({
      liveAds: count.openapi({
        description: 'Ads the public sees now: active or reserved, not expired, owner not banned.',
      }),
      newAdsThisWeek: count.openapi({ description: 'Ads posted in the last seven days, in any state.' }),
      users: count.openapi({ description: 'Every account.' }),
      moderation: z.object({
        pendingAds: count.openapi({ description: 'Ads held for review.' }),
        reportedAds: count.openapi({ description: 'Ads with open reports that are still on the site.' }),
        reportedConversations: count.openapi({ description: 'Conversations with open reports.' }),
        total: count.openapi({ description: 'The three above together: what waits for a moderator.' }),
      }),
      unreadInbox: count.openapi({ description: 'Contact and FAQ messages no admin has opened.' }),
      pendingPlanRequests: count.openapi({ description: 'Plan requests waiting for a decision.' }),
      unreadMessages: count.openapi({ description: 'Messages to the signed-in admin not yet read.' }),
      adsPerDay: z
        .array(z.object({ date: z.string().openapi({ format: 'date', example: '2026-11-24' }), count }))
        .openapi({ description: 'New ads per UTC day, the last 30 days (today last); days without ads count 0.' }),
    }),
  })
  .openapi('DashboardStats');

/** GET /api/my-dashboard-stats: a signed-in user's own figures. */
export const ZMyDashboardStats = z
  .object({
    success: z.literal(true),
    message: z.string(),
    stats: z.object({
      liveAds: count.openapi({ description: 'The caller’s ads the public sees now.' }),
      allAds: count.openapi({ description: 'All the caller’s ads, in any state.' }),
      unreadMessages: count.openapi({ description: 'Messages to the caller not yet read.' }),
      wishlist: count.openapi({ description: 'Ads on the caller’s wishlist.' }),
    }),
  })
  .openapi('MyDashboardStats');

/** GET /api/admin/ad-sellers: who has posted ads, for the admin ad table's Seller filter. */
export const ZAdSellerList = z
  .object({
    success: z.literal(true),
    message: z.string(),
    sellers: z.array(
      z.object({
        id: z.number().int().min(1),
        name: z.string(),
        email: z.string(),
        ads: count.openapi({ description: 'Their ads, in any state.' }),
      }),
    ),
  })
  .openapi('AdSellerList');
