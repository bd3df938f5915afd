import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** @lingui/core's published ES module (one file). */
const LINGUI_CORE = /[\\/]node_modules[\\/]@lingui[\\/]core[\\/]dist[\\/]index\.mjs$/;

interface Edit {
  /** What the edit is, for the build's error when @lingui/core's code no longer has it. */
  what: string;
  find: RegExp;
  replacement: string;
}

/** A class method of @lingui/core's I18n (with its doc comment, if any), by name. */
const method = (head: string): RegExp =>
  new RegExp(String.raw`\n(?:  /\*\*(?:(?!\*/)[^])*\*/\n)?  ${head} \{\n(?:(?!\n  \})[^])*\n  \}(?=\n)`);

const EDITS: Edit[] = [
  {
    // The `{value, date}` / `{value, time}` message formats: no message of the app uses them
    // (checked against the catalogs at build start), and the app formats dates itself (lib/zoned-time.ts).
    what: 'the date and time message formatters',
    find: /,\n {4}date: \(value, format\) => date\(locales, value, style\(format\) \|\| format\),\n {4}time: \(value, format\) => time\(locales, value, style\(format\) \|\| format\)\n/,
    replacement: '\n',
  },
  // Methods the app never calls (it formats with Intl itself; locale data is deprecated since v4).
  { what: 'I18n.date', find: method(String.raw`date\(value, format\)`), replacement: '' },
  { what: 'I18n.number', find: method(String.raw`number\(value, format\)`), replacement: '' },
  { what: 'I18n.localeData', find: method(String.raw`get localeData\(\)`), replacement: '' },
  {
    what: 'I18n._loadLocaleData',
    find: method(String.raw`_loadLocaleData\(locale, localeData\)`),
    replacement: '',
  },
  {
    what: 'I18n.loadLocaleData',
    find: method(String.raw`loadLocaleData\(localeOrAllData, localeData\)`),
    replacement: '',
  },
  {
    what: 'the constructor’s localeData parameter',
    find: /\n {4}if \(params\.localeData != null\)\n {6}this\.loadLocaleData\(params\.localeData\);/,
    replacement: '',
  },
  {
    // Only a development build calls it (the constructor's NODE_ENV branch, dropped in production).
    what: 'I18n.setMessagesCompiler',
    find: method(String.raw`setMessagesCompiler\(compiler\)`),
    replacement: '',
  },
  {
    what: 'I18n.loadAndActivate',
    find: method(String.raw`loadAndActivate\(\{ locale, locales, messages \}\)`),
    replacement: '',
  },
  {
    what: 'the locale data field',
    find: /\n {4}__publicField\(this, "_localeData", \{\}\);/,
    replacement: '',
  },
  {
    // Without the setter, there is never a message compiler: an uncompiled message is only warned about.
    what: 'the message compiler field',
    find: /\n {4}__publicField\(this, "_messageCompiler"\);/,
    replacement: '',
  },
  {
    what: 'the runtime message compilation',
    find: /if \(this\._messageCompiler\) \{\n {8}translation = this\._messageCompiler\(translation\);\n {6}\} else \{\n {8}(console\.warn\(`Uncompiled message detected![^`]*`\);)\n {6}\}/,
    replacement: '$1',
  },
  {
    what: 'the constructor’s development message compiler',
    find: /\n {4}if \(process\.env\.NODE_ENV !== "production"\) \{\n {6}this\.setMessagesCompiler\(compileMessage\);\n {4}\}/,
    replacement: '',
  },
  {
    // A programming error (the app activates English before anything renders): a short text.
    what: 'the no-locale error’s text',
    find: /"Lingui: Attempted to call a translation function without setting a locale\.\\n[^"]*"/,
    replacement: '"Lingui: no active locale (i18n.activate)"',
  },
  {
    what: 'the uncompiled-message warning’s text',
    find: /console\.warn\(`Uncompiled message detected! Message:\n\n> \$\{translation\}\n[^`]*`\)/,
    replacement: 'console.warn(`Lingui: uncompiled message: ${translation}`)',
  },
];

/** Message formats whose formatters this plugin drops: a catalog using one fails the build. */
const DROPPED_FORMAT = /\{\s*[\w.]+\s*,\s*(?:date|time)\s*[,}]/;

function poFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? poFiles(join(dir, entry.name))
      : entry.name.endsWith('.po')
        ? [join(dir, entry.name)]
        : [],
  );
}

/**
 * @lingui/core keeps, in the first page's script, what this app never uses: the `date`/`time`
 * message formats and `i18n.date`/`i18n.number` (the app formats with Intl itself), the locale-data
 * API deprecated since v4, the development-only message compiler's setter, and two long developer
 * texts. For the production build only, those are removed (the texts shortened); translations,
 * plurals, `select`, `number` in plurals, `load`/`activate`/`on('change')` and `i18n.t` are as
 * published. Tests and the dev server use the package as published. A catalog that uses a dropped
 * format, or an edit that no longer matches (a new @lingui/core), fails the build.
 */
export function linguiLean({ localesDir }: { localesDir: string }): Plugin {
  return {
    name: 'scheduler:lingui-lean',
    apply: 'build',
    buildStart() {
      for (const file of poFiles(localesDir)) {
        if (DROPPED_FORMAT.test(readFileSync(file, 'utf8')))
          this.error(`lingui-lean: ${file} uses a date/time message format, which this plugin drops`);
      }
    },
    transform: {
      filter: { id: LINGUI_CORE },
      handler(code, id) {
        if (!LINGUI_CORE.test(id)) return null;
        let lean = code;
        for (const edit of EDITS) {
          const before = lean;
          lean = lean.replace(edit.find, edit.replacement);
          if (lean === before)
            this.error(`lingui-lean: @lingui/core's code no longer has ${edit.what} (${id})`);
        }
        return { code: lean, map: null };
      },
    },
  };
}
