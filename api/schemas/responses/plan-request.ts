import '../zod-setup.ts';
import { z } from '@hono/zod-openapi';
import { PLAN_REQUEST_STATES } from '../../constants/plan-requests.ts';
import { SUBSCRIPTIONS } from '../../constants/users.ts';
import { ZDateTime, ZRecordId } from './common.ts';

export const ZPlanRequestView = z
  .object({
    id: ZRecordId,
    planId: z.number().int().nullable().openapi({ description: 'null once the plan was deleted.' }),
    planName: z.string(),
    subscription: z.enum(SUBSCRIPTIONS).openapi({ description: 'The subscription approval gives.' }),
    telephone: z.string(),
    businessName: z.string(),
    note: z.string(),
    status: z.enum(PLAN_REQUEST_STATES),
    createdAt: ZDateTime,
    decidedAt: ZDateTime.nullable(),
  })
  .openapi('PlanRequest');

/** requestPlan: a free plan switched at once (200), or a paid plan's request recorded (201). */
export const ZPlanRequestAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  switched: z.boolean().openapi({ description: 'true: a free plan, now the caller’s plan.' }),
  subscription: z.enum(SUBSCRIPTIONS).openapi({ description: 'The caller’s plan after this request.' }),
  request: ZPlanRequestView.optional().openapi({ description: 'The recorded request (paid plans).' }),
});

export const ZPlanRequestList = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.array(
    ZPlanRequestView.extend({
      user: z.object({ id: ZRecordId, name: z.string(), email: z.string(), subscription: z.enum(SUBSCRIPTIONS) }),
    }),
  ),
  total: z.number().int().min(0),
});
