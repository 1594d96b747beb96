import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { requestIdFrom, type TRequestLine } from '../../api/lib/log.ts';
import { metricsAccess } from '../../api/lib/metrics-access.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TOKEN = 'a-metrics-token-of-some-length';

describe('who may read /metrics', () => {
  it('on the site’s port: nobody without METRICS_TOKEN, then only its bearer', () => {
    expect(metricsAccess(`Bearer ${TOKEN}`, 'site', undefined)).toBe('hidden');
    expect(metricsAccess(undefined, 'site', TOKEN)).toBe('refused');
    expect(metricsAccess(`Bearer ${TOKEN}-`, 'site', TOKEN)).toBe('refused');
    expect(metricsAccess(`Bearer ${TOKEN.slice(1)}`, 'site', TOKEN)).toBe('refused');
    expect(metricsAccess(TOKEN, 'site', TOKEN)).toBe('refused');
    expect(metricsAccess(`Bearer ${TOKEN}`, 'site', TOKEN)).toBe('allowed');
    expect(metricsAccess(`bearer  ${TOKEN}`, 'site', TOKEN)).toBe('allowed');
  });

  it('on METRICS_PORT: anyone, unless METRICS_TOKEN is set', () => {
    expect(metricsAccess(undefined, 'metrics-port', undefined)).toBe('allowed');
    expect(metricsAccess(undefined, 'metrics-port', TOKEN)).toBe('refused');
    expect(metricsAccess(`Bearer ${TOKEN}`, 'metrics-port', TOKEN)).toBe('allowed');
  });
});

/** Logs `lines` with logRequest in a fresh process whose environment has `vars` (undefined: unset). */
function logIn(vars: Record<string, string | undefined>, lines: TRequestLine[]) {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  const script = `import { logRequest } from './api/lib/log.ts';
for (const line of ${JSON.stringify(lines)}) logRequest(line);`;
  return spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, env, encoding: 'utf8' });
}

describe('request log', () => {
  it('keeps a sane incoming request id and makes one for anything else', () => {
    expect(requestIdFrom('abc.DEF_12-3')).toBe('abc.DEF_12-3');
    for (const odd of [undefined, null, '', 'a b', 'x'.repeat(65), 'id\nforged: yes']) {
      expect(requestIdFrom(odd)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
  });

  it('writes one JSON line per request with its id, method, route, status and duration', () => {
    const run = logIn({ LOG_LEVEL: 'info', VITEST: undefined }, [
      { requestId: 'r-1', method: 'GET', route: '/api/ads/:id', status: 200, durationMs: 12.345 },
      { requestId: 'r-2', method: 'POST', route: 'unmatched', status: 500, durationMs: 1 },
    ]);
    expect(run.stderr).toBe('');
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request',
      requestId: 'r-1',
      method: 'GET',
      route: '/api/ads/:id',
      status: 200,
      durationMs: 12.3,
    });
    expect(lines[0].time).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(lines[1]).toMatchObject({ level: 50, requestId: 'r-2', status: 500 });
  });

  it('is silent under the test runner unless LOG_LEVEL asks', () => {
    const run = logIn({ VITEST: 'true', LOG_LEVEL: undefined }, [
      { requestId: 'r-1', method: 'GET', route: '/', status: 200, durationMs: 1 },
    ]);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('');
  });
});
