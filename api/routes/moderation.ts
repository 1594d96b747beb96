import { MODERATION_TEXTS } from '../constants/moderation.ts';
import { clientIp } from '../lib/client-ip.ts';
import { limitReports } from '../middleware/rate-limit.ts';
import { requireAdmin } from '../middleware/session.ts';
import { createRouter, declareRoute, jsonBody, jsonResponse } from '../openapi/route.ts';
import { ZIdParam } from '../schemas/fields.ts';
import {
  ZAuditLogQuery,
  ZModerateAd,
  ZModerateReview,
  ZModerationReason,
  ZModerationSettingsUpdate,
  ZReportAd,
} from '../schemas/moderation.ts';
import { ZOk } from '../schemas/responses/common.ts';
import {
  ZAuditLogPage,
  ZModerateAdAnswer,
  ZModerationQueue,
  ZModerationSettings,
} from '../schemas/responses/moderation.ts';
import { banUser, unbanUser } from '../services/moderation/ban-user.ts';
import { dismissFraudFlag } from '../services/moderation/dismiss-fraud-flag.ts';
import { dismissAdReports, dismissConversationReports } from '../services/moderation/dismiss-reports.ts';
import { listAuditLog } from '../services/moderation/list-audit-log.ts';
import { listModerationQueue } from '../services/moderation/list-moderation-queue.ts';
import { moderateAd } from '../services/moderation/moderate-ad.ts';
import { moderateReview } from '../services/moderation/moderate-review.ts';
import {
  getModerationSettings,
  type TModerationSettings,
  updateModerationSettings,
} from '../services/moderation/moderation-settings.ts';
import { reportAd } from '../services/moderation/report-ad.ts';

const tags: ['Moderation'] = ['Moderation'];
const middleware = requireAdmin;

const settingsAnswer = (s: TModerationSettings, message: string) => ({
  success: true as const,
  message,
  data: {
    reportThreshold: s.reportThreshold,
    reportMinAccountAgeHours: s.reportMinAccountAgeHours,
    bannedWords: s.bannedWords,
    premoderateFirstAds: s.premoderateFirstAds,
    requireVerifiedToPost: s.requireVerifiedToPost,
    scamPhrases: s.scamPhrases,
    fraudWeights: s.fraudWeights,
    fraudHoldScore: s.fraudHoldScore,
  },
});

/**
 * Reports from visitors and the admins' moderation tools (docs/MODERATION.md): the queue,
 * decisions on ads, bans, the audit log and the moderation rules.
 */
export const moderationRoutes = createRouter()
  .openapi(
    declareRoute({
      method: 'post',
      path: '/reports',
      operationId: 'reportAd',
      summary: 'Report an ad to the moderators (signed-out visitors too); enough reports hold it for review',
      tags,
      access: 'public',
      bodyLimit: 'json',
      rateLimits: ['reportsPerUser', 'reportIp'],
      load: 'counted',
      pageCache: 'empties',
      // 404: no such ad; 409: already reported by the caller, or removed; 429: too many reports.
      errors: [404, 409, 429],
      request: { body: jsonBody(ZReportAd) },
      responses: { 201: jsonResponse('Reported.', ZOk) },
    }),
    async (c) => {
      const user = c.var.user ?? null;
      await limitReports(c, user?.id);
      await reportAd({ input: c.req.valid('json'), user, ip: clientIp(c) });
      return c.json({ success: true as const, message: MODERATION_TEXTS.reported }, 201);
    },
  )
  .openapi(
    declareRoute({
      method: 'get',
      path: '/moderation',
      operationId: 'listModerationQueue',
      summary:
        'What waits for a moderator: pending ads, reported ads, reported conversations and reported reviews, with their reports',
      tags,
      access: 'admin',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'counted',
      pageCache: 'private',
      middleware,
      responses: { 200: jsonResponse('The queue.', ZModerationQueue) },
    }),
    async (c) =>
      c.json({ success: true as const, message: 'Moderation queue loaded', ...(await listModerationQueue()) }, 200),
  )
  .openapi(
    declareRoute({
      method: 'post',
      path: '/moderation/ads/{id}',
      operationId: 'moderateAd',
      summary:
        'Approve an ad (back to where it was, reports closed) or remove it (410 page, reason mailed to the owner)',
      tags,
      access: 'admin',
      bodyLimit: 'json',
      rateLimits: [],
      load: 'counted',
      pageCache: 'empties',
      middleware,
      // 404: no such ad; 409: not allowed from its state.
      errors: [404, 409],
      request: { params: ZIdParam, body: jsonBody(ZModerateAd) },
      responses: { 200: jsonResponse('Done.', ZModerateAdAnswer) },
    }),
    async (c) => {
      const answer = await moderateAd({ admin: c.var.user!, id: c.req.valid('param').id, input: c.req.valid('json') });
      return c.json({ success: true as const, ...answer }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'post',
      path: '/moderation/ads/{id}/dismiss',
      operationId: 'dismissAdReports',
      summary: 'Dismiss the open reports on an ad; an ad held only by them goes back where it was',
      tags,
      access: 'admin',
      bodyLimit: 'json',
      rateLimits: [],
      load: 'counted',
      pageCache: 'empties',
      middleware,
      errors: [404, 409],
      request: { params: ZIdParam, body: jsonBody(ZModerationReason) },
      responses: { 200: jsonResponse('Dismissed.', ZOk) },
    }),
    async (c) => {
      const { message } = await dismissAdReports({
        admin: c.var.user!,
        id: c.req.valid('param').id,
        reason: c.req.valid('json').reason,
      });
      return c.json({ success: true as const, message }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'post',
      path: '/moderation/conversations/{id}/dismiss',
      operationId: 'dismissConversationReports',
      summary: 'Dismiss the open reports on a conversation',
      tags,
      access: 'admin',
      bodyLimit: 'json',
      rateLimits: [],
      load: 'counted',
      pageCache: 'empties',
      middleware,
      errors: [404, 409],
      request: { params: ZIdParam, body: jsonBody(ZModerationReason) },
      responses: { 200: jsonResponse('Dismissed.', ZOk) },
    }),
    async (c) => {
      const { message } = await dismissConversationReports({
        admin: c.var.user!,
        id: c.req.valid('param').id,
        reason: c.req.valid('json').reason,
      });
      return c.json({ success: true as const, message }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'post',
      path: '/moderation/fraud-flags/{id}/dismiss',
      operationId: 'dismissFraudFlag',
      summary:
        'Dismiss a false fraud signal; it is remembered and never raised again, and an ad held only by fraud signals below the hold score goes back where it was',
      tags,
      access: 'admin',
      bodyLimit: 'json',
      rateLimits: [],
      load: 'counted',
      pageCache: 'empties',
      middleware,
      // 404: no such flag; 409: already dismissed.
      errors: [404, 409],
      request: { params: ZIdParam, body: jsonBody(ZModerationReason) },
      responses: { 200: jsonResponse('Dismissed.', ZOk) },
    }),
    async (c) => {
      const { message } = await dismissFraudFlag({
        admin: c.var.user!,
        id: c.req.valid('param').id,
        reason: c.req.valid('json').reason,
      });
      return c.json({ success: true as const, message }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'post',
      path: '/moderation/reviews/{id}',
      operationId: 'moderateReview',
      summary:
        'Remove a review (hidden from everyone for good, its reports closed) or dismiss its reports (it stays public)',
      tags,
      access: 'admin',
      bodyLimit: 'json',
      rateLimits: [],
      load: 'counted',
      pageCache: 'empties',
      middleware,
      // 404: no such review, or removed already; 409: no open reports to dismiss.
      errors: [409],
      request: { params: ZIdParam, body: jsonBody(ZModerateReview) },
      responses: { 200: jsonResponse('Done.', ZOk) },
    }),
    async (c) => {
      const { message } = await moderateReview({
        admin: c.var.user!,
        id: c.req.valid('param').id,
        ...c.req.valid('json'),
      });
      return c.json({ success: true as const, message }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'post',
      path: '/users/{id}/ban',
      operationId: 'banUser',
      summary: 'Ban a user: no sign-in, sessions ended, all their ads hidden',
      tags,
      access: 'admin',
      bodyLimit: 'json',
      rateLimits: [],
      load: 'counted',
      pageCache: 'empties',
      middleware,
      // 404: no such user; 409: an admin, or already banned.
      errors: [404, 409],
      request: { params: ZIdParam, body: jsonBody(ZModerationReason) },
      responses: { 200: jsonResponse('Banned.', ZOk) },
    }),
    async (c) => {
      const { message } = await banUser({
        admin: c.var.user!,
        id: c.req.valid('param').id,
        reason: c.req.valid('json').reason,
      });
      return c.json({ success: true as const, message }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'post',
      path: '/users/{id}/unban',
      operationId: 'unbanUser',
      summary: 'Lift a ban: the user may sign in again and their ads return as they were',
      tags,
      access: 'admin',
      bodyLimit: 'json',
      rateLimits: [],
      load: 'counted',
      pageCache: 'empties',
      middleware,
      errors: [404, 409],
      request: { params: ZIdParam, body: jsonBody(ZModerationReason) },
      responses: { 200: jsonResponse('Unbanned.', ZOk) },
    }),
    async (c) => {
      const { message } = await unbanUser({
        admin: c.var.user!,
        id: c.req.valid('param').id,
        reason: c.req.valid('json').reason,
      });
      return c.json({ success: true as const, message }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'get',
      path: '/moderation/audit-log',
      operationId: 'listAuditLog',
      summary: 'Every moderator action (who, what, when, why), newest first, one page',
      tags,
      access: 'admin',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'counted',
      pageCache: 'private',
      middleware,
      request: { query: ZAuditLogQuery },
      responses: { 200: jsonResponse('One page of the log and the total.', ZAuditLogPage) },
    }),
    async (c) =>
      c.json(
        { success: true as const, message: 'Audit log loaded', ...(await listAuditLog(c.req.valid('query'))) },
        200,
      ),
  )
  .openapi(
    declareRoute({
      method: 'get',
      path: '/moderation/settings',
      operationId: 'getModerationSettings',
      summary: 'The moderation rules: report threshold, banned words, pre-moderation, verified posting',
      tags,
      access: 'admin',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'counted',
      pageCache: 'private',
      middleware,
      responses: { 200: jsonResponse('The rules.', ZModerationSettings) },
    }),
    async (c) => c.json(settingsAnswer(await getModerationSettings(), 'Moderation settings loaded'), 200),
  )
  .openapi(
    declareRoute({
      method: 'put',
      path: '/moderation/settings',
      operationId: 'updateModerationSettings',
      summary: 'Change the moderation rules',
      tags,
      access: 'admin',
      bodyLimit: 'json',
      rateLimits: [],
      load: 'counted',
      pageCache: 'empties',
      middleware,
      request: { body: jsonBody(ZModerationSettingsUpdate) },
      responses: { 200: jsonResponse('Saved.', ZModerationSettings) },
    }),
    async (c) => {
      const saved = await updateModerationSettings(c.req.valid('json'));
      return c.json(settingsAnswer(saved, 'Moderation settings saved'), 200);
    },
  );
