import { z } from 'zod';
import { ROLES, SUBSCRIPTIONS } from '../constants/users.ts';
import { requiredEmail, requiredText } from './fields.ts';

export const MESSAGES = {
  name: 'Please enter your name.',
  email: 'Please enter your email.',
  emailFormat: 'Please enter a valid email.',
  password: 'Please enter your password.',
  cpassword: 'Please enter your confrim password.',
  mismatch: 'Enter password not match.',
  role: 'Please select role.',
  passwordLength: 'Password must be at least 6 characters.',
} as const;

const email = requiredEmail(MESSAGES.email, MESSAGES.emailFormat);
// Not trimmed: spaces are legal in passwords. Capped to keep hashing cheap.
const password = z.string({ error: MESSAGES.password }).min(1, MESSAGES.password).max(200, 'Password is too long.');
const cpassword = z.string({ error: MESSAGES.cpassword }).min(1, MESSAGES.cpassword).max(200, 'Password is too long.');

function matchPasswords<T extends { password: string; cpassword: string }>(v: T, ctx: z.RefinementCtx) {
  if (v.password !== v.cpassword) ctx.addIssue({ code: 'custom', message: MESSAGES.mismatch, path: ['cpassword'] });
  else if (v.password.length < 6)
    ctx.addIssue({ code: 'custom', message: MESSAGES.passwordLength, path: ['password'] });
}

/** The sign-up checks, in order. Unknown keys (role, subscription, id…) are dropped. */
/**
 * Sign-up. `website` is the hidden honeypot field (api/services/inbox/bot-check.ts); API
 * clients need not send it.
 */
export const ZSignup = z
  .object({
    name: requiredText(MESSAGES.name, 100),
    email,
    password,
    cpassword,
    website: z.string().max(500).optional().default(''),
  })
  .superRefine(matchPasswords);
export type TSignup = z.infer<typeof ZSignup>;

export const ZLogin = z.object({
  email: requiredText(MESSAGES.email, 254).transform((v) => v.toLowerCase()),
  password,
});
export type TLogin = z.infer<typeof ZLogin>;

const role = z.enum(ROLES, { error: MESSAGES.role });
const subscription = z.enum(SUBSCRIPTIONS, { error: 'Please select subscription.' }).default('free');

/** The Add User / Edit User checks: name, email, role, password, confirm, mismatch. */
export const ZAdminUser = z
  .object({ name: requiredText(MESSAGES.name, 100), email, role, subscription, password, cpassword })
  .superRefine(matchPasswords);
export type TAdminUser = z.infer<typeof ZAdminUser>;

export const ZAdminUserUpdate = z
  .object({
    id: z.coerce.number().int().positive(),
    name: requiredText(MESSAGES.name, 100),
    email,
    role,
    subscription,
    password,
    cpassword,
  })
  .superRefine(matchPasswords);
export type TAdminUserUpdate = z.infer<typeof ZAdminUserUpdate>;

export const ZForgotPassword = z.object({
  email,
});

export const ZResetPassword = z.object({
  resetToken: z.string({ error: 'The reset link is invalid or has expired.' }).min(1).max(200),
  password: z
    .string({ error: MESSAGES.password })
    .min(1, MESSAGES.password)
    .min(6, MESSAGES.passwordLength)
    .max(200, 'Password is too long.'),
});

/**
 * The Reset Password form's own fields: the server's password rule and a required confirm
 * (the form compares the two itself: a mismatch has its own toast and field text).
 */
export const ZResetPasswordForm = z.object({
  password: ZResetPassword.shape.password,
  confirm: z.string().min(1, MESSAGES.cpassword),
});
