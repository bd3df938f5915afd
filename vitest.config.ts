import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}', 'bench/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'e2e/**', '**/dist/**'],
    // Generous: the API suites run on a shared 2-core machine; a slow run must not read as a failure.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    env: { TZ: 'UTC' },
    globalSetup: ['./vitest.global-setup.ts'],
  },
});
