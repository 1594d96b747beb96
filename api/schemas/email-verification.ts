import './zod-setup.ts';
import { z } from 'zod';
import { VERIFICATION_TEXTS } from '../constants/email-verification.ts';

/** verifyEmail: the token of the sign-up mail's link (`/verify-email?token=`). */
export const ZVerifyEmail = z.object({
  token: z
    .string({ error: VERIFICATION_TEXTS.invalid })
    .trim()
    .min(1, VERIFICATION_TEXTS.invalid)
    .max(200, VERIFICATION_TEXTS.invalid),
});
