import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);
const { generateMessageId } = require('@lingui/message-utils/generateMessageId') as {
  generateMessageId: (message: string, context?: string) => string;
};

/** Lingui's generated ids: six characters of a base64 hash. */
const LINGUI_ID = String.raw`[A-Za-z0-9+/]{6}`;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function shortId(index: number): string {
  let id = '';
  let rest = index;
  do {
    id = ALPHABET[rest % ALPHABET.length] + id;
    rest = Math.floor(rest / ALPHABET.length);
  } while (rest > 0);
  return id;
}

/** The message ids of a committed `.po` catalog (msgid and msgctxt as Lingui hashes them). */
function catalogIds(file: string): string[] {
  const ids: string[] = [];
  for (const block of readFileSync(file, 'utf8').split(/\n\n+/)) {
    const msgid = /^msgid (".*")$/m.exec(block)?.[1];
    if (msgid === undefined) continue;
    const message = JSON.parse(msgid) as string;
    if (message === '') continue;
    const context = /^msgctxt (".*")$/m.exec(block)?.[1];
    ids.push(generateMessageId(message, context === undefined ? undefined : (JSON.parse(context) as string)));
  }
  return ids;
}

export interface ShortMessageIdsOptions {
  /** The English catalogs (every language has the same ids), most often loaded first. */
  catalogs: string[];
}

/**
 * Production builds keep only message ids (issue 21): six characters of a base64 hash, once in the
 * code for each text and once in each language's catalog, and being random they do not compress
 * (≈ 4.5 bytes each after gzip). The build renames them, in the code and in the compiled catalogs
 * alike, to one or two characters (the first catalog's texts first): ≈ 0.7 KB less on the booking
 * landing. Tests and the dev server keep Lingui's ids (they compile the source texts in place).
 * A catalog key the renaming misses fails the build: a text would otherwise show its id.
 */
export function shortMessageIds(options: ShortMessageIdsOptions): Plugin {
  const renamed = new Map<string, string>();
  return {
    name: 'scheduler:short-message-ids',
    apply: 'build',
    enforce: 'post',
    buildStart() {
      renamed.clear();
      for (const file of options.catalogs)
        for (const id of catalogIds(file)) if (!renamed.has(id)) renamed.set(id, shortId(renamed.size));
    },
    renderChunk(code, chunk) {
      const isCatalog = chunk.moduleIds.some((id) => /\.po(?:\?|$)/.test(id));
      let changed = code.replace(
        new RegExp(String.raw`\bid:(\s*)(["'\x60])(${LINGUI_ID})\2`, 'g'),
        (whole, space: string, quote: string, id: string) => {
          const short = renamed.get(id);
          return short === undefined ? whole : `id:${space}${quote}${short}${quote}`;
        },
      );
      if (isCatalog) {
        let missed: string | null = null;
        changed = changed.replace(
          new RegExp(String.raw`(\\?")(${LINGUI_ID})\1:\[`, 'g'),
          (whole, quote: string, id: string) => {
            const short = renamed.get(id);
            if (short === undefined) {
              missed = id;
              return whole;
            }
            return `${quote}${short}${quote}:[`;
          },
        );
        if (missed !== null)
          this.error(`short-message-ids: ${chunk.fileName} holds message ${String(missed)}, in no catalog`);
      }
      return changed === code ? null : { code: changed, map: null };
    },
  };
}
