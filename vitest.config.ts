import { lingui } from '@lingui/vite-plugin';
import { defineConfig } from 'vitest/config';
import { linguiMacros } from './apps/web/vite-plugins/lingui-macros.ts';

export default defineConfig({
  // Issue 21: the web's Lingui macros and .po catalogs compile in tests as in the build.
  plugins: [linguiMacros(), lingui({ configPath: `${import.meta.dirname}/apps/web/lingui.config.ts` })],
  test: {
    include: [
      'eslint/**/*.test.ts',
      'packages/*/src/**/*.test.ts',
      'apps/*/src/**/*.test.{ts,tsx}',
      'apps/server/tools/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', 'e2e/**', '**/dist/**'],
    // Generous: the API suites run on a shared 2-core machine; a slow run must not read as a failure.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    env: { TZ: 'UTC' },
    globalSetup: ['./vitest.global-setup.ts'],
    // Refuses (and fails the test on) any network request a browser-like test did not mock.
    setupFiles: ['./vitest.setup.ts'],
  },
});
