import { Hono } from 'hono';
import { clearSessionCookie, setSessionCookie } from '../auth/cookies.ts';
import { createSession, invalidateSession } from '../auth/session.ts';
import type { AppEnv } from '../context.ts';
import { AppError } from '../errors.ts';
import { validate } from '../lib/validate.ts';
import { whenSent } from '../lib/when-sent.ts';
import {
  consumeLoginAttempt,
  limitForgotPassword,
  limitResetPassword,
  limitSignup,
  loginNotChecked,
  loginSucceeded,
} from '../middleware/rate-limit.ts';
import { requireUser } from '../middleware/session.ts';
import { ZForgotPassword, ZLogin, ZResetPassword, ZSignup } from '../schemas/user.ts';
import { loginUser } from '../services/auth/login-user.ts';
import { FORGOT_MESSAGE, sendPasswordResetInBackground } from '../services/auth/request-password-reset.ts';
import { resetPassword } from '../services/auth/reset-password.ts';
import { createUser } from '../services/users/create-user.ts';

export const authRoutes = new Hono<AppEnv>()
  .post('/user/signup', validate('json', ZSignup), async (c) => {
    const input = c.req.valid('json');
    await limitSignup(c, input.email);
    // Only these four fields are read: role/subscription/id in the body are ignored.
    const user = await createUser({ name: input.name, email: input.email, password: input.password });
    const { token, session } = await createSession({ userId: user.id });
    setSessionCookie(c, token, session.expiresAt);
    return c.json(
      { success: true, message: 'Account created.', token, userinfo: user, expiresAt: session.expiresAt },
      201,
    );
  })
  .post('/user/login', validate('json', ZLogin), async (c) => {
    const input = c.req.valid('json');
    // The failure is counted before the password is checked (refused with 429 once over a
    // limit, before any hashing), and given back when the password turns out right.
    const attempt = await consumeLoginAttempt(c, input.email);
    let result: Awaited<ReturnType<typeof loginUser>>;
    try {
      result = await loginUser(input);
    } catch (err) {
      if (!(err instanceof AppError && err.code === 'UNAUTHORIZED')) await loginNotChecked(attempt);
      throw err;
    }
    await loginSucceeded(attempt);
    const { token, session, user } = result;
    setSessionCookie(c, token, session.expiresAt);
    return c.json({
      success: true,
      message: 'Succesfully login.',
      token,
      userinfo: user,
      expiresAt: session.expiresAt,
    });
  })
  .post('/user/logout', async (c) => {
    if (c.var.session) await invalidateSession(c.var.session.id);
    clearSessionCookie(c);
    return c.json({ success: true, message: 'Successfully logout' });
  })
  .get('/user/me', requireUser, (c) =>
    c.json({ success: true, userinfo: c.var.user, expiresAt: c.var.session?.expiresAt }),
  )
  .post('/forgot-password', validate('json', ZForgotPassword), async (c) => {
    const { email } = c.req.valid('json');
    await limitForgotPassword(c, email);
    // The same answer for every email, sent before anything about the email is looked up. Its
    // Content-Length keeps it out of the compression stream, whose output would otherwise
    // wait for the event loop while the background work holds it.
    const answer = JSON.stringify({ success: true, message: FORGOT_MESSAGE });
    const { res, sent } = whenSent(
      c.body(answer, 200, {
        'Content-Type': 'application/json',
        'Content-Length': String(Buffer.byteLength(answer)),
      }),
    );
    sendPasswordResetInBackground({ email }, sent);
    return res;
  })
  .post('/reset-password', validate('json', ZResetPassword), async (c) => {
    await limitResetPassword(c);
    await resetPassword(c.req.valid('json'));
    clearSessionCookie(c);
    return c.json({ success: true, message: 'Password reset successfully' });
  });
