import './zod-setup.ts';
import { z } from 'zod';
import { requiredEmail } from './fields.ts';
import { MESSAGES } from './user.ts';

export const ACCOUNT_MESSAGES = {
  saved: 'Your account was saved.',
  currentPassword: 'Please enter your current password.',
  newPassword: 'Please enter a new password.',
  passwordChanged: 'Your password was changed. Every other browser was signed out.',
  phone: 'Please enter a valid phone number.',
  token: 'This confirmation link is invalid or has expired.',
  revoked: 'Signed out everywhere else.',
  deleted: 'Your account was deleted.',
  nothing: 'Send at least one of name, phone, alertMails or newsletter.',
} as const;

const password = (message: string) => z.string({ error: message }).min(1, message).max(200, 'Password is too long.');

/** The account form: any of name, phone and the alert and newsletter preferences. */
export const ZAccountUpdate = z
  .object({
    name: z
      .string({ error: MESSAGES.name })
      .trim()
      .min(1, MESSAGES.name)
      .max(100, 'Must be at most 100 characters.')
      .optional(),
    // Empty clears it. Digits and the usual separators only: it is read by people, never shown publicly.
    phone: z
      .string({ error: ACCOUNT_MESSAGES.phone })
      .trim()
      .max(40, 'Must be at most 40 characters.')
      .regex(/^[0-9+()\-.\s/]*$/, ACCOUNT_MESSAGES.phone)
      .optional(),
    alertMails: z.boolean({ error: 'alertMails must be true or false.' }).optional(),
    newsletter: z.boolean({ error: 'newsletter must be true or false.' }).optional(),
  })
  .refine((v) => Object.values(v).some((field) => field !== undefined), ACCOUNT_MESSAGES.nothing);
export type TAccountUpdate = z.infer<typeof ZAccountUpdate>;

export const ZChangePassword = z.object({
  currentPassword: password(ACCOUNT_MESSAGES.currentPassword),
  newPassword: password(ACCOUNT_MESSAGES.newPassword).min(6, MESSAGES.passwordLength),
});

export const ZChangeEmail = z.object({
  newEmail: requiredEmail(MESSAGES.email, MESSAGES.emailFormat),
  password: password(ACCOUNT_MESSAGES.currentPassword),
});

export const ZConfirmEmail = z.object({
  token: z.string({ error: ACCOUNT_MESSAGES.token }).min(1, ACCOUNT_MESSAGES.token).max(200, ACCOUNT_MESSAGES.token),
});

export const ZDeleteAccount = z.object({ password: password(MESSAGES.password) });
