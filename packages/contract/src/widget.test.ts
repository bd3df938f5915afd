import { describe, expect, it } from 'vitest';
import { normalizeFrameAncestor, parseStoredFrameAncestors } from './widget.ts';

describe('frame ancestors', () => {
  it('accepts site addresses and writes them in one canonical form', () => {
    expect(normalizeFrameAncestor('https://www.Example.com/')).toBe('https://www.example.com');
    expect(normalizeFrameAncestor(' https://*.example.com ')).toBe('https://*.example.com');
    expect(normalizeFrameAncestor('http://localhost:3101')).toBe('http://localhost:3101');
    expect(normalizeFrameAncestor('http://127.0.0.1:*')).toBe('http://127.0.0.1:*');
    expect(normalizeFrameAncestor('https://www.example.com:443')).toBe('https://www.example.com');
  });

  it('refuses anything that is not a plain site address', () => {
    for (const bad of [
      '',
      '*',
      "'self'",
      "'none'",
      'www.example.com',
      'https://',
      'https://www.example.com/path',
      'https://www.example.com; script-src *',
      'https://www.example.com https://evil.example',
      'javascript:alert(1)',
      'data:',
      'https://*',
      'https://www.*.example.com',
      'ftp://example.com',
      'https://example.com:99999',
      'http://[::1]:3000',
      'http://www.example.com',
    ]) {
      expect(normalizeFrameAncestor(bad), bad).toBeUndefined();
    }
  });

  it('reads a stored list leniently, never passing on an unsafe entry', () => {
    expect(parseStoredFrameAncestors('["https://a.example","bad value;",7,"http://localhost:*"]')).toEqual([
      'https://a.example',
      'http://localhost:*',
    ]);
    expect(parseStoredFrameAncestors('not json')).toEqual([]);
    expect(parseStoredFrameAncestors('{"a":1}')).toEqual([]);
    expect(parseStoredFrameAncestors(null)).toEqual([]);
  });
});
