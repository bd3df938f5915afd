import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { trustProxyProblem, trustProxySetting } from './trust-proxy.ts';
import type { TrustProxy } from './trust-proxy.ts';

/**
 * The repository root. This file sits at `apps/server/src/platform/config.ts` (four folders
 * below the root) and is bundled into `apps/server/dist/*.js` (three folders below). The walk is
 * written as segments, not as one quoted relative path, which the import-rewriting move tool
 * would rewrite.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(
  here,
  ...Array<string>(path.basename(here) === 'dist' ? 3 : 4).fill('..'),
);

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

/** Empty variables (`PORT=`) count as unset, so defaults apply. */
const optionalText = z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());

const flag = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
    .transform((value) => value === 'true' || value === '1' || value === 'yes')
    .optional(),
);

const envSchema = z.object({
  NODE_ENV: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(['development', 'production', 'test']).default('development'),
  ),
  PORT: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  ),
  HOST: optionalText.transform((value) => value ?? '0.0.0.0'),
  DATABASE_URL: optionalText.refine((value) => value === undefined || /^postgres(ql)?:\/\//.test(value), {
    error: 'must be a postgres:// URL (leave it unset to use SQLite)',
  }),
  DATABASE_APP_URL: optionalText.refine((value) => value === undefined || /^postgres(ql)?:\/\//.test(value), {
    error: 'must be a postgres:// URL (the application role; leave it unset to connect as DATABASE_URL)',
  }),
  SQLITE_PATH: optionalText,
  LOG_LEVEL: z.preprocess((value) => (value === '' ? undefined : value), z.enum(logLevels).default('info')),
  ADMIN_LOGIN_PATH: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]*$/, 'must be one lowercase path segment (letters, digits, dashes)')
      .default('adminlogin'),
  ),
  LOGIN_HASH_KEY: optionalText.refine((value) => value === undefined || value.length >= 32, {
    error: 'must be at least 32 characters (a random secret)',
  }),
  MANAGE_LINK_KEY: optionalText.refine((value) => value === undefined || value.length >= 32, {
    error: 'must be at least 32 characters (a random secret)',
  }),
  PARTNER_TOKEN_KEY: optionalText.refine((value) => value === undefined || value.length >= 32, {
    error: 'must be at least 32 characters (a random secret)',
  }),
  REDIS_URL: optionalText.refine((value) => value === undefined || /^rediss?:\/\//.test(value), {
    error: 'must be a redis:// or rediss:// URL',
  }),
  WEB_DIST: optionalText,
  COOKIE_SECURE: flag,
  TRUST_PROXY: trustProxySetting,
  SEED_DEMO: flag,
  RATE_LIMIT_READS_PER_MINUTE: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number({ error: 'must be a whole number' }).int().min(1).default(300),
  ),
  HEAP_GROWING_PERCENT: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number({ error: 'must be a whole number from 0 to 300 (0: V8 sizes the heap itself)' })
      .int({ error: 'must be a whole number from 0 to 300 (0: V8 sizes the heap itself)' })
      .min(0, { error: 'must be a whole number from 0 to 300 (0: V8 sizes the heap itself)' })
      .max(300, { error: 'must be a whole number from 0 to 300 (0: V8 sizes the heap itself)' })
      .default(50),
  ),
  RATE_LIMIT_BOOKINGS_PER_MINUTE: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number({ error: 'must be a whole number' }).int().min(1).default(30),
  ),
  SMTP_URL: optionalText.refine((value) => value === undefined || /^smtps?:\/\/[^/]/.test(value), {
    error:
      'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587 (leave it unset for no e-mail)',
  }),
  MAIL_FROM: optionalText.refine(
    (value) => value === undefined || /^[^<>]*<[^\s<>@]+@[^\s<>@]+>$|^[^\s<>@]+@[^\s<>@]+$/.test(value),
    {
      error: 'must be an address, e.g. "Clinic <no-reply@clinic.example>" or no-reply@clinic.example',
    },
  ),
  TWILIO_ACCOUNT_SID: optionalText.refine(
    (value) => value === undefined || /^AC[0-9a-fA-F]{32}$/.test(value),
    {
      error: 'must be a Twilio account SID (AC followed by 32 hex digits)',
    },
  ),
  TWILIO_AUTH_TOKEN: optionalText,
  TWILIO_FROM: optionalText.refine(
    (value) => value === undefined || /^\+[1-9][0-9]{6,14}$/.test(value) || /^MG[0-9a-fA-F]{32}$/.test(value),
    { error: 'must be an E.164 phone number (+15551234567) or a messaging service SID (MG…)' },
  ),
  PUBLIC_URL: optionalText.refine(
    (value) => value === undefined || /^https?:\/\/[^/?#]+(\/[^?#]*)?$/.test(value),
    {
      error: 'must be an http:// or https:// URL without query, e.g. https://book.clinic.example',
    },
  ),
  JOB_POLL_MS: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number({ error: 'must be a whole number of milliseconds' })
      .int()
      .min(50)
      .max(60_000)
      .default(1000),
  ),
  TEST_CLOCK_START: optionalText.pipe(
    z.iso
      .datetime({ offset: true, error: 'must be an ISO instant with a zone, e.g. 2026-12-01T13:30:00Z' })
      .transform((value) => new Date(value))
      .optional(),
  ),
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  /**
   * How far the JavaScript heap may grow past what the last full GC kept, in percent (V8's
   * `--heap-growing-percent`); 0 leaves it to V8, which lets the old generation grow to ~3.5× what
   * it keeps under a steady allocation rate. 50 by default: under 5 bookings/s with 10 searching
   * clients the server then stays within ~25 MB of its start instead of settling ~170 MB above it,
   * for a full GC every few seconds (docs/performance.md, issue 22's memory budget).
   */
  heapGrowingPercent: number;
  port: number;
  host: string;
  /** Set: PostgreSQL. Unset: the SQLite file at `sqlitePath`. */
  databaseUrl: string | undefined;
  /**
   * PostgreSQL only: the application connects with this URL, as a role that does not own the
   * tables, so that row-level security applies (migration 006); `databaseUrl` (the owner) then
   * only runs the migrations. Unset: the application connects as `databaseUrl`.
   */
  databaseAppUrl: string | undefined;
  sqlitePath: string;
  logLevel: LogLevel;
  /** One path segment, without slashes: the admin login screen lives at `/{adminLoginPath}`. */
  adminLoginPath: string;
  /** When set, rate limits are counted in Redis so that all server instances agree. */
  redisUrl: string | undefined;
  /**
   * The secret key of the hash that names an account in the sign-in counters (`login_attempts`,
   * Redis), so that typed e-mails are not stored in the clear. Unset: a built-in key.
   */
  loginHashKey: string | undefined;
  /**
   * Issue 18: the secret key of the patients' manage links (HMAC of the appointment's nonce). Unset:
   * one derived from LOGIN_HASH_KEY, else a built-in key (production warns, main.ts).
   */
  manageLinkKey: string | undefined;
  /**
   * Issue 20: the HS256 key of the partners' FHIR access tokens (client credentials). Unset: one
   * derived (HKDF) from the manage links' key.
   */
  partnerTokenKey: string | undefined;
  /** Folder of the built SPA (`apps/web/dist`). */
  webDist: string;
  /** `Secure` cookies and `upgrade-insecure-requests`; defaults to true in production. */
  cookieSecure: boolean;
  /**
   * Which `X-Forwarded-For` entries name the client (trust-proxy.ts): false (none), a hop count, or
   * the proxies' addresses/CIDR ranges; `true` (believe any) only outside production.
   */
  trustProxy: TrustProxy;
  /**
   * Seed the demo (brands, people, the README's logins) into an empty database at start. Default:
   * on in development (`npm start`), off in test and production; SEED_DEMO=true turns it on (the
   * browser tests set it), SEED_DEMO=false off.
   */
  seedDemo: boolean;
  /** Public scheduler API, per client IP and route, per minute: searches, lists, analytics. */
  rateLimitReadsPerMinute: number;
  /** Public scheduler API, per client IP and route, per minute: booking, waitlist, patient lookup. */
  rateLimitBookingsPerMinute: number;
  /**
   * Test mode only (NODE_ENV=test): the server's clock starts at this instant and runs on with real
   * time, so the browser tests can run at a chosen time of day. Unset: the real clock.
   */
  testClockStart: Date | undefined;
  /** SMTP server for outgoing e-mail (smtp:// or smtps://). Unset: e-mail is recorded, not sent. */
  smtpUrl: string | undefined;
  /** The From of every e-mail. */
  mailFrom: string;
  /** Twilio for SMS (all three variables or none). Unset: SMS is recorded, not sent. */
  twilio: TwilioConfig | undefined;
  /**
   * The server's public base URL, without a trailing slash: links in messages and the URL Twilio
   * signs its webhooks with. Default http://localhost:PORT.
   */
  publicUrl: string;
  /** How often the job queue looks for due jobs (ms). */
  jobPollMs: number;
}

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** E.164 number or messaging service SID (MG…). */
  from: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses an environment record into a Config. Throws ConfigError listing every problem. */
export function parseConfig(env: Readonly<Record<string, string | undefined>>): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`),
    );
  }
  const e = result.data;
  if (e.DATABASE_APP_URL !== undefined && e.DATABASE_URL === undefined) {
    throw new ConfigError(['DATABASE_APP_URL: needs DATABASE_URL (the owner of the tables) as well']);
  }
  const proxyProblem = trustProxyProblem(e.NODE_ENV, e.TRUST_PROXY ?? false);
  if (proxyProblem !== undefined) throw new ConfigError([proxyProblem]);
  if (e.TEST_CLOCK_START !== undefined && e.NODE_ENV !== 'test') {
    throw new ConfigError([
      `TEST_CLOCK_START: accepted only when NODE_ENV=test (it fixes the clock for the browser tests); NODE_ENV is ${e.NODE_ENV}`,
    ]);
  }
  const twilioVars = [e.TWILIO_ACCOUNT_SID, e.TWILIO_AUTH_TOKEN, e.TWILIO_FROM];
  const twilioSet = twilioVars.filter((value) => value !== undefined).length;
  if (twilioSet !== 0 && twilioSet !== 3) {
    const missing = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'].filter(
      (_, i) => twilioVars[i] === undefined,
    );
    throw new ConfigError([
      `${missing.join(', ')}: SMS needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM together (set all three, or none for no SMS)`,
    ]);
  }
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseAppUrl: e.DATABASE_APP_URL,
    sqlitePath: path.resolve(e.SQLITE_PATH ?? path.join(repoRoot, 'data', 'scheduler.db')),
    logLevel: e.LOG_LEVEL,
    adminLoginPath: e.ADMIN_LOGIN_PATH,
    redisUrl: e.REDIS_URL,
    loginHashKey: e.LOGIN_HASH_KEY,
    manageLinkKey: e.MANAGE_LINK_KEY,
    partnerTokenKey: e.PARTNER_TOKEN_KEY,
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps', 'web', 'dist')),
    cookieSecure: e.COOKIE_SECURE ?? e.NODE_ENV === 'production',
    trustProxy: e.TRUST_PROXY ?? false,
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV === 'development',
    rateLimitReadsPerMinute: e.RATE_LIMIT_READS_PER_MINUTE,
    rateLimitBookingsPerMinute: e.RATE_LIMIT_BOOKINGS_PER_MINUTE,
    heapGrowingPercent: e.HEAP_GROWING_PERCENT,
    testClockStart: e.TEST_CLOCK_START,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Scheduler <no-reply@localhost>',
    twilio:
      e.TWILIO_ACCOUNT_SID !== undefined && e.TWILIO_AUTH_TOKEN !== undefined && e.TWILIO_FROM !== undefined
        ? { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, from: e.TWILIO_FROM }
        : undefined,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    jobPollMs: e.JOB_POLL_MS,
  };
}

/** The server's clock: the real one, or in test mode one that starts at `testClockStart` and runs on. */
export function serverClock(config: Pick<Config, 'testClockStart'>): () => Date {
  const start = config.testClockStart;
  if (start === undefined) return () => new Date();
  const offsetMs = start.getTime() - Date.now();
  return () => new Date(Date.now() + offsetMs);
}

/**
 * Reads `process.env` once (the only place that does) and exits with a clear message
 * when it is invalid.
 */
export function loadConfig(): Config {
  try {
    return parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
