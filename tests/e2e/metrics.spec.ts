import { type APIRequestContext, expect, test } from '@playwright/test';
import { E2E_METRICS_TOKEN } from '../../playwright.config.ts';

/**
 * /metrics on the started server (server/request-observer.ts, api/lib/metrics.ts): pages,
 * page-cache hits and built files are counted under their pattern by the server, API answers
 * once by the API, and METRICS_PORT serves only /metrics. The token rules and promtool's check
 * are in tests/api/metrics.test.ts.
 */

const PORT = Number(process.env.E2E_PORT ?? 4510);
const METRICS_URL = `http://localhost:${PORT + 90}/metrics`;
const auth = { authorization: `Bearer ${E2E_METRICS_TOKEN}` };

async function scrape(request: APIRequestContext, url = '/metrics'): Promise<string> {
  const res = await request.get(url, { headers: auth });
  expect(res.status()).toBe(200);
  return res.text();
}

/** A sample's value for exactly these labels, or 0. */
function sample(text: string, name: string, labels: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}} `));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

test.describe('metrics of the started server', () => {
  test('counts pages, cache hits and built files under their pattern, and API answers once', async ({ request }) => {
    const page = (status: number) => `method="GET",route="/about-us",status="${status}"`;
    const api = 'method="GET",route="/api/ads-by-slug/:slug",status="404"';
    const before = await scrape(request);

    const first = await request.get('/about-us?utm_source=zq77', { headers: { 'x-request-id': 'e2e.metrics-1' } });
    expect(first.status()).toBe(200);
    expect(first.headers()['x-request-id']).toBe('e2e.metrics-1');
    const hit = await request.get('/about-us?utm_source=zq77');
    expect(hit.headers()['x-cache']).toBe('HIT');
    expect(hit.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect((await request.get('/favicon.svg')).status()).toBe(200);
    const missing = await request.get('/api/ads-by-slug/no-such-ad-zq77');
    expect(missing.status()).toBe(404);
    expect(missing.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const after = await scrape(request);
    expect(sample(after, 'http_requests_total', page(200)) - sample(before, 'http_requests_total', page(200))).toBe(2);
    // Through the server and Astro to the API: counted by the API alone.
    expect(sample(after, 'http_requests_total', api) - sample(before, 'http_requests_total', api)).toBe(1);
    const hits = 'result="hit"';
    expect(sample(after, 'page_cache_lookups_total', hits)).toBeGreaterThan(
      sample(before, 'page_cache_lookups_total', hits),
    );
    expect(sample(after, 'http_requests_total', 'method="GET",route="static",status="200"')).toBeGreaterThan(0);
    expect(after).not.toContain('zq77');
    expect(after).toMatch(/^http_requests_in_flight \d+$/m);
    expect(after).toMatch(/^load_shedder_event_loop_delay_seconds [\d.e-]+$/m);
  });

  test('answers 401 without the token, and serves only /metrics on METRICS_PORT', async ({ request }) => {
    const refused = await request.get('/metrics');
    expect(refused.status()).toBe(401);
    expect(await refused.json()).toMatchObject({ success: false });
    expect((await request.get(METRICS_URL)).status()).toBe(401);
    expect(await scrape(request, METRICS_URL)).toMatch(/^http_requests_total\{/m);
    const other = await request.get(METRICS_URL.replace('/metrics', '/api/get-settings'), { headers: auth });
    expect(other.status()).toBe(404);
  });
});
