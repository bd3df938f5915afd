import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { landingBudget } from './vite-plugins/landing-budget.ts';
import { precompress } from './vite-plugins/precompress.ts';

const nodeModule = (names: string): RegExp => new RegExp(`[\\\\/]node_modules[\\\\/](?:${names})[\\\\/]`);

export default defineConfig({
  plugins: [
    react(),
    landingBudget({
      landingModule: /[\\/]src[\\/]features[\\/]booking[\\/]landing[\\/]landing-screen\.tsx$/,
      forbiddenModules: /[\\/]src[\\/]features[\\/]admin[\\/]/,
      maxGzipBytes: 130 * 1024,
      failOverBudget: process.env.LANDING_BUDGET_STRICT === '1',
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
            {
              name: 'react',
              test: nodeModule('react|react-dom|scheduler|react-router|react-redux|use-sync-external-store'),
              tags: ['$initial'],
              priority: 30,
            },
            {
              name: 'mui',
              test: nodeModule(
                '@mui|@emotion|notistack|react-transition-group|stylis|@babel|clsx|hoist-non-react-statics|react-is|prop-types|goober',
              ),
              tags: ['$initial'],
              priority: 20,
            },
            {
              name: 'data',
              test: nodeModule('@reduxjs|redux|redux-persist|redux-thunk|immer|reselect|@tanstack|zod|axios'),
              tags: ['$initial'],
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
