import { requireAdmin } from '../middleware/session.ts';
import { createRouter, declareRoute, jsonBody, jsonResponse } from '../openapi/route.ts';
import { ZIdParam } from '../schemas/fields.ts';
import { ZPlan } from '../schemas/membership.ts';
import { dataEnvelope, ZOk } from '../schemas/responses/common.ts';
import { ZPlanRecord } from '../schemas/responses/membership.ts';
import { deletePlan } from '../services/memberships/delete-plan.ts';
import { getPlan } from '../services/memberships/get-plan.ts';
import { listPlans } from '../services/memberships/list-plans.ts';
import { savePlan } from '../services/memberships/save-plan.ts';

const tags: ['Membership plans'] = ['Membership plans'];

/** Membership plans: the list is public, everything else admin-only. */
export const membershipRoutes = createRouter()
  .openapi(
    declareRoute({
      method: 'get',
      path: '/memberships',
      operationId: 'listMembershipPlans',
      summary: 'Every membership plan',
      tags,
      access: 'public',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'counted',
      pageCache: 'shared',
      responses: { 200: jsonResponse('The plans.', dataEnvelope(ZPlanRecord.array())) },
    }),
    async (c) => c.json({ success: true as const, data: await listPlans(), message: 'Plans loaded' }, 200),
  )
  .openapi(
    declareRoute({
      method: 'post',
      path: '/memberships',
      operationId: 'createMembershipPlan',
      summary: 'Add a membership plan',
      tags,
      access: 'admin',
      bodyLimit: 'json',
      rateLimits: [],
      load: 'counted',
      pageCache: 'empties',
      middleware: requireAdmin,
      request: { body: jsonBody(ZPlan) },
      responses: { 201: jsonResponse('Added.', dataEnvelope(ZPlanRecord)) },
    }),
    async (c) => {
      const data = await savePlan({ input: c.req.valid('json') });
      return c.json({ success: true as const, message: 'Plan added', data }, 201);
    },
  )
  .openapi(
    declareRoute({
      method: 'get',
      path: '/memberships/{id}',
      operationId: 'getMembershipPlan',
      summary: 'One membership plan',
      tags,
      access: 'admin',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'counted',
      pageCache: 'private',
      middleware: requireAdmin,
      request: { params: ZIdParam },
      responses: { 200: jsonResponse('The plan.', dataEnvelope(ZPlanRecord)) },
    }),
    async (c) => {
      const data = await getPlan({ id: c.req.valid('param').id });
      return c.json({ success: true as const, data, message: 'Plan loaded' }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'put',
      path: '/memberships/{id}',
      operationId: 'updateMembershipPlan',
      summary: 'Change a membership plan',
      tags,
      access: 'admin',
      bodyLimit: 'json',
      rateLimits: [],
      load: 'counted',
      pageCache: 'empties',
      middleware: requireAdmin,
      request: { params: ZIdParam, body: jsonBody(ZPlan) },
      responses: { 200: jsonResponse('Updated.', dataEnvelope(ZPlanRecord)) },
    }),
    async (c) => {
      const data = await savePlan({ id: c.req.valid('param').id, input: c.req.valid('json') });
      return c.json({ success: true as const, message: 'Plan updated', data }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'delete',
      path: '/memberships/{id}',
      operationId: 'deleteMembershipPlan',
      summary: 'Delete a membership plan',
      tags,
      access: 'admin',
      bodyLimit: 'json',
      rateLimits: [],
      load: 'counted',
      pageCache: 'empties',
      middleware: requireAdmin,
      request: { params: ZIdParam },
      responses: { 200: jsonResponse('Deleted.', ZOk) },
    }),
    async (c) => {
      await deletePlan({ id: c.req.valid('param').id });
      return c.json({ success: true as const, message: 'Plan deleted' }, 200);
    },
  );
