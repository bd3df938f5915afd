import type { Plugin } from 'vite';

/** react-router's published ES modules (the `development` build: the package exports no other to bundlers). */
const REACT_ROUTER_DIST = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]development[\\/][^\\/]+\.mjs$/;

interface Edit {
  /** What the edit is, for the build's error when react-router's code no longer has it. */
  what: string;
  pattern: RegExp;
  replacement: string;
}

const EDITS: Edit[] = [
  {
    // What `dist/production` differs by (no export condition selects that build).
    what: 'the production build constant (no development warnings)',
    pattern: /\bvar ENABLE_DEV_WARNINGS = true;/,
    replacement: 'var ENABLE_DEV_WARNINGS = false;',
  },
  {
    // Names for React's developer tools only; the assignments kept every component (used or not).
    what: 'the components’ and contexts’ displayName assignments',
    pattern: /^\w+\.displayName = "[^"]*";$/gm,
    replacement: '',
  },
  {
    // React's factories have no side effects: an unused component or context can be dropped.
    what: 'React.forwardRef/memo/createContext calls marked pure',
    pattern: /(?<!__PURE__ \*\/ )\b(React\d*\.(?:forwardRef|memo|createContext)\()/g,
    replacement: '/* @__PURE__ */ $1',
  },
  {
    // `<Link>` renders `<PrefetchPageLinks>` only when its prefetch behaviour says so, which needs
    // the framework's context (React Router's framework mode): under `<BrowserRouter>` it never
    // does (usePrefetchBehavior returns `false` without that context), so the element — and with it
    // the framework's route-module and link-descriptor machinery — is dead code in this app.
    what: '<Link>’s framework-mode prefetch element',
    pattern: /\/\* @__PURE__ \*\/ (React\d*)\.createElement\(PrefetchPageLinks, \{ page: href \}\)/,
    replacement: 'null',
  },
  {
    // The same for its prefetch behaviour: without the framework's context the hook returns
    // `[false, ref, {}]` whatever `prefetch` says (its states and effects change nothing else), so
    // under `<BrowserRouter>` it is that, without the timers, IntersectionObserver and handlers.
    what: '<Link>’s framework-mode prefetch behaviour',
    pattern:
      /^function usePrefetchBehavior\(prefetch, theirElementProps\) \{\n {2}let frameworkContext = React\d*\.useContext\(FrameworkContext\);\n(?:(?!\n\}\n)[^])*\n {2}if \(!frameworkContext\) \{\n {4}return \[false, ref, \{\}\];\n(?:(?!\n\}\n)[^])*\n\}\n/m,
    replacement: 'function usePrefetchBehavior() {\n  return [false, null, {}];\n}\n',
  },
];

/**
 * react-router 7 exports only its development build to bundlers (`dist/production` differs by one
 * constant, `ENABLE_DEV_WARNINGS = false`), and defines its components with React calls the bundler
 * must assume have side effects (`forwardRef`, `memo`, `createContext`, each followed by a
 * `displayName` assignment), so every one of them stayed in the first page's script whether the app
 * uses it or not (`Form`, `NavLink`, the data router's routes, fetchers…). For the production build
 * only, the router's module gets the production constant, those calls marked pure and no
 * `displayName`s, and `<Link>` loses the framework-mode prefetch element it can never render under
 * `<BrowserRouter>`: what the app does not use is dropped, what it uses behaves the same. Tests and
 * the dev server use the package as published. An edit that no longer matches (a new react-router)
 * fails the build rather than silently keeping the weight.
 */
export function reactRouterLean(): Plugin {
  return {
    name: 'scheduler:react-router-lean',
    apply: 'build',
    transform: {
      filter: { id: REACT_ROUTER_DIST },
      handler(code, id) {
        if (!REACT_ROUTER_DIST.test(id) || !code.includes('var ENABLE_DEV_WARNINGS = true;')) return null;
        let lean = code;
        for (const edit of EDITS) {
          const before = lean;
          lean = lean.replace(edit.pattern, edit.replacement);
          if (lean === before)
            this.error(`react-router-lean: react-router's code no longer has ${edit.what} (${id})`);
        }
        return { code: lean, map: null };
      },
    },
  };
}
