import { defineConfig } from 'vitest/config';

const api = (driver: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name: `api-${driver}`,
    include: ['tests/api/**/*.test.ts'],
    env: { TEST_DRIVER: driver },
    globalSetup: ['tests/helpers/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['api/**/*.test.ts', 'src/**/*.test.ts', 'tests/unit/**/*.test.ts'] },
      },
      api('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [api('postgres')] : []),
    ],
  },
});
