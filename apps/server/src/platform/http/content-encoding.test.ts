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

  it('decodes brotli bodies of any size with the window fitted to them', () => {
    let seed = 22;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648);
    for (const length of [0, 1, 2_000, 65_536, 70_000, 300_000, 2_500_000]) {
      const body = Array.from({ length: Math.ceil(length / 8) }, () => next().toString(36).padStart(8, '0'))
        .join('')
        .slice(0, length);
      expect(brotliDecompressSync(encodeDynamicBody(body, 'br')).toString('utf8')).toBe(body);
    }
  });
});
