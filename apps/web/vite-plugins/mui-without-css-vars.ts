import type { Plugin } from 'vite';

const STUB_ID = '\0scheduler:mui-create-theme-with-vars';

/**
 * Material UI's `createTheme` imports the CSS-variables theme builder (`createThemeWithVars`, with
 * its CSS-variable parsers: ~6 KB gzipped) statically, but only calls it for
 * `createTheme({ cssVariables: true | {…} })`. This app never asks for CSS variables (see
 * src/app/theme.ts), so the production build replaces that one import with a stub that throws if it
 * is ever reached, keeping the builder out of the first page's script. Build only: tests and the dev
 * server use the library as published.
 */
export function muiWithoutCssVars(): Plugin {
  return {
    name: 'scheduler:mui-without-css-vars',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === './createThemeWithVars.mjs' &&
        importer !== undefined &&
        /[\\/]@mui[\\/]material[\\/]styles[\\/]createTheme\.mjs$/.test(importer)
      ) {
        return STUB_ID;
      }
      return null;
    },
    load(id) {
      if (id !== STUB_ID) return null;
      return [
        'export default function createThemeWithVars() {',
        "  throw new Error('createTheme({ cssVariables }) is not supported by this build (vite-plugins/mui-without-css-vars.ts)');",
        '}',
      ].join('\n');
    },
  };
}
