import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, repoRoot, serverClock } from './config.ts';

describe('config', () => {
  it('applies the documented defaults', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      logLevel: 'info',
      adminLoginPath: 'adminlogin',
      redisUrl: undefined,
      cookieSecure: false,
      trustProxy: false,
    });
    expect(config.sqlitePath).toBe(path.join(repoRoot, 'data', 'scheduler.db'));
    expect(config.webDist).toBe(path.join(repoRoot, 'apps', 'web', 'dist'));
  });

  it('sizes the heap growth from HEAP_GROWING_PERCENT (50 by default, 0 leaves it to V8)', () => {
    expect(parseConfig({}).heapGrowingPercent).toBe(50);
    expect(parseConfig({ HEAP_GROWING_PERCENT: '' }).heapGrowingPercent).toBe(50);
    expect(parseConfig({ HEAP_GROWING_PERCENT: '0' }).heapGrowingPercent).toBe(0);
    expect(parseConfig({ HEAP_GROWING_PERCENT: '120' }).heapGrowingPercent).toBe(120);
    for (const bad of ['-1', '301', '1.5', 'lots']) {
      expect(() => parseConfig({ HEAP_GROWING_PERCENT: bad })).toThrow(
        /HEAP_GROWING_PERCENT: must be a whole number from 0 to 300/,
      );
    }
  });

  it('treats empty variables as unset', () => {
    expect(parseConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it('defaults secure cookies on in production', () => {
    expect(parseConfig({ NODE_ENV: 'production' }).cookieSecure).toBe(true);
    expect(parseConfig({ NODE_ENV: 'production', COOKIE_SECURE: 'false' }).cookieSecure).toBe(false);
  });

  it('lists every invalid variable with a clear message', () => {
    let error: unknown;
    try {
      parseConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL: must be a postgres:// URL');
    expect(message).toContain('LOG_LEVEL');
  });

  it('takes the application role of PostgreSQL from DATABASE_APP_URL, only with DATABASE_URL', () => {
    const config = parseConfig({
      DATABASE_URL: 'postgres://owner@db/scheduler',
      DATABASE_APP_URL: 'postgres://scheduler_app@db/scheduler',
    });
    expect(config).toMatchObject({
      databaseUrl: 'postgres://owner@db/scheduler',
      databaseAppUrl: 'postgres://scheduler_app@db/scheduler',
    });
    expect(parseConfig({}).databaseAppUrl).toBeUndefined();
    expect(() => parseConfig({ DATABASE_APP_URL: 'postgres://scheduler_app@db/scheduler' })).toThrow(
      'DATABASE_APP_URL: needs DATABASE_URL',
    );
    expect(() => parseConfig({ DATABASE_URL: 'postgres://o@db/s', DATABASE_APP_URL: 'mysql://x' })).toThrow(
      'DATABASE_APP_URL: must be a postgres:// URL',
    );
  });

  it('accepts a fixed clock (TEST_CLOCK_START) only in test mode', () => {
    expect(parseConfig({}).testClockStart).toBeUndefined();
    expect(
      parseConfig({ NODE_ENV: 'test', TEST_CLOCK_START: '2026-12-01T13:30:00Z' }).testClockStart,
    ).toEqual(new Date('2026-12-01T13:30:00Z'));
    expect(parseConfig({ NODE_ENV: 'test', TEST_CLOCK_START: '' }).testClockStart).toBeUndefined();
    expect(() => parseConfig({ TEST_CLOCK_START: '2026-12-01T13:30:00Z' })).toThrow(
      'TEST_CLOCK_START: accepted only when NODE_ENV=test',
    );
    expect(() => parseConfig({ NODE_ENV: 'production', TEST_CLOCK_START: '2026-12-01T13:30:00Z' })).toThrow(
      'NODE_ENV is production',
    );
    expect(() => parseConfig({ NODE_ENV: 'test', TEST_CLOCK_START: '2026-12-01 13:30' })).toThrow(
      'TEST_CLOCK_START: must be an ISO instant with a zone',
    );
  });

  it('runs the server clock on from TEST_CLOCK_START', async () => {
    const now = serverClock({ testClockStart: new Date('2026-12-01T05:30:00Z') });
    const first = now().getTime();
    expect(first - Date.parse('2026-12-01T05:30:00Z')).toBeLessThan(1000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(now().getTime()).toBeGreaterThan(first);
    expect(Math.abs(serverClock({ testClockStart: undefined })().getTime() - Date.now())).toBeLessThan(1000);
  });
  it('reads the outbound transports and the job queue settings (issue 17)', () => {
    const defaults = parseConfig({});
    expect(defaults).toMatchObject({
      smtpUrl: undefined,
      mailFrom: 'Scheduler <no-reply@localhost>',
      twilio: undefined,
      publicUrl: 'http://localhost:3000',
      jobPollMs: 1000,
    });
    expect(parseConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    const sid = `AC${'0123456789abcdef'.repeat(2)}`;
    const full = parseConfig({
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      MAIL_FROM: 'Clinic <no-reply@clinic.example>',
      TWILIO_ACCOUNT_SID: sid,
      TWILIO_AUTH_TOKEN: 'secret',
      TWILIO_FROM: '+15551234567',
      PUBLIC_URL: 'https://book.clinic.example/',
      JOB_POLL_MS: '250',
    });
    expect(full).toMatchObject({
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      mailFrom: 'Clinic <no-reply@clinic.example>',
      twilio: { accountSid: sid, authToken: 'secret', from: '+15551234567' },
      publicUrl: 'https://book.clinic.example',
      jobPollMs: 250,
    });
    expect(parseConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).smtpUrl).toBe('smtp://127.0.0.1:2525');
  });

  it('refuses bad outbound settings with clear messages, and a partial Twilio set', () => {
    expect(() => parseConfig({ SMTP_URL: 'http://mail' })).toThrow(
      'SMTP_URL: must be an smtp:// or smtps:// URL',
    );
    expect(() => parseConfig({ MAIL_FROM: 'not an address' })).toThrow('MAIL_FROM: must be an address');
    expect(() => parseConfig({ PUBLIC_URL: 'book.clinic' })).toThrow(
      'PUBLIC_URL: must be an http:// or https:// URL',
    );
    expect(() => parseConfig({ JOB_POLL_MS: '5' })).toThrow('JOB_POLL_MS');
    expect(() => parseConfig({ TWILIO_ACCOUNT_SID: 'SK123' })).toThrow(
      'TWILIO_ACCOUNT_SID: must be a Twilio account SID',
    );
    expect(() => parseConfig({ TWILIO_AUTH_TOKEN: 'secret' })).toThrow(
      'TWILIO_ACCOUNT_SID, TWILIO_FROM: SMS needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM together',
    );
    expect(() =>
      parseConfig({
        TWILIO_ACCOUNT_SID: `AC${'a'.repeat(32)}`,
        TWILIO_AUTH_TOKEN: 'x',
        TWILIO_FROM: '555-1234',
      }),
    ).toThrow('TWILIO_FROM: must be an E.164 phone number');
  });
});
