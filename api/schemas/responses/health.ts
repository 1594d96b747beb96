import '../zod-setup.ts';
import { z } from '@hono/zod-openapi';

export const ZLiveness = z
  .object({ success: z.literal(true), status: z.literal('ok'), uptimeSec: z.number().int().min(0) })
  .openapi('Liveness');

export const ZReady = z
  .object({
    success: z.literal(true),
    status: z.literal('ready'),
    database: z.literal('up'),
    latencyMs: z.number().int().min(0),
  })
  .openapi('Ready');

/** Not ready: the shared error shape plus the readiness fields. */
export const ZNotReady = z
  .object({
    success: z.literal(false),
    status: z.literal('unavailable'),
    database: z.literal('down'),
    error: z.enum(['database timeout', 'database unavailable']),
    message: z.string(),
  })
  .openapi('NotReady');
export type TReady = z.infer<typeof ZReady>;
export type TNotReady = z.infer<typeof ZNotReady>;
