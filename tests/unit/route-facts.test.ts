import { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { accessRules, loadSets, routeRules, type TRouteRule, undeclaredRoutes } from '../../api/access-rules.ts';
import { createApp } from '../../api/app.ts';
import { bodyLimitFor } from '../../api/lib/body-limit.ts';
import { BODY_LIMITS, RATE_LIMITS } from '../../api/lib/limits.ts';
import { openApiDocument } from '../../api/openapi/document.ts';
import { createRouter, declareRoute, jsonResponse } from '../../api/openapi/route.ts';

/**
 * One declaration per route: every route the app serves carries its facts (declareRoute),
 * each of them present, valid and consistent with the rest of the declaration; the tables
 * that used to list routes by hand are read from them.
 */

const ACCESS = ['public', 'user', 'owner', 'admin'];
const LOADS = ['counted', 'stream', 'never-shed'];
const FORMS = ['oneImageForm', 'adForm'];

/** What is missing or wrong in one route's facts ([] when nothing). */
function problems(rule: TRouteRule): string[] {
  const out: string[] = [];
  const read = rule.method === 'GET';
  if (!ACCESS.includes(rule.access)) out.push(`access ${rule.access}`);
  if (!(rule.bodyLimit === 'none' || rule.bodyLimit in BODY_LIMITS)) out.push(`bodyLimit ${rule.bodyLimit}`);
  if (!Array.isArray(rule.rateLimits) || rule.rateLimits.some((name) => !(name in RATE_LIMITS)))
    out.push(`rateLimits ${rule.rateLimits}`);
  if (!LOADS.includes(rule.load)) out.push(`load ${rule.load}`);
  if (!(read ? ['shared', 'private'] : ['keeps', 'empties']).includes(rule.pageCache))
    out.push(`pageCache ${rule.pageCache} on a ${read ? 'read' : 'write'}`);
  if (read !== (rule.bodyLimit === 'none')) out.push(`bodyLimit ${rule.bodyLimit} on a ${read ? 'read' : 'write'}`);
  if (rule.multipart !== FORMS.includes(rule.bodyLimit))
    out.push(`bodyLimit ${rule.bodyLimit}, multipart ${rule.multipart}`);
  if (rule.pageCache === 'shared' && rule.access !== 'public') out.push('shared but not public');
  if (rule.load !== 'counted' && (!read || rule.path.includes(':')))
    out.push(`load ${rule.load}: a GET of a fixed path only`);
  return out;
}

const rules = accessRules();

describe('route declarations', () => {
  it('covers every route the app serves, each with every fact valid', () => {
    expect(undeclaredRoutes(createApp())).toEqual([]);
    expect(rules.length).toBeGreaterThan(100);
    const wrong = rules.flatMap((rule) => problems(rule).map((p) => `${rule.key}: ${p}`));
    expect(wrong).toEqual([]);
  });

  it('fails a route served with plain Hono, and a declaration missing a fact', () => {
    const app = createApp();
    app.get('/plain', (c) => c.text('x'));
    expect(undeclaredRoutes(app)).toEqual(['GET /api/plain']);
    // A declaration the type checker was told to let through without `pageCache` or `load`.
    const partial = { access: 'public', bodyLimit: 'none', rateLimits: [] } as unknown as {
      access: 'public';
      bodyLimit: 'none';
      rateLimits: [];
      load: 'counted';
      pageCache: 'shared';
    };
    const router = createRouter().openapi(
      declareRoute({
        method: 'get',
        path: '/half',
        operationId: 'getHalf',
        summary: 'x',
        tags: ['Health'],
        ...partial,
        responses: { 200: jsonResponse('x', z.object({})) },
      }),
      (c) => c.json({}, 200),
    );
    const [half] = routeRules(router);
    expect(half && problems(half)).toEqual(['load undefined', 'pageCache undefined on a read']);
  });

  it('lists in the document a 429 for every route with a rate limit, and uses every limit', () => {
    const doc = openApiDocument(createApp());
    const missing = rules
      .filter((rule) => rule.rateLimits.length > 0)
      .map((rule) => ({
        rule,
        op: doc.paths?.[rule.path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}')]?.[rule.method.toLowerCase() as 'get'],
      }))
      .filter(({ op }) => op && !op.responses?.['429'])
      .map(({ rule }) => rule.key);
    expect(missing).toEqual([]);
    const used = new Set(rules.flatMap((rule) => rule.rateLimits));
    expect(Object.keys(RATE_LIMITS).filter((name) => !used.has(name as keyof typeof RATE_LIMITS))).toEqual([]);
  });

  it('derives the server’s never-shed and stream sets and the larger bodies from the routes', () => {
    expect(loadSets()).toEqual({ neverShed: ['/api/healthz', '/api/metrics'], streams: ['/api/conversations/events'] });
    const larger = rules
      .filter((rule) => rule.bodyLimit !== 'none' && rule.bodyLimit !== 'json')
      .map((rule) => `${rule.key} ${rule.bodyLimit}`);
    expect(larger.sort()).toEqual([
      'POST /api/admin/newsletters richTextJson',
      'POST /api/ads/add adForm',
      'POST /api/ads/update adForm',
      'POST /api/category/add-edit oneImageForm',
      'POST /api/faqs richTextJson',
      'POST /api/pages richTextJson',
      'POST /api/testimonials oneImageForm',
      'POST /api/update-settings oneImageForm',
      'POST /api/uploads/image oneImageForm',
      'PUT /api/faqs/:id richTextJson',
      'PUT /api/pages/:id richTextJson',
      'PUT /api/testimonials/:id oneImageForm',
    ]);
    expect(bodyLimitFor('PUT', '/api/testimonials/7')).toEqual({ limit: BODY_LIMITS.oneImageForm, streamed: true });
    expect(bodyLimitFor('PUT', '/api/pages/7')).toEqual({ limit: BODY_LIMITS.richTextJson, streamed: false });
    expect(bodyLimitFor('POST', '/api/wishlist')).toEqual({ limit: BODY_LIMITS.json, streamed: false });
    expect(bodyLimitFor('POST', '/api/no-such-route')).toEqual({ limit: BODY_LIMITS.json, streamed: false });
  });
});
