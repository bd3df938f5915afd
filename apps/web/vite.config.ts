import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { bookingPreload } from './vite-plugins/booking-preload.ts';
import { emotionLightStatics } from './vite-plugins/emotion-light-statics.ts';
import { inlineEntryCss } from './vite-plugins/inline-entry-css.ts';
import { landingBudget } from './vite-plugins/landing-budget.ts';
import { linguiLean } from './vite-plugins/lingui-lean.ts';
import { linguiMacros } from './vite-plugins/lingui-macros.ts';
import { muiWithoutCssVars } from './vite-plugins/mui-without-css-vars.ts';
import { precompress } from './vite-plugins/precompress.ts';
import { reactRouterLean } from './vite-plugins/react-router-lean.ts';
import { shortMessageIds } from './vite-plugins/short-message-ids.ts';

const nodeModule = (names: string): RegExp => new RegExp(`[\\\\/]node_modules[\\\\/](?:${names})[\\\\/]`);

const screen = (file: string): RegExp =>
  new RegExp(
    String.raw`[\/]src[\/]${file.replaceAll('/', String.raw`[\/]`).replaceAll('.', String.raw`\.`)}$`,
  );

export default defineConfig(({ mode }) => ({
  plugins: [
    linguiMacros(),
    react(),
    lingui({ configPath: `${import.meta.dirname}/lingui.config.ts` }),
    muiWithoutCssVars(),
    reactRouterLean(),
    linguiLean({ localesDir: `${import.meta.dirname}/src/locales` }),
    emotionLightStatics(),
    inlineEntryCss(),
    landingBudget({
      landingModule: /[\\/]src[\\/]features[\\/]booking[\\/]landing[\\/]landing-screen\.tsx$/,
      // the admin slices (features/admin/state) are part of the app's store, hence of every page
      forbiddenModules: /[\\/]src[\\/]features[\\/]admin[\\/](?!state[\\/])/,
      maxGzipBytes: 130 * 1024,
      failOverBudget: process.env.LANDING_BUDGET_STRICT === '1',
      firstCatalogs: { en: /[\\/]locales[\\/]en[\\/]start\.po/, es: /[\\/]locales[\\/]es[\\/]start\.po/ },
    }),
    bookingPreload({
      steps: {
        landing: [screen('features/booking/landing/landing-screen.tsx')],
        findappointment: [screen('features/booking/find-appointment/find-appointment-screen.tsx')],
      },
      // Not the contract workers' scripts (app/contract-worker*.ts): a `modulepreload` fetches it as a
      // page script, which the worker's own fetch (destination "worker") cannot reuse, so the browser
      // downloaded it twice (issue 16). The entry starts the workers itself (lib/contract-check.ts).
      shared: [],
      sharedFiles: [],
      schedulerApiUrl: loadEnv(mode, import.meta.dirname, 'VITE_').VITE_SCHEDULER_API_URL || '/api/scheduler',
      // The booking page's catalogs, preloaded by the server in the likely language (issue 21).
      catalogs: /[\\/]locales[\\/](\w+)[\\/](start|booking)\.po(?:\?.*)?$/,
    }),
    shortMessageIds({
      catalogs: ['start', 'booking', 'admin'].map(
        (part) => `${import.meta.dirname}/src/locales/en/${part}.po`,
      ),
    }),
    precompress(),
  ],
  server: {
    // Dev: the API runs in apps/server (`npm run dev`); override with VITE_DEV_API_TARGET.
    proxy: { '/api': process.env.VITE_DEV_API_TARGET ?? 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    sourcemap: false,
    // No `modulepreload` polyfill in the entry (issue 16's weight): every browser that runs the
    // booking page's module workers supports `<link rel="modulepreload">` itself.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        // Manual chunks (Rolldown's successor of `manualChunks`): libraries the first page needs go
        // into a few long-cached vendor chunks; only modules reachable from the entry ('$initial'),
        // so a library used only by admin screens stays out of what the booking landing loads.
        codeSplitting: {
          groups: [
            // One vendor chunk (React, router, Redux, MUI/emotion, TanStack Query): gzip compresses
            // one file better than three, and the three always load together.
            {
              name: 'vendor',
              test: nodeModule(
                [
                  'react|react-dom|scheduler|react-router|react-redux|use-sync-external-store',
                  '@mui|@emotion|notistack|react-transition-group|stylis|@babel|clsx|hoist-non-react-statics|react-is|prop-types|goober',
                  '@reduxjs|redux|redux-persist|redux-thunk|immer|reselect|@tanstack|zod',
                ].join('|'),
              ),
              tags: ['$initial'],
              priority: 30,
            },
            // The small modules the landing step shares with the later steps, and everything the
            // entry imports, in one chunk rather than one tiny file each.
            {
              name: 'booking-common',
              test: new RegExp(
                [
                  String.raw`[\\/]src[\\/]features[\\/]booking[\\/](?:use-booking-analytics\.ts|api[\\/]get-catalogue\.ts|lib[\\/]phone\.ts)$`,
                  // Shared by the landing and later steps (payment choice, remembered patient, insurance plans,
                  // slot labels): on their own they were small files that gzip worse than as part of
                  // this one (issue 16: the landing's weight).
                  String.raw`[\\/]src[\\/]features[\\/]booking[\\/](?:landing[\\/]payment-choice|lib[\\/]remembered-storage|api[\\/]insurance|lib[\\/]slot-format)\.ts$`,
                  String.raw`[\\/]src[\\/]features[\\/]booking[\\/]components[\\/](?:choice-group|office-message|step-page|action-button)\.tsx$`,
                  String.raw`[\\/]packages[\\/]domain[\\/]src[\\/](?:messages-template|text)\.ts$`,
                  // The landing's translatable refusals (issue 21).
                  String.raw`[\\/]src[\\/]lib[\\/]spec-refusal-texts\.ts$`,
                  // What main.tsx imports (and, includeDependenciesRecursively, what those import): every
                  // page loads it with this chunk, so as one file it gzips ≈ 0.7 KB smaller than as the
                  // entry's own chunk beside this one. The entry keeps main.tsx alone (Rolldown has no
                  // group for the entry chunk itself; capturing main.tsx would leave no entry chunk).
                  String.raw`[\\/]apps[\\/]web[\\/]src[\\/](?:app[\\/](?:providers|rehydration-gate|query-client|router|store)\.tsx?|features[\\/]booking[\\/]prefetch\.ts|lib[\\/](?:contract-check|analytics-facade|analytics-start)\.ts|i18n[\\/](?:catalogs|locales)\.ts)$`,
                ].join('|'),
              ),
              priority: 20,
            },
          ],
        },
      },
    },
  },
}));
