import { defineConfig } from 'vitest/config';

const api = (driver: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name: `api-${driver}`,
    include: ['tests/api/**/*.test.ts'],
    // Every in-process request comes from the same 'unknown' address: loosen the abuse limits
    // so ordinary tests never trip them (tests/api/security-rate-limit.test.ts sets 1).
    env: { TEST_DRIVER: driver, RATE_LIMIT_SCALE: '1000' },
    globalSetup: ['tests/helpers/global-setup.ts'],
    setupFiles: ['tests/helpers/check-compiler.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Both cores of the CI machine: a test file mostly waits on its database (PostgreSQL's
    // processes, or PGlite's file loads), and one worker left a core idle (13.8 → 10.4 min).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['api/**/*.test.ts', 'src/**/*.test.ts', 'tests/unit/**/*.test.ts'] },
      },
      api('pglite'),
      ...(process.env.TEST_DATABASE_URL
        ? [
            api('postgres'),
            {
              // Database faults (terminated connections, failing writes) on real PostgreSQL.
              extends: true as const,
              test: {
                name: 'faults',
                include: ['tests/faults/**/*.test.ts'],
                env: { TEST_DRIVER: 'postgres', RATE_LIMIT_SCALE: '1000' },
                globalSetup: ['tests/helpers/global-setup.ts'],
                testTimeout: 60_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
