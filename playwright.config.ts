import fs from 'node:fs';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4510);
/** The shared server's METRICS_TOKEN (tests/e2e/metrics.spec.ts reads /metrics with it). */
export const E2E_METRICS_TOKEN = 'e2e-metrics-token-0123456789';

/**
 * Specs that time the server under load or start servers of their own: scripts/e2e.mjs runs
 * them after the rest, with nothing else on the machine (E2E_GROUP=alone); the rest share one
 * server per shard (E2E_GROUP=shared). Without E2E_GROUP every spec runs.
 */
export const ALONE = [
  'lifecycle.spec.ts',
  'workers.spec.ts',
  'security-server.spec.ts',
  'forgot-password-timing.spec.ts',
  'site-url.spec.ts',
  'server-delivery.spec.ts',
  'page-headers.spec.ts',
  'shared-cache.spec.ts',
].map((f) => `**/${f}`);
const group = process.env.E2E_GROUP;
/** A seeded data directory to start from (scripts/e2e.mjs makes one); else the server seeds its own. */
const template = process.env.E2E_TEMPLATE;
const dataDir = `data/e2e-${PORT}`;

/**
 * Debian's Chromium: its headless shell when installed (package chromium-headless-shell; what
 * Playwright itself runs headless by default), else the browser in headless mode. The shell ran
 * public.spec.ts in 67 CPU-seconds against 124: the browser draws every frame as a desktop
 * window would. E2E_CHROMIUM picks another executable.
 */
const SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM = process.env.E2E_CHROMIUM ?? (fs.existsSync(SHELL) ? SHELL : '/usr/bin/chromium');

/** Browser tests in Debian's Chromium against the built server on a fresh embedded database. */
export default defineConfig({
  testDir: 'tests/e2e',
  ...(group === 'alone' ? { testMatch: ALONE } : group === 'shared' ? { testIgnore: ALONE } : {}),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // Shards of browsers share two cores in CI, and a test now and then misses a timeout
  // there (a different one each time). A test that passes only on a retry is listed as flaky in
  // the recap scripts/e2e.mjs prints last.
  retries: process.env.CI ? 2 : 0,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: `rm -rf ${dataDir} && ${template ? `cp -R ${template} ${dataDir} && ` : ''}node scripts/start.mjs`,
    // Every browser test comes from 127.0.0.1: loosen the per-address abuse limits (api/lib/limits.ts)
    // tenfold so a whole suite's sign-ups and wrong passwords never trip them.
    env: {
      PORT: String(PORT),
      HOST: 'localhost',
      DATA_DIR: dataDir,
      SITE_URL: `http://localhost:${PORT}`,
      RATE_LIMIT_SCALE: '10',
      // One proxy in front: a spec may give a browser an address of its own with
      // X-Forwarded-For (reports count once per address); without the header the socket's counts.
      TRUST_PROXY: '1',
      // Shards of browsers on two cores hold this server's event loop past the shedding
      // bound now and then, and a page load met "Server busy" (two flaky tests in CI). Load
      // shedding is tested on servers of its own (lifecycle.spec.ts, security-server.spec.ts).
      MAX_EVENT_LOOP_DELAY_MS: '0',
      // /metrics on the site's port with this token, and alone on METRICS_PORT (metrics.spec.ts);
      // PORT + 90 lies between this shard's spec servers (up to ~50 above) and the next shard's.
      METRICS_TOKEN: E2E_METRICS_TOKEN,
      METRICS_PORT: String(PORT + 90),
      // Errors only: a line per request would flood the run's output (stdout is piped to it).
      LOG_LEVEL: 'warn',
    },
    // Ready when a page renders (not only the API): a test never meets the 503 the load
    // shedder gives while the first renders hold the event loop.
    url: `http://localhost:${PORT}/`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
  },
});
