import type { FastifyRequest } from 'fastify';
import type { LogLevel } from '../config.ts';
import { REDACTED, redactHost, redactRequestUrl, scrubIdentifiers, serializeError } from './log-redaction.ts';

/** Anything pino can write lines to (stdout by default; tests capture lines). */
export interface LogStream {
  write(line: string): void;
}

export interface LoggerSettings {
  level?: LogLevel;
  stream?: LogStream;
}

/**
 * Keys that identify a patient (or are credentials). A value is replaced wherever its key
 * ends with one of these, at any depth, in camelCase, snake_case or any case
 * (`patient_first_name`, `homePhone`, `emailAddress`, `csrfToken` …).
 */
export const sensitiveKeys = [
  'firstName',
  'lastName',
  'middleName',
  'fullName',
  'patientName',
  'dateOfBirth',
  'dob',
  'birthDate',
  'phone',
  'phoneNumber',
  'mobile',
  'email',
  'address',
  'addressLine1',
  'addressLine2',
  'postalCode',
  'memberId',
  'groupNumber',
  'subscriberFirstName',
  'subscriberLastName',
  'subscriberDateOfBirth',
  'password',
  'token',
  'authorization',
  'cookie',
] as const;

const CENSOR = REDACTED;
const MAX_DEPTH = 12;

const normalizeKey = (key: string): string => key.toLowerCase().replace(/[_-]/g, '');
const sensitiveSuffixes = sensitiveKeys.map(normalizeKey);

export function isSensitiveKey(key: string): boolean {
  const normalized = normalizeKey(key);
  return sensitiveSuffixes.some((suffix) => normalized.endsWith(suffix));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * A copy of a log object with sensitive keys censored at any depth. Errors and other class
 * instances are left to pino's serializers (and the path redaction below).
 */
export function redactDeep(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (Array.isArray(value) || isPlainObject(value)) {
    if (depth >= MAX_DEPTH) return '[Truncated]';
    // `seen` holds the ancestors only: a cycle is cut, a shared reference is copied twice.
    if (seen.has(value)) return '[Circular]';
    seen.add(value);
    let copy: unknown;
    if (Array.isArray(value)) {
      copy = value.map((item) => redactDeep(item, depth + 1, seen));
    } else {
      const entries: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) {
        entries[key] = isSensitiveKey(key) ? CENSOR : redactDeep(item, depth + 1, seen);
      }
      copy = entries;
    }
    seen.delete(value);
    return copy;
  }
  return typeof value === 'string' ? scrubIdentifiers(value) : value;
}

/**
 * A URL for the log (no route known): the query through the allow-list of safe keys, the path
 * segment by segment (log-redaction.ts).
 */
export function redactUrl(url: string): string {
  return redactRequestUrl({ url });
}

/**
 * Pino options for Fastify: structured JSON, request bodies never logged (Fastify does not
 * log them and `body` is censored if someone tries), identifying fields censored at any
 * depth, credentials in headers censored. URLs keep their route and only the query values and
 * route parameters of an allow-list (log-redaction.ts); errors keep type, a scrubbed message
 * and stack, and an allow-list of diagnostic fields — never a body or a driver's `detail`.
 */
export function loggerOptions(settings: LoggerSettings): Record<string, unknown> {
  return {
    level: settings.level ?? 'info',
    redact: {
      paths: [
        'body',
        'req.body',
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-xsrf-token"]',
        'res.headers["set-cookie"]',
        // Database errors may quote the offending row (PostgreSQL `detail`).
        'err.detail',
        'err.parameters',
      ],
      censor: CENSOR,
    },
    formatters: {
      log: (object: Record<string, unknown>) => redactDeep(object),
    },
    hooks: {
      // The message text too (`log.info(\`sent to ${address}\`)`): e-mails and phone numbers go.
      logMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void) {
        method.apply(
          this,
          args.map((arg) => (typeof arg === 'string' ? scrubIdentifiers(arg) : arg)),
        );
      },
    },
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: redactRequestUrl({
            url: request.url,
            routeUrl: request.routeOptions?.url,
            params: request.params,
          }),
          host: redactHost(request.host),
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        };
      },
      err: (error: unknown) => serializeError(error),
    },
    ...(settings.stream === undefined ? {} : { stream: settings.stream }),
  };
}
