import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodeDynamicBody, pickEncoding } from './content-encoding.ts';

describe('content encoding', () => {
  it('picks brotli, then gzip, honouring q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip, br;q=0')).toBe('gzip');
    expect(pickEncoding('deflate')).toBe('identity');
    expect(pickEncoding(undefined)).toBe('identity');
    expect(pickEncoding('*')).toBe('br');
  });

  it('encodes a body that decodes to the same text, smaller when repetitive', () => {
    const body = JSON.stringify(
      Array.from({ length: 400 }, (_, i) => ({
        timeLocal: `${9 + (i % 8)}:00`,
        dateLocal: '2026-12-01',
        é: 'ü',
      })),
    );
    const br = encodeDynamicBody(body, 'br');
    const gzip = encodeDynamicBody(body, 'gzip');
    const identity = encodeDynamicBody(body, 'identity');
    expect(brotliDecompressSync(br).toString('utf8')).toBe(body);
    expect(gunzipSync(gzip).toString('utf8')).toBe(body);
    expect(identity.toString('utf8')).toBe(body);
    expect(identity.length).toBe(Buffer.byteLength(body, 'utf8'));
    expect(br.length).toBeLessThan(identity.length / 5);
    expect(gzip.length).toBeLessThan(identity.length / 5);
    // The same text, the same bytes (a kept answer made again is recognised as unchanged).
    expect(encodeDynamicBody(body, 'br').equals(br)).toBe(true);
  });
});
