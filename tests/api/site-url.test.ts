import type { APIContext } from 'astro';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { env, resetEnv } from '../../api/env.ts';
import { GET as robots } from '../../src/pages/robots.txt.ts';
import { GET as sitemapIndex } from '../../src/pages/sitemap.xml.ts';
import { GET as sitemapAds } from '../../src/pages/sitemap-ads-[page].xml.ts';
import { GET as sitemapPages } from '../../src/pages/sitemap-pages.xml.ts';
import { insertAd, insertCategory } from '../helpers/catalog-factory.ts';
import { makeUser } from '../helpers/client.ts';
import { driver, setupTestDb } from '../helpers/test-db.ts';

/**
 * Absolute links come from the configured address (SITE_URL, else http://localhost:$PORT), never
 * from the Host or X-Forwarded-Host a client sends. The page-level links (canonical, og:url,
 * JSON-LD) are checked on the built server in tests/e2e/site-url.spec.ts.
 */

const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

/** Calls an Astro endpoint the way the server would for a request addressed to evil.example. */
async function forged(route: (ctx: APIContext) => Response | Promise<Response>, path: string, params = {}) {
  const url = new URL(`http://evil.example${path}`);
  const request = new Request(url, { headers: FORGED });
  const res = await route({ url, request, params } as unknown as APIContext);
  return { status: res.status, headers: res.headers, text: await res.text() };
}

const saved = { SITE_URL: process.env.SITE_URL, PORT: process.env.PORT };
function configure(vars: { SITE_URL?: string; PORT?: string }) {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnv();
}

beforeAll(async () => {
  await setupTestDb();
  const { user } = await makeUser();
  const cat = await insertCategory({ name: 'Kayaks' });
  await insertAd({ heading: 'Sea kayak', categoryId: cat.id, userId: user.id });
});

afterEach(() => {
  configure(saved);
  vi.restoreAllMocks();
});

describe(`absolute links on ${driver}`, () => {
  for (const [label, vars, base] of [
    ['SITE_URL unset', { SITE_URL: undefined, PORT: '4999' }, 'http://localhost:4999'],
    ['SITE_URL set', { SITE_URL: 'https://shop.example.com/' }, 'https://shop.example.com'],
  ] as const) {
    it(`robots.txt and every sitemap name only the configured address (${label})`, async () => {
      configure(vars);
      expect(env().siteUrl).toBe(base);
      const answers = [
        await forged(robots, '/robots.txt'),
        await forged(sitemapIndex, '/sitemap.xml'),
        await forged(sitemapPages, '/sitemap-pages.xml'),
        await forged(sitemapAds, '/sitemap-ads-1.xml', { page: '1' }),
      ];
      for (const a of answers) {
        expect(a.status).toBe(200);
        expect(a.text).not.toContain('evil.example');
        // Every absolute URL in the answer starts with the configured address.
        const urls = a.text.match(/https?:\/\/[^\s<"]+/g) ?? [];
        expect(urls.length).toBeGreaterThan(0);
        for (const u of urls.filter((x) => !x.includes('sitemaps.org'))) expect(u.startsWith(`${base}/`)).toBe(true);
      }
      expect(answers[0]?.text).toContain(`Sitemap: ${base}/sitemap.xml`);
      expect(answers[3]?.text).toContain(`<loc>${base}/add-details/`);
    });
  }

  it('treats an empty SITE_URL as unset and refuses one that is not http(s)', () => {
    configure({ SITE_URL: '', PORT: '4998' });
    expect(env().siteUrl).toBe('http://localhost:4998');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    configure({ SITE_URL: 'javascript:alert(1)' });
    expect(() => env()).toThrow(/Invalid environment/);
  });
});
