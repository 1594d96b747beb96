import { limitPlanRequests } from '../middleware/rate-limit.ts';
import { requireAdmin, requireUser } from '../middleware/session.ts';
import { createRouter, declareRoute, jsonBody, jsonResponse } from '../openapi/route.ts';
import { ZIdParam } from '../schemas/fields.ts';
import { PLAN_REQUEST_MESSAGES, ZPlanDecision, ZPlanRequest, ZPlanRequestListQuery } from '../schemas/plan-request.ts';
import { dataEnvelope } from '../schemas/responses/common.ts';
import { ZPlanRequestAnswer, ZPlanRequestList, ZPlanRequestView } from '../schemas/responses/plan-request.ts';
import { decidePlanRequest } from '../services/plan-requests/decide-plan-request.ts';
import { listPlanRequests } from '../services/plan-requests/list-plan-requests.ts';
import { requestPlan } from '../services/plan-requests/request-plan.ts';

const tags: ['Membership plans'] = ['Membership plans'];

/** Choosing a plan on the Membership page, and the admins' decisions on paid-plan requests. */
export const planRequestRoutes = createRouter()
  .openapi(
    declareRoute({
      method: 'post',
      path: '/plan-requests',
      operationId: 'requestPlan',
      summary:
        'Choose a plan: a free one switches the caller at once, a paid one records a request for the site’s team',
      tags,
      access: 'user',
      bodyLimit: 'json',
      rateLimits: ['planRequestsPerUser'],
      load: 'counted',
      pageCache: 'keeps',
      middleware: requireUser,
      // 404: no such plan; 409: already on it, or a plan that cannot be chosen online; 429: too many requests.
      errors: [404, 409, 429],
      request: { body: jsonBody(ZPlanRequest) },
      responses: {
        201: jsonResponse('The paid plan’s request was recorded (it replaces a pending one).', ZPlanRequestAnswer),
        200: jsonResponse('The free plan is now the caller’s plan.', ZPlanRequestAnswer),
      },
    }),
    async (c) => {
      await limitPlanRequests(c.var.user!.id);
      const { status, body } = await requestPlan({ user: c.var.user!, input: c.req.valid('json') });
      return status === 201 ? c.json(body, 201) : c.json(body, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'get',
      path: '/plan-requests',
      operationId: 'listPlanRequests',
      summary: 'Plan requests, pending first (oldest first), then decided ones (newest first)',
      tags,
      access: 'admin',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'counted',
      pageCache: 'private',
      middleware: requireAdmin,
      request: { query: ZPlanRequestListQuery },
      responses: { 200: jsonResponse('One page of requests and the total.', ZPlanRequestList) },
    }),
    async (c) => {
      const { data, total } = await listPlanRequests(c.req.valid('query'));
      return c.json({ success: true as const, data, total, message: 'Plan requests loaded' }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'post',
      path: '/plan-requests/{id}/decision',
      operationId: 'decidePlanRequest',
      summary: 'Approve (the user’s plan and limits change at once) or decline a pending request; the user is mailed',
      tags,
      access: 'admin',
      bodyLimit: 'json',
      rateLimits: [],
      load: 'counted',
      pageCache: 'empties',
      middleware: requireAdmin,
      // 409: the request was already decided.
      errors: [409],
      request: { params: ZIdParam, body: jsonBody(ZPlanDecision) },
      responses: { 200: jsonResponse('Decided.', dataEnvelope(ZPlanRequestView)) },
    }),
    async (c) => {
      const { decision } = c.req.valid('json');
      const data = await decidePlanRequest({ admin: c.var.user!, id: c.req.valid('param').id, decision });
      const message = decision === 'approve' ? PLAN_REQUEST_MESSAGES.approved : PLAN_REQUEST_MESSAGES.declined;
      return c.json({ success: true as const, data, message }, 200);
    },
  );
