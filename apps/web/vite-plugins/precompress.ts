import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export interface PrecompressOptions {
  /** Which output files to compress. */
  include?: RegExp;
  /** Files smaller than this are left alone. */
  minBytes?: number;
}

/**
 * After the build is written, puts a `.gz` (gzip level 9) and a `.br` (brotli quality 11) copy
 * beside each text asset, so the server can send precompressed files without compressing per request.
 * A copy that would not be smaller than the original is not written.
 */
export function precompress(options: PrecompressOptions = {}): Plugin {
  const include = options.include ?? /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
  const minBytes = options.minBytes ?? 256;
  return {
    name: 'scheduler:precompress',
    apply: 'build',
    enforce: 'post',
    async writeBundle(outputOptions, bundle) {
      const outDir = outputOptions.dir;
      if (!outDir) return;
      const files = Object.keys(bundle).filter((fileName) => include.test(fileName));
      await Promise.all(
        files.map(async (fileName) => {
          const fullPath = path.join(outDir, fileName);
          const data = await readFile(fullPath);
          if (data.length < minBytes) return;
          const [gz, br] = await Promise.all([
            gzipAsync(data, { level: 9 }),
            brotliAsync(data, {
              params: {
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
          ]);
          await Promise.all([
            gz.length < data.length ? writeFile(`${fullPath}.gz`, gz) : Promise.resolve(),
            br.length < data.length ? writeFile(`${fullPath}.br`, br) : Promise.resolve(),
          ]);
        }),
      );
    },
  };
}
