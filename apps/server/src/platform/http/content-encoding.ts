/*
 * Content negotiation for the bodies the server compresses itself (the widget loader, the slot
 * search's answers): brotli, then gzip, else the body as it is.
 */
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

export type ContentEncoding = 'br' | 'gzip' | 'identity';

/** The best encoding the client accepts among br and gzip (q=0 excludes one). */
export function pickEncoding(acceptEncoding: string | undefined): ContentEncoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params
      .map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1])
      .find((value) => value !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return 'identity';
}

/**
 * A dynamic body (UTF-8) in `encoding`, compressed at the fastest levels (brotli quality 1, gzip
 * level 1): made for every change of what it says, not once per deployment like a static file.
 * A slot search answer of 50 providers' day (20–75 KB of JSON) comes out 7–8 times smaller.
 * Brotli's window is the body's size (at least 64 KB), not its 4 MB default: the same bytes out,
 * in about two thirds of the time (less memory set up per call).
 */
function brotliWindowBits(length: number): number {
  const bits = Math.ceil(Math.log2(length + 1));
  return Math.min(zlibConstants.BROTLI_MAX_WINDOW_BITS, Math.max(16, bits));
}

export function encodeDynamicBody(body: string, encoding: ContentEncoding): Buffer {
  if (encoding === 'br') {
    const bytes = Buffer.from(body, 'utf8');
    return brotliCompressSync(bytes, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 1,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        [zlibConstants.BROTLI_PARAM_LGWIN]: brotliWindowBits(bytes.length),
      },
    });
  }
  if (encoding === 'gzip') return gzipSync(body, { level: 1 });
  return Buffer.from(body, 'utf8');
}
