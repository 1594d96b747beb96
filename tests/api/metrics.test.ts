import { spawnSync } from 'node:child_process';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetEnv } from '../../api/env.ts';
import { call, makeUser } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

/** prom-client's default gauges whose names end in `_total` (promtool's lint names them). */
const PROM_CLIENT_DEFAULT_NAMES = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
];

beforeAll(async () => {
  await setupTestDb();
});

const saved = { METRICS_TOKEN: process.env.METRICS_TOKEN, METRICS_PORT: process.env.METRICS_PORT };
afterEach(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnv();
});

function withToken(token: string | undefined) {
  if (token === undefined) delete process.env.METRICS_TOKEN;
  else process.env.METRICS_TOKEN = token;
  resetEnv();
}

/** The metrics text, read with the right token. */
async function scrape(): Promise<string> {
  const res = await call('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(res.headers.get('cache-control')).toMatch(/no-store/);
  return res.data as string;
}

/** A counter's value for exactly these labels in Prometheus's text, or 0. */
function counter(text: string, name: string, labels: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}} `));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe(`/metrics on ${driver}`, () => {
  it('is not there without METRICS_TOKEN (404, like any unknown path)', async () => {
    withToken(undefined);
    const res = await call('GET', '/metrics');
    expect(res.status).toBe(404);
    expect(res.data).toEqual({ success: false, error: 'Not found.', message: 'Not found.' });
  });

  it('answers 401 in the error shape without the token, with a wrong one, or with a session token', async () => {
    withToken(TOKEN);
    const user = await makeUser({ role: 'admin' });
    const refused: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token-wrong-token-wrong' },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Basic ${TOKEN}` },
      { authorization: `Bearer ${user.token}` },
    ];
    for (const headers of refused) {
      const res = await call('GET', '/metrics', { headers });
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect(res.data).toMatchObject({ success: false, error: expect.any(String), message: expect.any(String) });
      expect(String(res.data)).not.toContain('http_requests_total');
    }
  });

  it('counts a request under its route pattern and status, never the raw URL', async () => {
    withToken(TOKEN);
    const labels = 'method="GET",route="/api/ads-by-slug/:slug",status="404"';
    const before = counter(await scrape(), 'http_requests_total', labels);
    expect((await call('GET', '/ads-by-slug/no-such-ad-zq81')).status).toBe(404);
    expect((await call('GET', '/no-such-route-zq81')).status).toBe(404);
    const text = await scrape();
    expect(counter(text, 'http_requests_total', labels)).toBe(before + 1);
    expect(counter(text, 'http_requests_total', 'method="GET",route="unmatched",status="404"')).toBeGreaterThan(0);
    expect(text).not.toContain('zq81');
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/ads-by-slug\/:slug"\}/,
    );
    // The gauges read at scrape time, and Node's defaults.
    expect(text).toMatch(/^live_streams_open \d+$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    if (driver === 'postgres') expect(text).toMatch(/^db_pool_connections\{pool="main",state="busy"\} \d+$/m);
    else expect(text).toMatch(/^db_pool_max_connections\{pool="pglite"\} 1$/m);
    expect(text).toMatch(/^jobs_queue_jobs\{queue="mail",state="queued"\} \d+$/m);
  });

  it('sends back a sane X-Request-Id and makes one for anything else', async () => {
    const given = await call('GET', '/healthz', { headers: { 'x-request-id': 'trace.abc-123' } });
    expect(given.headers.get('x-request-id')).toBe('trace.abc-123');
    const odd = await call('GET', '/healthz', { headers: { 'x-request-id': 'no spaces <allowed>' } });
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  const promtool = spawnSync('promtool', ['--version']).status === 0;
  it.runIf(promtool)('passes promtool check metrics after real requests', async () => {
    withToken(TOKEN);
    await call('GET', '/get-settings');
    await call('GET', '/no-such-route');
    const text = await scrape();
    expect(counter(text, 'http_requests_total', 'method="GET",route="/api/get-settings",status="200"')).toBeGreaterThan(
      0,
    );
    const check = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
    const findings = `${check.stdout}${check.stderr}`.split('\n').filter(Boolean);
    // prom-client's default metrics name three gauges `_total` (its own choice, kept by the
    // library for compatibility): promtool's lint notes them, and nothing else may be noted.
    const unexpected = findings.filter((f) => !PROM_CLIENT_DEFAULT_NAMES.some((name) => f.startsWith(`${name} `)));
    expect(unexpected, 'promtool check metrics').toEqual([]);
  });
  if (!promtool) {
    it.skip('passes promtool check metrics (skipped: promtool is not on PATH; apt-get install prometheus)', () => {});
  }
});
