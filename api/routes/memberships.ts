import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { validate } from '../lib/validate.ts';
import { requireAdmin } from '../middleware/session.ts';
import { ZIdParam } from '../schemas/fields.ts';
import { ZPlan } from '../schemas/membership.ts';
import { deletePlan } from '../services/memberships/delete-plan.ts';
import { getPlan } from '../services/memberships/get-plan.ts';
import { listPlans } from '../services/memberships/list-plans.ts';
import { savePlan } from '../services/memberships/save-plan.ts';

/** Membership plans (SPEC.md §7): the list is public, everything else admin-only. */
export const membershipRoutes = new Hono<AppEnv>()
  .get('/memberships', async (c) => c.json({ success: true, data: await listPlans(), message: 'Plans loaded' }))
  .post('/memberships', requireAdmin, validate('json', ZPlan), async (c) => {
    const data = await savePlan({ input: c.req.valid('json') });
    return c.json({ success: true, message: 'Plan added', data }, 201);
  })
  .get('/memberships/:id', requireAdmin, validate('param', ZIdParam), async (c) => {
    const data = await getPlan({ id: c.req.valid('param').id });
    return c.json({ success: true, data, message: 'Plan loaded' });
  })
  .put('/memberships/:id', requireAdmin, validate('param', ZIdParam), validate('json', ZPlan), async (c) => {
    const data = await savePlan({ id: c.req.valid('param').id, input: c.req.valid('json') });
    return c.json({ success: true, message: 'Plan updated', data });
  })
  .delete('/memberships/:id', requireAdmin, validate('param', ZIdParam), async (c) => {
    await deletePlan({ id: c.req.valid('param').id });
    return c.json({ success: true, message: 'Plan deleted' });
  });
