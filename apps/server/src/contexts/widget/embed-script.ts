import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

/**
 * The built widget loader (`packages/embed/dist/embed.js`) with its compressed variants and ETag,
 * read from disk on first use and again whenever the file changes (a rebuild while running).
 * Every instance serves the file of its own deployment, so this cache changes no answer.
 */
export interface EmbedScript {
  body: Buffer;
  gzip: Buffer;
  brotli: Buffer;
  etag: string;
}

export interface EmbedScriptSource {
  /** The script, or undefined when it has not been built. */
  load(): EmbedScript | undefined;
}

export function createEmbedScriptSource(filePath: string): EmbedScriptSource {
  let cached: { mtimeMs: number; size: number; script: EmbedScript } | undefined;
  return {
    load() {
      let stats;
      try {
        stats = statSync(filePath);
      } catch {
        cached = undefined;
        return undefined;
      }
      if (cached?.mtimeMs === stats.mtimeMs && cached.size === stats.size) return cached.script;
      const body = readFileSync(filePath);
      const script: EmbedScript = {
        body,
        gzip: gzipSync(body, { level: 9 }),
        brotli: brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      };
      cached = { mtimeMs: stats.mtimeMs, size: stats.size, script };
      return script;
    },
  };
}
