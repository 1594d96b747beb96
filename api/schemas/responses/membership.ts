import '../zod-setup.ts';
import { z } from '@hono/zod-openapi';
import { ZRecordId } from './common.ts';

/** A membership plan in its legacy field names. */
export const ZPlanRecord = z
  .object({
    id: ZRecordId,
    plan_name: z.string(),
    subscription_type: z.string().openapi({ description: "Free text; 'NA' means the plan is free." }),
    price: z.number().nullable().openapi({ description: 'null when the plan has no price (shown as FREE).' }),
    includes_featured: z
      .boolean()
      .openapi({ description: 'Whether members of this plan may mark their ads as featured.' }),
    expiry_days: z
      .number()
      .int()
      .min(1)
      .openapi({ description: 'Days members’ ads stay up before they expire (renewing starts a new period).' }),
  })
  .openapi('MembershipPlan');
