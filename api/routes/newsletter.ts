import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { AppError } from '../errors.ts';
import { enqueue } from '../jobs/queue.ts';
import { limitBadNewsletterLink, limitNewsletterSignup } from '../middleware/rate-limit.ts';
import { requireAdmin } from '../middleware/session.ts';
import { createRouter, declareRoute, jsonBody, jsonResponse } from '../openapi/route.ts';
import {
  NEWSLETTER_MESSAGES,
  ZNewsletterSend,
  ZNewsletterSubscribe,
  ZNewsletterToken,
  ZSubscriberListQuery,
  ZUnsubscribeJson,
  ZUnsubscribeOneClick,
  ZUnsubscribeQuery,
} from '../schemas/newsletter.ts';
import { dataEnvelope, ZOk } from '../schemas/responses/common.ts';
import { ZNewsletterProgress, ZSubscriberPage } from '../schemas/responses/newsletter.ts';
import { confirmNewsletter } from '../services/newsletter/confirm-newsletter.ts';
import { listNewsletters } from '../services/newsletter/list-newsletters.ts';
import { exportSubscribers, listSubscribers } from '../services/newsletter/list-subscribers.ts';
import { sendNewsletter } from '../services/newsletter/send-newsletter.ts';
import { unsubscribeNewsletter } from '../services/newsletter/unsubscribe-newsletter.ts';

const tags: ['Newsletter'] = ['Newsletter'];
const middleware = requireAdmin;

/** A bad link counts against the caller's address (valid links never do); then it is refused. */
async function withLinkLimit(c: Context, use: () => Promise<void>) {
  try {
    await use();
  } catch (err) {
    if (err instanceof AppError && err.status === 400) await limitBadNewsletterLink(c);
    throw err;
  }
}

/** The newsletter: double opt-in sign-up, its mailed links, and the admins' list and sending. */
export const newsletterRoutes = createRouter()
  .openapi(
    declareRoute({
      method: 'post',
      path: '/newsletter/subscribe',
      operationId: 'subscribeNewsletter',
      summary: 'Ask for the newsletter: a confirmation link is mailed (the same answer for every address)',
      tags,
      access: 'public',
      bodyLimit: 'json',
      rateLimits: ['newsletterIp', 'newsletterEmail'],
      load: 'counted',
      pageCache: 'keeps',
      // 429: too many sign-ups from this address or for this email.
      errors: [429],
      request: { body: jsonBody(ZNewsletterSubscribe) },
      responses: { 202: jsonResponse('Accepted; check the inbox.', ZOk) },
    }),
    async (c) => {
      const { email } = c.req.valid('json');
      await limitNewsletterSignup(c, email);
      // The job decides whether to mail: the answer and its work are the same for every address.
      await enqueue('newsletter-signup', { email });
      return c.json({ success: true as const, message: NEWSLETTER_MESSAGES.subscribed }, 202);
    },
  )
  .openapi(
    declareRoute({
      method: 'post',
      path: '/newsletter/confirm',
      operationId: 'confirmNewsletter',
      summary: 'Confirm a subscription with the mailed single-use token',
      tags,
      access: 'public',
      bodyLimit: 'json',
      rateLimits: ['newsletterLinkIp'],
      load: 'counted',
      pageCache: 'keeps',
      errors: [429],
      request: { body: jsonBody(ZNewsletterToken) },
      responses: { 200: jsonResponse('Confirmed.', ZOk) },
    }),
    async (c) => {
      await withLinkLimit(c, () => confirmNewsletter({ token: c.req.valid('json').token }));
      return c.json({ success: true as const, message: NEWSLETTER_MESSAGES.confirmed }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'post',
      path: '/newsletter/unsubscribe',
      operationId: 'unsubscribeNewsletter',
      summary:
        'Unsubscribe with a newsletter mail’s token: JSON { token } (the page), or ?token= with the body List-Unsubscribe=One-Click (a mail program, RFC 8058)',
      tags,
      access: 'public',
      bodyLimit: 'json',
      rateLimits: ['newsletterLinkIp'],
      load: 'counted',
      pageCache: 'keeps',
      errors: [429],
      request: {
        query: ZUnsubscribeQuery,
        body: {
          required: false,
          content: {
            'application/json': { schema: ZUnsubscribeJson },
            'application/x-www-form-urlencoded': { schema: ZUnsubscribeOneClick },
          },
        },
      },
      responses: { 200: jsonResponse('Unsubscribed.', ZOk) },
    }),
    async (c) => {
      const json = c.req.valid('json') as z.infer<typeof ZUnsubscribeJson> | undefined;
      const token = c.req.valid('query').token ?? json?.token;
      if (!token) throw new AppError('BAD_REQUEST', NEWSLETTER_MESSAGES.token);
      await withLinkLimit(c, () => unsubscribeNewsletter({ token }));
      return c.json({ success: true as const, message: NEWSLETTER_MESSAGES.unsubscribed }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'get',
      path: '/newsletter/unsubscribe',
      operationId: 'openNewsletterUnsubscribe',
      summary:
        'The List-Unsubscribe address opened in a browser (a mail program without one-click does that): redirects to the page that asks first, changes nothing',
      tags,
      access: 'public',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'counted',
      pageCache: 'private',
      request: { query: ZUnsubscribeQuery },
      responses: {
        303: {
          description: 'To /newsletter/unsubscribe?token=…, the page with the Unsubscribe button.',
          headers: z.object({ Location: z.string() }),
        },
      },
    }),
    (c) => {
      c.header('Referrer-Policy', 'no-referrer');
      const token = c.req.valid('query').token;
      return c.redirect(
        token ? `/newsletter/unsubscribe?token=${encodeURIComponent(token)}` : '/newsletter/unsubscribe',
        303,
      );
    },
  )
  .openapi(
    declareRoute({
      method: 'get',
      path: '/admin/newsletter/subscribers',
      operationId: 'listSubscribers',
      summary: 'Newsletter addresses, newest first, one page; q: part of an address; status: one state',
      tags,
      access: 'admin',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'counted',
      pageCache: 'private',
      middleware,
      request: { query: ZSubscriberListQuery },
      responses: { 200: jsonResponse('One page of addresses.', ZSubscriberPage) },
    }),
    async (c) => {
      const page = await listSubscribers(c.req.valid('query'));
      return c.json({ success: true as const, ...page, message: 'Subscribers loaded' }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'get',
      path: '/admin/newsletter/subscribers/export',
      operationId: 'exportSubscribers',
      summary: 'The addresses matching q and status as a CSV file (cells that could run as formulas are made text)',
      tags,
      access: 'admin',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'counted',
      pageCache: 'private',
      middleware,
      request: { query: ZSubscriberListQuery.pick({ q: true, status: true }) },
      responses: { 200: { description: 'The CSV file.', content: { 'text/csv': { schema: z.string() } } } },
    }),
    async (c) => {
      const csv = await exportSubscribers(c.req.valid('query'));
      c.header('Content-Disposition', 'attachment; filename="newsletter-subscribers.csv"');
      c.header('Cache-Control', 'no-store');
      return c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8' });
    },
  )
  .openapi(
    declareRoute({
      method: 'get',
      path: '/admin/newsletters',
      operationId: 'listNewsletters',
      summary: 'The newsletters sent, newest first, with their progress (mails queued of the total)',
      tags,
      access: 'admin',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'counted',
      pageCache: 'private',
      middleware,
      responses: { 200: jsonResponse('The newsletters.', dataEnvelope(z.array(ZNewsletterProgress))) },
    }),
    async (c) => {
      const data = await listNewsletters();
      return c.json({ success: true as const, data, message: 'Newsletters loaded' }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'post',
      path: '/admin/newsletters',
      operationId: 'sendNewsletter',
      summary: 'Send a newsletter to every confirmed subscriber, in batches on the job queue',
      tags,
      access: 'admin',
      bodyLimit: 'richTextJson',
      rateLimits: [],
      load: 'counted',
      pageCache: 'keeps',
      middleware,
      // 409: nobody is subscribed yet.
      errors: [409],
      request: { body: jsonBody(ZNewsletterSend) },
      responses: { 201: jsonResponse('Recorded; its batches are queued.', dataEnvelope(ZNewsletterProgress)) },
    }),
    async (c) => c.json(await sendNewsletter({ admin: c.var.user!, input: c.req.valid('json') }), 201),
  );
