import { beforeAll, describe, expect, it, vi } from 'vitest';
import { accessRules } from '../../api/access-rules.ts';
import { call, makeUser } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

/**
 * A path that exists answers an unsupported method with 405 and the methods it has in `Allow`
 * (a JSON error, never a 500 or a stack trace); a path that does not exist stays 404. Pages and
 * TRACE on the real server: tests/e2e/page-headers.spec.ts.
 */

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'PROPFIND', 'MKCOL', 'LOCK'];
const concrete = (path: string) => path.replace(/:[a-z]+(\{[^}]*\})?/gi, '1');

/** The methods the declared routes answer for each concrete path (a literal path like /api/ads/add can also match /api/ads/:id). */
function methodsByPath(): Map<string, Set<string>> {
  const routes = accessRules().map(({ key }) => {
    const [method, path] = key.split(' ') as [string, string];
    const source = path.replace(/:[a-z]+(?:\{([^}]*)\})?/gi, (_, constraint) =>
      constraint ? `(?:${constraint})` : '[^/]+',
    );
    return { method, path, pattern: new RegExp(`^${source}$`) };
  });
  const byPath = new Map<string, Set<string>>();
  for (const { path } of routes) {
    const p = concrete(path);
    byPath.set(p, new Set(routes.filter((r) => r.pattern.test(p)).map((r) => r.method)));
  }
  return byPath;
}

let admin: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  await setupTestDb();
  admin = await makeUser({ role: 'admin' });
});

describe(`unsupported methods on ${driver}`, () => {
  it('answers every other method on every API path with 405 and an Allow header naming its methods', async () => {
    const errors = vi.spyOn(console, 'error');
    for (const [path, methods] of methodsByPath()) {
      for (const method of METHODS.filter((m) => !methods.has(m))) {
        const res = await call(method, path, { token: admin.token });
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.data).toEqual({
          success: false,
          error: 'This method is not allowed here.',
          message: 'This method is not allowed here.',
        });
        const allow = (res.headers.get('allow') ?? '').split(', ');
        for (const m of methods) expect(allow, `${method} ${path}`).toContain(m);
        if (methods.has('GET')) expect(allow).toContain('HEAD');
        expect(allow).not.toContain(method);
      }
    }
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('answers OPTIONS with 204 and Allow, and keeps 404 for paths that do not exist', async () => {
    const options = await call('OPTIONS', '/wishlist');
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, HEAD, POST, DELETE, OPTIONS');
    for (const method of ['GET', 'POST', 'PROPFIND']) {
      const res = await call(method, '/no-such-thing');
      expect(res.status).toBe(404);
      expect(res.headers.get('allow')).toBeNull();
    }
  });

  it('still refuses a cross-site write before saying anything about methods', async () => {
    const res = await call('PUT', '/get-settings', {
      cookie: `session=${admin.token}`,
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
  });
});
