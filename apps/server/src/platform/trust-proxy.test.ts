import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './config.ts';
import { isPrivateAddress, trustProxyOption } from './trust-proxy.ts';

function problemOf(env: Record<string, string>): string {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return '';
}

describe('TRUST_PROXY (issue 15 #4)', () => {
  it("accepts Fastify's forms: a hop count, addresses and CIDR ranges, true/false", () => {
    expect(parseConfig({}).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(parseConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(parseConfig({ TRUST_PROXY: '2', NODE_ENV: 'production' }).trustProxy).toBe(2);
    expect(parseConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses anything else, naming the bad entry', () => {
    const message = problemOf({ TRUST_PROXY: '10.0.0.1,proxy.internal,10.0.0.0/33' });
    expect(message).toContain('TRUST_PROXY');
    expect(message).toContain('"proxy.internal"');
    expect(message).toContain('"10.0.0.0/33"');
    expect(message).toContain('hop count');
  });

  it('refuses `true` in production with a clear message, allows it in development and test', () => {
    const message = problemOf({ NODE_ENV: 'production', TRUST_PROXY: 'true' });
    expect(message).toMatch(/TRUST_PROXY: "true" is refused in production/);
    expect(message).toContain('TRUST_PROXY=1');
    expect(parseConfig({ NODE_ENV: 'development', TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(parseConfig({ NODE_ENV: 'test', TRUST_PROXY: 'yes' }).trustProxy).toBe(true);
  });

  it('trusts a hop count only from a peer on a private network', () => {
    const option = trustProxyOption(1);
    expect(typeof option).toBe('function');
    const trust = option as (address: string, hop: number) => boolean;
    expect(trust('10.0.0.7', 0)).toBe(true);
    expect(trust('::ffff:192.168.1.2', 0)).toBe(true);
    expect(trust('203.0.113.9', 0)).toBe(false);
    expect(trust('198.51.100.1', 1)).toBe(false);
    const two = trustProxyOption(2) as (address: string, hop: number) => boolean;
    expect(two('198.51.100.1', 1)).toBe(true);
    expect(two('198.51.100.1', 2)).toBe(false);
    expect(trustProxyOption(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
    expect(trustProxyOption(false)).toBe(false);
    expect(isPrivateAddress('172.20.1.1')).toBe(true);
    expect(isPrivateAddress('172.32.1.1')).toBe(false);
    expect(isPrivateAddress('not-an-ip')).toBe(false);
  });
});

describe('SEED_DEMO (issue 15 #6)', () => {
  it('seeds the demo by default in development only', () => {
    expect(parseConfig({}).seedDemo).toBe(true);
    expect(parseConfig({ NODE_ENV: 'test' }).seedDemo).toBe(false);
    expect(parseConfig({ NODE_ENV: 'test', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(parseConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(parseConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(parseConfig({ NODE_ENV: 'development', SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });
});
