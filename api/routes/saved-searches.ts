import { z } from '@hono/zod-openapi';
import { MAX_SAVED_SEARCHES } from '../constants/saved-searches.ts';
import { requireUser } from '../middleware/session.ts';
import { createRouter, declareRoute, jsonBody, jsonResponse } from '../openapi/route.ts';
import { ZIdParam } from '../schemas/fields.ts';
import { ZOk } from '../schemas/responses/common.ts';
import {
  ZSavedSearchAnswer,
  ZSavedSearchList,
  ZSavedSearchOpened,
  ZSavedSearchUnsubscribed,
} from '../schemas/responses/saved-search.ts';
import {
  SAVED_SEARCH_MESSAGES,
  ZSavedSearchCreate,
  ZSavedSearchUpdate,
  ZUnsubscribeTokenParam,
} from '../schemas/saved-search.ts';
import { createSavedSearch } from '../services/saved-searches/create-saved-search.ts';
import { deleteSavedSearch } from '../services/saved-searches/delete-saved-search.ts';
import { listSavedSearches } from '../services/saved-searches/list-saved-searches.ts';
import { unsubscribeSavedSearch } from '../services/saved-searches/unsubscribe-saved-search.ts';
import { updateSavedSearch } from '../services/saved-searches/update-saved-search.ts';
import { viewSavedSearch } from '../services/saved-searches/view-saved-search.ts';

const tags: ['Saved searches'] = ['Saved searches'];
const middleware = requireUser;
// Digits only, so /saved-searches/unsubscribe/… never reads as an id.
const byId = '/saved-searches/{id{[0-9]+}}';

const UNSUBSCRIBE_PATH = '/saved-search-unsubscribe/{token}';
const OLD_UNSUBSCRIBE_PATH = '/saved-searches/unsubscribe/{token}';

/**
 * Routes served but left out of the OpenAPI document on purpose: the old unsubscribe address,
 * kept for mails already sent (documented, it made two paths ambiguous). "METHOD /api/path".
 */
export const UNDOCUMENTED_ROUTES = new Set([`POST /api${OLD_UNSUBSCRIBE_PATH}`, `GET /api${OLD_UNSUBSCRIBE_PATH}`]);

function unsubscribeRoute<P extends string>(path: P, operationId: string, hide = false) {
  return declareRoute({
    method: 'post',
    path,
    operationId,
    summary: 'One-click unsubscribe from one saved search’s alerts (the mail’s link; no sign-in)',
    tags,
    access: 'public',
    bodyLimit: 'json',
    rateLimits: [],
    load: 'counted',
    pageCache: 'keeps',
    hide,
    request: { params: ZUnsubscribeTokenParam },
    responses: { 200: jsonResponse('Its alerts are off.', ZSavedSearchUnsubscribed) },
  });
}

function openUnsubscribeRoute<P extends string>(path: P, operationId: string, hide = false) {
  return declareRoute({
    method: 'get',
    path,
    operationId,
    summary: 'The unsubscribe address opened in a browser: redirects to its page, changes nothing',
    tags,
    access: 'public',
    bodyLimit: 'none',
    rateLimits: [],
    load: 'counted',
    pageCache: 'private',
    hide,
    request: { params: ZUnsubscribeTokenParam },
    responses: {
      303: {
        description: 'To /unsubscribe/{token}, which asks before unsubscribing.',
        headers: z.object({ Location: z.string() }),
      },
    },
  });
}

/** The unsubscribe page's address for `token`; a browser is sent there without a referrer. */
const unsubscribePage = (token: string) => `/unsubscribe/${encodeURIComponent(token)}`;

/** Saved searches of the ad list and their alert mails: always the caller's own. */
export const savedSearchRoutes = createRouter()
  .openapi(
    declareRoute({
      method: 'post',
      path: '/saved-searches',
      operationId: 'createSavedSearch',
      summary: 'Save the ad list’s current filters, with alerts for new ads',
      description: `At most ${MAX_SAVED_SEARCHES} per user (409 beyond). The name defaults to a summary such as “sofa in Furniture, $50–$400”.`,
      tags,
      access: 'user',
      bodyLimit: 'json',
      rateLimits: [],
      load: 'counted',
      pageCache: 'keeps',
      middleware,
      request: { body: jsonBody(ZSavedSearchCreate) },
      responses: { 201: jsonResponse('Saved.', ZSavedSearchAnswer) },
    }),
    async (c) => {
      const answer = await createSavedSearch({ userId: c.var.user!.id, input: c.req.valid('json') });
      return c.json(answer, 201);
    },
  )
  .openapi(
    declareRoute({
      method: 'get',
      path: '/saved-searches',
      operationId: 'listSavedSearches',
      summary: 'The caller’s saved searches, each with its count of ads new since the last visit',
      tags,
      access: 'user',
      bodyLimit: 'none',
      rateLimits: [],
      load: 'counted',
      pageCache: 'private',
      middleware,
      responses: { 200: jsonResponse('The saved searches, oldest first.', ZSavedSearchList) },
    }),
    async (c) => {
      const savedSearches = await listSavedSearches({ userId: c.var.user!.id });
      return c.json(
        { success: true as const, message: SAVED_SEARCH_MESSAGES.loaded, savedSearches, max: MAX_SAVED_SEARCHES },
        200,
      );
    },
  )
  .openapi(
    declareRoute({
      method: 'patch',
      path: byId,
      operationId: 'updateSavedSearch',
      summary: 'Rename a saved search or change how often it mails',
      tags,
      access: 'owner',
      bodyLimit: 'json',
      rateLimits: [],
      load: 'counted',
      pageCache: 'keeps',
      middleware,
      request: { params: ZIdParam, body: jsonBody(ZSavedSearchUpdate) },
      responses: { 200: jsonResponse('Updated.', ZSavedSearchAnswer) },
    }),
    async (c) => {
      const savedSearch = await updateSavedSearch({
        userId: c.var.user!.id,
        id: c.req.valid('param').id,
        input: c.req.valid('json'),
      });
      return c.json({ success: true as const, message: SAVED_SEARCH_MESSAGES.updated, savedSearch }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'delete',
      path: byId,
      operationId: 'deleteSavedSearch',
      summary: 'Delete a saved search (its alerts stop)',
      tags,
      access: 'owner',
      bodyLimit: 'json',
      rateLimits: [],
      load: 'counted',
      pageCache: 'keeps',
      middleware,
      request: { params: ZIdParam },
      responses: { 200: jsonResponse('Deleted.', ZOk) },
    }),
    async (c) => {
      await deleteSavedSearch({ userId: c.var.user!.id, id: c.req.valid('param').id });
      return c.json({ success: true as const, message: SAVED_SEARCH_MESSAGES.deleted }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'post',
      path: `${byId}/view`,
      operationId: 'viewSavedSearch',
      summary: 'Open a saved search: what is new since the last visit, then mark it seen',
      tags,
      access: 'owner',
      bodyLimit: 'json',
      rateLimits: [],
      load: 'counted',
      pageCache: 'keeps',
      middleware,
      request: { params: ZIdParam },
      responses: { 200: jsonResponse('What was new; the search is now marked seen.', ZSavedSearchOpened) },
    }),
    async (c) => {
      const opened = await viewSavedSearch({ userId: c.var.user!.id, id: c.req.valid('param').id });
      return c.json({ success: true as const, message: SAVED_SEARCH_MESSAGES.viewed, ...opened }, 200);
    },
  )
  // The alert mail's List-Unsubscribe address. Mail clients POST to it (RFC 8058 one-click,
  // body "List-Unsubscribe=One-Click", which needs no reading); a person who opens it in a
  // browser is sent to the page that asks first. It lives at /saved-search-unsubscribe/{token}:
  // under /saved-searches/ it made /saved-searches/unsubscribe/view ambiguous with
  // /saved-searches/{id}/view. The old address still answers, undocumented, for mails already
  // sent.
  .openapi(unsubscribeRoute(UNSUBSCRIBE_PATH, 'unsubscribeSavedSearch'), async (c) => {
    const { name } = await unsubscribeSavedSearch({ token: c.req.valid('param').token });
    return c.json({ success: true as const, message: SAVED_SEARCH_MESSAGES.unsubscribed, name }, 200);
  })
  .openapi(openUnsubscribeRoute(UNSUBSCRIBE_PATH, 'openSavedSearchUnsubscribe'), (c) => {
    c.header('Referrer-Policy', 'no-referrer');
    return c.redirect(unsubscribePage(c.req.valid('param').token), 303);
  })
  .openapi(unsubscribeRoute(OLD_UNSUBSCRIBE_PATH, 'unsubscribeSavedSearchOld', true), async (c) => {
    const { name } = await unsubscribeSavedSearch({ token: c.req.valid('param').token });
    return c.json({ success: true as const, message: SAVED_SEARCH_MESSAGES.unsubscribed, name }, 200);
  })
  .openapi(openUnsubscribeRoute(OLD_UNSUBSCRIBE_PATH, 'openSavedSearchUnsubscribeOld', true), (c) => {
    c.header('Referrer-Policy', 'no-referrer');
    return c.redirect(unsubscribePage(c.req.valid('param').token), 303);
  });
