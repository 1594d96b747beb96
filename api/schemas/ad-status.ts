import './zod-setup.ts';
import { z } from 'zod';
import { OWNER_STATUSES } from '../constants/ad-states.ts';

export const AD_STATUS_MESSAGES = {
  status: 'Please choose active, reserved, sold or paused.',
  token: 'The renew link is incomplete. Open it again from the mail.',
} as const;

/** changeAdStatus: the state the owner asks for (the state table decides if the move is allowed). */
export const ZAdStatusChange = z.object({ status: z.enum(OWNER_STATUSES, { error: AD_STATUS_MESSAGES.status }) });
export type TAdStatusChange = z.infer<typeof ZAdStatusChange>;

/** renewAdWithToken: the token from the reminder mail’s link (32 base-32 characters today). */
export const ZRenewToken = z.object({
  token: z
    .string({ error: AD_STATUS_MESSAGES.token })
    .trim()
    .regex(/^[0-9a-zA-Z_-]{16,200}$/, AD_STATUS_MESSAGES.token),
});
