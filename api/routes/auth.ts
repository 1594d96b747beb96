import { z } from 'zod';
import { clearSessionCookie, setSessionCookie } from '../auth/cookies.ts';
import { createSession, invalidateSession } from '../auth/session.ts';
import { VERIFICATION_TEXTS } from '../constants/email-verification.ts';
import { AppError } from '../errors.ts';
import { enqueue } from '../jobs/queue.ts';
import {
  consumeLoginAttempt,
  limitForgotPassword,
  limitResetPassword,
  limitSignup,
  limitVerificationResend,
  limitVerifyLink,
  loginNotChecked,
  loginSucceeded,
} from '../middleware/rate-limit.ts';
import { requireUser } from '../middleware/session.ts';
import { createRouter, declareRoute, jsonBody, jsonResponse } from '../openapi/route.ts';
import { ZVerifyEmail } from '../schemas/email-verification.ts';
import { ZOk } from '../schemas/responses/common.ts';
import { ZCurrentUser, ZSessionAnswer } from '../schemas/responses/user.ts';
import { ZForgotPassword, ZLogin, ZResetPassword, ZSignup } from '../schemas/user.ts';
import { loginUser } from '../services/auth/login-user.ts';
import { FORGOT_MESSAGE } from '../services/auth/request-password-reset.ts';
import { resendVerification } from '../services/auth/resend-verification.ts';
import { resetPassword } from '../services/auth/reset-password.ts';
import { verifyEmail } from '../services/auth/verify-email.ts';
import { assertSignupIsHuman } from '../services/inbox/bot-check.ts';
import { createUser } from '../services/users/create-user.ts';

const tags: ['Account'] = ['Account'];

/**
 * Sign-in and sign-up take no Idempotency-Key (api/middleware/idempotency.ts leaves them
 * alone: their answers carry a session token, which is never stored), so the document shows
 * none.
 */
const NO_IDEMPOTENCY_KEY = z.object({});

export const authRoutes = createRouter()
  .openapi(
    declareRoute({
      method: 'post',
      path: '/user/signup',
      operationId: 'signup',
      summary: 'Create a customer account and sign in (sets the session cookie)',
      tags,
      access: 'public',
      bodyLimit: 'json',
      rateLimits: ['signupIp', 'signupEmail'],
      load: 'counted',
      pageCache: 'keeps',
      // 409: the email is registered; 429: too many sign-ups from this address or for this email.
      errors: [409, 429],
      request: { headers: NO_IDEMPOTENCY_KEY, body: jsonBody(ZSignup) },
      responses: { 201: jsonResponse('Signed up and in.', ZSessionAnswer) },
    }),
    async (c) => {
      const input = c.req.valid('json');
      assertSignupIsHuman(input);
      await limitSignup(c, input.email);
      // Only these four fields are read: role/subscription/id in the body are ignored. The
      // account starts unverified; the verification mail is queued with it.
      const user = await createUser({ name: input.name, email: input.email, password: input.password });
      const { token, session } = await createSession({ userId: user.id, userAgent: c.req.header('user-agent') });
      setSessionCookie(c, token, session.expiresAt);
      return c.json(
        { success: true as const, message: 'Account created.', token, userinfo: user, expiresAt: session.expiresAt },
        201,
      );
    },
  )
  .openapi(
    declareRoute({
      method: 'post',
      path: '/user/login',
      operationId: 'login',
      summary: 'Sign in with email and password (sets the session cookie)',
      tags,
      access: 'public',
      bodyLimit: 'json',
      rateLimits: ['loginAccountIp', 'loginIp', 'loginAccountAll'],
      load: 'counted',
      pageCache: 'keeps',
      // 401: wrong email or password; 429: too many failures for this account or address.
      errors: [401, 429],
      request: { headers: NO_IDEMPOTENCY_KEY, body: jsonBody(ZLogin) },
      responses: { 200: jsonResponse('Signed in.', ZSessionAnswer) },
    }),
    async (c) => {
      const input = c.req.valid('json');
      // The failure is counted before the password is checked (refused with 429 once over a
      // limit, before any hashing), and given back when the password turns out right.
      const attempt = await consumeLoginAttempt(c, input.email);
      let result: Awaited<ReturnType<typeof loginUser>>;
      try {
        result = await loginUser({ ...input, userAgent: c.req.header('user-agent') });
      } catch (err) {
        if (!(err instanceof AppError && err.code === 'UNAUTHORIZED')) await loginNotChecked(attempt);
        throw err;
      }
      await loginSucceeded(attempt);
      const { token, session, user } = result;
      setSessionCookie(c, token, session.expiresAt);
      return c.json(
        {
          success: true as const,
          message: 'Succesfully login.',
          token,
          userinfo: user,
          expiresAt: session.expiresAt,
        },
        200,
      );
    },
  )
  .openapi(
    declareRoute({
      method: 'post',
      path: '/user/logout',
      operationId: 'logout',
      summary: 'End the caller’s session, if any, and clear the session cookie',
      tags,
      access: 'public',
      bodyLimit: 'json',
      rateLimits: [],
      load: 'counted',
      pageCache: 'keeps',
      responses: { 200: jsonResponse('Signed out (also when there was no session).', ZOk) },
    }),
    async (c) => {
      if (c.var.session) await invalidateSession(c.var.session.id);
      clearSessionCookie(c);
      return c.json({ success: true as const, message: 'Successfully logout' }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'get',
      path: '/user/me',
      operationId: 'getCurrentUser',
      summary: 'The signed-in user and when their session ends',
      tags,
      access: 'user',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'counted',
      pageCache: 'private',
      middleware: requireUser,
      responses: { 200: jsonResponse('The user.', ZCurrentUser) },
    }),
    // requireUser let the request through, so the session is there.
    (c) => c.json({ success: true as const, userinfo: c.var.user!, expiresAt: c.var.session!.expiresAt }, 200),
  )
  .openapi(
    declareRoute({
      method: 'post',
      path: '/forgot-password',
      operationId: 'requestPasswordReset',
      summary: 'Mail a password-reset link; the same answer whether or not the email is registered',
      tags,
      access: 'public',
      bodyLimit: 'json',
      rateLimits: ['forgotIp', 'forgotEmail'],
      load: 'counted',
      pageCache: 'keeps',
      errors: [429],
      request: { body: jsonBody(ZForgotPassword) },
      responses: { 200: jsonResponse('Accepted (the same for every email).', ZOk) },
    }),
    async (c) => {
      const { email } = c.req.valid('json');
      await limitForgotPassword(c, email);
      // Only queued here, for every email alike: whether it has an account is looked up by the
      // job (api/services/auth/request-password-reset.ts), so the answer cannot tell. The job
      // waits a second: run at once, in this process, its extra work for a known email would
      // still slow the writing of this very answer.
      await enqueue('password-reset', { email }, { startAfter: 1 });
      return c.json({ success: true as const, message: FORGOT_MESSAGE }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'post',
      path: '/reset-password',
      operationId: 'resetPassword',
      summary: 'Set a new password with the mailed token; ends every session of the account',
      tags,
      access: 'public',
      bodyLimit: 'json',
      rateLimits: ['resetIp'],
      load: 'counted',
      pageCache: 'keeps',
      errors: [429],
      request: { body: jsonBody(ZResetPassword) },
      responses: { 200: jsonResponse('Changed.', ZOk) },
    }),
    async (c) => {
      await limitResetPassword(c);
      await resetPassword(c.req.valid('json'));
      clearSessionCookie(c);
      return c.json({ success: true as const, message: 'Password reset successfully' }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'post',
      path: '/verify-email',
      operationId: 'verifyEmail',
      summary: 'Verify the account’s email address with the sign-up mail’s single-use token',
      tags,
      access: 'public',
      bodyLimit: 'json',
      rateLimits: ['verifyLinkIp'],
      load: 'counted',
      pageCache: 'keeps',
      // 400: unknown, used or expired token; 429: too many links tried from this address.
      errors: [429],
      request: { body: jsonBody(ZVerifyEmail) },
      responses: { 200: jsonResponse('Verified.', ZOk) },
    }),
    async (c) => {
      await limitVerifyLink(c);
      await verifyEmail({ token: c.req.valid('json').token });
      return c.json({ success: true as const, message: VERIFICATION_TEXTS.verified }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'post',
      path: '/resend-verification',
      operationId: 'resendVerification',
      summary: 'Mail the signed-in user a new verification link (older links stop working)',
      tags,
      access: 'user',
      bodyLimit: 'json',
      rateLimits: ['verificationResendPerUser'],
      load: 'counted',
      pageCache: 'keeps',
      middleware: requireUser,
      // 409: already verified; 429: too many mails asked for by this account.
      errors: [409, 429],
      responses: { 202: jsonResponse('The link was mailed.', ZOk) },
    }),
    async (c) => {
      const user = c.var.user!;
      await resendVerification({ user, countAgainstLimits: () => limitVerificationResend(user.id) });
      return c.json({ success: true as const, message: VERIFICATION_TEXTS.sent }, 202);
    },
  );
