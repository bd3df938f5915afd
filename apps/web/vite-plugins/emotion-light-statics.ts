import type { Plugin } from 'vite';

const STUB_ID = '\0scheduler:emotion-hoist-statics';

/**
 * Emotion's `withTheme` (which this app never uses) copies a component's statics with
 * `hoist-non-react-statics`, a CommonJS module (with `react-is` 16, ~1.7 KB gzipped) that the bundler
 * cannot drop from the first page's script. For Emotion only, the production build resolves it to a
 * small equivalent: every own property and symbol of the source that React itself does not define
 * (the statics React reserves are left alone). Other importers keep the library; tests and the dev
 * server use the packages as published.
 */
export function emotionLightStatics(): Plugin {
  return {
    name: 'scheduler:emotion-light-statics',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === 'hoist-non-react-statics' &&
        importer !== undefined &&
        /[\\/]@emotion[\\/]react[\\/]/.test(importer)
      ) {
        return STUB_ID;
      }
      return null;
    },
    load(id) {
      if (id !== STUB_ID) return null;
      return [
        'const RESERVED = new Set([',
        "  'childContextTypes', 'contextType', 'contextTypes', 'defaultProps', 'displayName', 'getDefaultProps',",
        "  'getDerivedStateFromError', 'getDerivedStateFromProps', 'mixins', 'propTypes', 'type', 'compare', 'render',",
        "  '$$typeof', 'name', 'length', 'prototype', 'caller', 'callee', 'arguments', 'arity',",
        ']);',
        'export default function hoistNonReactStatics(target, source) {',
        "  if (typeof source === 'string') return target;",
        '  for (const key of Reflect.ownKeys(source)) {',
        '    if (RESERVED.has(key)) continue;',
        '    const descriptor = Object.getOwnPropertyDescriptor(source, key);',
        '    try {',
        '      if (descriptor) Object.defineProperty(target, key, descriptor);',
        '    } catch {',
        '      // a property the target does not allow to change',
        '    }',
        '  }',
        '  return target;',
        '}',
      ].join('\n');
    },
  };
}
