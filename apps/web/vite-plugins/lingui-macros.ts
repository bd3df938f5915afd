import { getConfig } from '@lingui/conf';
import babel from 'vite-plugin-babel';
import type { Plugin } from 'vite';

/**
 * Lingui's macros (`@lingui/react/macro`, `@lingui/core/macro`) are compiled by Babel
 * (`@lingui/babel-plugin-lingui-macro`): @vitejs/plugin-react 6 no longer runs Babel, and
 * @rolldown/plugin-babel needs Node 22. vite-plugin-babel runs it before Vite's own TypeScript/JSX
 * transform, only on the app's sources that import a macro (Babel parses TypeScript and JSX but
 * leaves them for Vite). Used by the web build and by Vitest (vitest.config.ts).
 *
 * In production builds the macros keep only message ids (Lingui's default): every language, English
 * included, loads its compiled catalog (src/i18n/catalogs.ts); tests compile the source texts in place.
 */
export function linguiMacros(): Plugin {
  const linguiConfig = getConfig({ configPath: `${import.meta.dirname}/../lingui.config.ts` });
  const plugin = babel({
    include: /[\\/]apps[\\/]web[\\/]src[\\/].*\.[jt]sx?$/,
    babelConfig: {
      babelrc: false,
      configFile: false,
      sourceMaps: true,
      parserOpts: { plugins: ['typescript', 'jsx'] },
      plugins: [['@lingui/babel-plugin-lingui-macro', { linguiConfig }]],
    },
  });
  const transform = plugin.transform as (code: string, id: string) => unknown;
  return {
    ...plugin,
    name: 'lingui-macros',
    transform(code: string, id: string) {
      if (!code.includes('@lingui/') || !/@lingui\/(?:react|core)\/macro/.test(code)) return undefined;
      return transform(code, id) as ReturnType<Extract<Plugin['transform'], (...args: never[]) => unknown>>;
    },
  } as Plugin;
}
