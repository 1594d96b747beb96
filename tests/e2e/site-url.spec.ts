import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { spawnServer, type TSpawnedServer } from './spawned-server.ts';

/**
 * With SITE_URL unset, absolute links use http://localhost:$PORT, whatever Host or
 * X-Forwarded-Host a client sends: canonical, og:url, JSON-LD, the sitemap and robots.txt.
 * (The suite's own server has SITE_URL set, so this one is started without it.)
 */

const port = Number(process.env.E2E_PORT ?? 4510) + 43;
const own = `http://localhost:${port}`;
const dataDir = path.resolve(`data/e2e-siteurl-${port}`);
let server: TSpawnedServer | undefined;

/** A GET addressed to evil.example (Host and X-Forwarded-Host), sent to our server. */
function forged(pathname: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(
        {
          host: 'localhost',
          port,
          path: pathname,
          headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (d) => {
            body += d;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      )
      .on('error', reject);
  });
}

test.describe('absolute links with SITE_URL unset', () => {
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    fs.rmSync(dataDir, { recursive: true, force: true });
    // SITE_URL undefined: left out of the child's environment. No event-loop bound, as for the
    // suite's own server: the first render on a slow machine held the loop past it, and the
    // API call right after it met a 503 (flaky twice in three runs). Shedding has specs of its own.
    server = spawnServer(port, {
      DATA_DIR: dataDir,
      SITE_URL: undefined as unknown as string,
      MAX_EVENT_LOOP_DELAY_MS: '0',
    });
    await expect
      .poll(
        async () => {
          try {
            // A page, not /healthz: the first renders can hold the event loop past the
            // shedding bound for a moment, and this waits for real answers instead of a 503.
            return (await fetch(`${own}/`)).status;
          } catch {
            return 0;
          }
        },
        { timeout: 170_000 },
      )
      .toBe(200);
  });

  test.afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('a forged Host never reaches robots.txt, the sitemaps, canonical, og:url or JSON-LD', async () => {
    const ad = (await (await fetch(`${own}/api/all-ads?limit=1`)).json()).ads[0] as { slug: string };
    const answers: Record<string, string> = {};
    for (const p of [
      '/robots.txt',
      '/sitemap.xml',
      '/sitemap-pages.xml',
      '/sitemap-ads-1.xml',
      '/',
      '/about-us',
      '/faqs',
      `/add-details/${ad.slug}`,
    ]) {
      const res = await forged(p);
      expect(res.status, p).toBe(200);
      expect(res.body, p).not.toContain('evil.example');
      answers[p] = res.body;
    }
    expect(answers['/robots.txt']).toContain(`Sitemap: ${own}/sitemap.xml`);
    expect(answers['/sitemap.xml']).toContain(`<loc>${own}/sitemap-pages.xml</loc>`);
    expect(answers['/sitemap-ads-1.xml']).toContain(`<loc>${own}/add-details/`);

    for (const p of ['/', '/about-us', '/faqs', `/add-details/${ad.slug}`]) {
      const html = answers[p] as string;
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
      const ogUrl = /<meta property="og:url" content="([^"]+)"/.exec(html)?.[1];
      expect(canonical, p).toMatch(new RegExp(`^${own}/`));
      expect(ogUrl, p).toBe(canonical);
    }
    // Structured data: the breadcrumb of a content page, the product of an ad page.
    const ld = (html: string) =>
      [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => m[1] as string);
    const about = ld(answers['/about-us'] as string).join('\n');
    expect(about).toContain(`"item":"${own}/`);
    const product = ld(answers[`/add-details/${ad.slug}`] as string).join('\n');
    expect(product).toContain(`"url":"${own}/add-details/`);
    for (const json of [about, product]) {
      for (const url of json.match(/https?:\/\/[^"\s]+/g) ?? []) {
        if (!url.startsWith('https://schema.org')) expect(url.startsWith(`${own}/`), url).toBe(true);
      }
    }
  });
});
