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
      access: 'user',
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
      access: 'user',
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
      access: 'user',
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
  // browser is sent to the page that asks first.
  .openapi(
    declareRoute({
      method: 'post',
      path: '/saved-searches/unsubscribe/{token}',
      operationId: 'unsubscribeSavedSearch',
      summary: 'One-click unsubscribe from one saved search’s alerts (the mail’s link; no sign-in)',
      tags,
      access: 'public',
      request: { params: ZUnsubscribeTokenParam },
      responses: { 200: jsonResponse('Its alerts are off.', ZSavedSearchUnsubscribed) },
    }),
    async (c) => {
      const { name } = await unsubscribeSavedSearch({ token: c.req.valid('param').token });
      return c.json({ success: true as const, message: SAVED_SEARCH_MESSAGES.unsubscribed, name }, 200);
    },
  )
  .openapi(
    declareRoute({
      method: 'get',
      path: '/saved-searches/unsubscribe/{token}',
      operationId: 'openSavedSearchUnsubscribe',
      summary: 'The unsubscribe address opened in a browser: redirects to its page, changes nothing',
      tags,
      access: 'public',
      request: { params: ZUnsubscribeTokenParam },
      responses: {
        303: {
          description: 'To /unsubscribe/{token}, which asks before unsubscribing.',
          headers: z.object({ Location: z.string() }),
        },
      },
    }),
    (c) => {
      c.header('Referrer-Policy', 'no-referrer');
      return c.redirect(`/unsubscribe/${encodeURIComponent(c.req.valid('param').token)}`, 303);
    },
  );
