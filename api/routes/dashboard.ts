import { requireAdmin, requireUser } from '../middleware/session.ts';
import { createRouter, declareRoute, jsonResponse } from '../openapi/route.ts';
import { ZAdSellerList, ZDashboardStats, ZMyDashboardStats } from '../schemas/responses/dashboard.ts';
import { listAdSellers } from '../services/ads/list-ad-sellers.ts';
import { getMyStats } from '../services/dashboard/my-stats.ts';
import { getSiteStats } from '../services/dashboard/site-stats.ts';

const tags: ['Dashboard'] = ['Dashboard'];

/**
 * The figures of the admin area's Dashboard (src/admin/routes/dashboard.tsx), and the sellers
 * the Advertisements table filters by (src/admin/routes/ads.tsx).
 */
export const dashboardRoutes = createRouter()
  .openapi(
    declareRoute({
      method: 'get',
      path: '/admin/dashboard-stats',
      operationId: 'getDashboardStats',
      summary: 'The site at a glance: live ads, new ads, users, moderation and inbox waiting, new ads per day',
      tags,
      access: 'admin',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'counted',
      pageCache: 'private',
      middleware: requireAdmin,
      responses: { 200: jsonResponse('The figures, counted now.', ZDashboardStats) },
    }),
    async (c) => {
      const stats = await getSiteStats({ adminId: c.var.user!.id });
      return c.json({ success: true as const, message: 'Dashboard figures loaded', stats }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'get',
      path: '/my-dashboard-stats',
      operationId: 'getMyDashboardStats',
      summary: 'The caller’s own figures: live ads, all ads, unread messages, wishlist',
      tags,
      access: 'user',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'counted',
      pageCache: 'private',
      middleware: requireUser,
      responses: { 200: jsonResponse('The caller’s figures, counted now.', ZMyDashboardStats) },
    }),
    async (c) => {
      const stats = await getMyStats({ userId: c.var.user!.id });
      return c.json({ success: true as const, message: 'Dashboard figures loaded', stats }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'get',
      path: '/admin/ad-sellers',
      operationId: 'listAdSellers',
      summary: 'Users who have posted ads, by name, with their number of ads (the ad table’s Seller filter)',
      tags: ['Ads'],
      access: 'admin',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'counted',
      pageCache: 'private',
      middleware: requireAdmin,
      responses: { 200: jsonResponse('The sellers.', ZAdSellerList) },
    }),
    async (c) => c.json({ success: true as const, message: 'Sellers loaded', sellers: await listAdSellers() }, 200),
  );
