/*
 * What of a request and of an error may reach a log line (issue 15 #5). An ALLOW-LIST, not a
 * deny-list: a query value is kept only when its key is listed below AND the value has the shape
 * of its kind (an id is digits, a date is YYYY-MM-DD …); a route parameter only when it is a
 * numeric id; a path segment of an unmatched or catch-all route only when it is a lower-case
 * word (a practice or step slug) or a built file name. Everything else becomes `[Redacted]`, so a
 * key added tomorrow is redacted until someone lists it here.
 */

export const REDACTED = '[Redacted]';

const ID = /^(?:\d{1,12}(?:,\d{1,12}){0,99}|all)$/;
const NUMBER = /^-?\d{1,9}$/;
const SLUG = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const DATE = /^\d{4}-\d{2}(?:-\d{2})?(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const TIME_ZONE = /^[A-Za-z]{1,32}(?:[/_+-][A-Za-z0-9]{1,32}){0,4}$/;
/** Enumerations (sort keys, statuses, formats): lower-case-first words, comma lists, a leading '-'. */
const ENUM = /^-?[a-z][a-zA-Z0-9_.:-]{0,39}(?:,-?[a-z][a-zA-Z0-9_.:-]{0,39}){0,19}$/;
const GENDER = /^[MFU](?:,[MFU]){0,2}$/;

const shapes: Record<string, RegExp> = {};
function allow(shape: RegExp, keys: readonly string[]): void {
  for (const key of keys) shapes[key] = shape;
}
allow(ID, [
  'clientId',
  'ruleId',
  'schedulerId',
  'locationId',
  'providerId',
  'serviceId',
  'appointmentTypeId',
  'appointmentId',
  'patientId',
  'noteId',
  'feedbackId',
  'userId',
  'planId',
  'carrierId',
  'insurancePlanId',
  'insuranceTypeId',
  'waitlistEntryId',
  'messageId',
  'templateId',
  'invitationId',
  'recordId',
  'auditId',
]);
allow(SLUG, [
  'clientName',
  'clientSlug',
  'scheduler',
  'schedulerSlug',
  'location',
  'locationSlug',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'campaign',
  'channel',
]);
allow(NUMBER, ['page', 'pageSize', 'limit', 'offset', 'distance', 'days', 'weeks', 'version']);
allow(DATE, [
  'from',
  'to',
  'date',
  'startDate',
  'endDate',
  'start',
  'end',
  'startUtc',
  'endUtc',
  'weekStart',
  'month',
]);
allow(TIME_ZONE, ['timeZone']);
allow(ENUM, [
  'sort',
  'status',
  'kind',
  'format',
  'view',
  'step',
  'action',
  'recordType',
  'key',
  'templateKey',
  'event',
]);
allow(GENDER, ['gender']);

/** The query keys whose values may be logged (for the tests and the docs). */
export const loggableQueryKeys: readonly string[] = Object.keys(shapes);

/** A key name is kept when it looks like a parameter name; anything else is itself redacted. */
const KEY_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,40}$/;

function decode(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/** The query string for the log: allow-listed keys with well-shaped values kept, the rest redacted. */
export function redactQuery(queryString: string): string {
  if (queryString === '') return '';
  return queryString
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const equals = part.indexOf('=');
      const rawKey = equals < 0 ? part : part.slice(0, equals);
      const key = decode(rawKey);
      const value = equals < 0 ? '' : decode(part.slice(equals + 1));
      const loggedKey = key !== undefined && KEY_NAME.test(key) ? key : REDACTED;
      const shape = key === undefined ? undefined : shapes[key];
      if (shape !== undefined && value !== undefined && (value === '' || shape.test(value))) {
        return `${loggedKey}=${value}`;
      }
      return `${loggedKey}=${REDACTED}`;
    })
    .join('&');
}

/** A route parameter is logged only when it is a record id (name ending in `Id`, digits). */
function loggedParam(name: string, value: unknown): string {
  return /Id$/.test(name) && typeof value === 'string' && /^\d{1,12}$/.test(value) ? value : REDACTED;
}

const LOWER_WORD = /^[a-z][a-z-]{0,39}$/;
const FILE_NAME =
  /^[A-Za-z0-9_-]{1,80}(?:\.[A-Za-z0-9_-]{1,20}){0,3}\.(?:js|mjs|css|map|svg|png|jpg|jpeg|gif|ico|webp|avif|woff2?|ttf|json|txt|webmanifest|html|br|gz)$/;

/**
 * Page segments whose next segment is a link's token (issue 18; issue 20: a provider's calendar
 * feed, /api/calendar/{token}.ics), never logged whatever its shape.
 */
const TOKEN_PAGES = new Set(['manage', 'claim', 'calendar']);

/** A path without a route pattern (not found, or the web app's catch-all), segment by segment. */
function redactFreePath(path: string): string {
  const segments = path.split('/');
  const built = segments[1] === 'assets';
  return segments
    .map((segment, index) => {
      if (segment === '') return segment;
      // A patient's manage or claim link (/{clientName}/{scheduler}/manage/{token}), a calendar feed: the token is a credential.
      if (index >= 1 && TOKEN_PAGES.has(segments[index - 1] ?? '')) return REDACTED;
      const text = decode(segment);
      if (text === undefined) return REDACTED;
      if (LOWER_WORD.test(text)) return text;
      // Built files (hashed bundles under /assets/, icons): the last segment, no long digit runs outside /assets/.
      const last = index === segments.length - 1;
      if (last && FILE_NAME.test(text) && (built || !/\d{4,}/.test(text))) return text;
      return REDACTED;
    })
    .join('/');
}

export interface RequestLine {
  url: string;
  /** The route's pattern (`/api/config/users/:userId`), when one matched. */
  routeUrl?: string | undefined;
  params?: unknown;
}

/**
 * The URL as a log line may show it. With a matched route, the path is the route's pattern with
 * each parameter replaced by its value when that is a numeric id; otherwise each segment is
 * checked on its own. The query goes through the allow-list of `redactQuery`.
 */
export function redactRequestUrl({ url, routeUrl, params }: RequestLine): string {
  const mark = url.indexOf('?');
  const path = mark < 0 ? url : url.slice(0, mark);
  const query = mark < 0 ? '' : redactQuery(url.slice(mark + 1));
  let loggedPath: string;
  if (routeUrl !== undefined && routeUrl !== '' && !routeUrl.includes('*')) {
    const values = (typeof params === 'object' && params !== null ? params : {}) as Record<string, unknown>;
    loggedPath = routeUrl.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) =>
      loggedParam(name, values[name]),
    );
  } else {
    loggedPath = redactFreePath(path);
  }
  return mark < 0 ? loggedPath : `${loggedPath}?${query}`;
}

/** Host names only (a forged Host header could carry anything). */
export function redactHost(host: unknown): string | undefined {
  if (typeof host !== 'string') return undefined;
  return /^[A-Za-z0-9.-]{1,253}(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/.test(host) ? host : REDACTED;
}

// ---------------------------------------------------------------- free text

const EMAIL = /[^\s"'<>(),;:]+@[^\s"'<>(),;:]+\.[^\s"'<>(),;:]+/g;
const PHONE = /(?:\+\d{1,3}[\s.-]?)?(?:\(\d{3}\)|\b\d{3})[\s.-]?\d{3}[\s.-]?\d{4}\b|\+\d{8,15}\b/g;

/**
 * E-mail addresses and phone numbers in free text (a log message, a string field, a driver's or
 * SMTP server's error) become `[Redacted]`: a second line behind the keys, for text a developer
 * interpolated (`sent to ${email}`) or a library wrote.
 */
export function scrubIdentifiers(text: string): string {
  return text.replace(EMAIL, REDACTED).replace(PHONE, REDACTED);
}

// ---------------------------------------------------------------- errors

/** Values quoted in driver messages (`invalid input syntax for type date: "…"`), e-mails, long digit runs. */
export function scrubErrorText(text: string): string {
  return text
    .replace(
      /"([^"\n]{0,200})"|'([^'\n]{0,200})'/g,
      (match, double: string | undefined, single: string | undefined) => {
        const inner = double ?? single ?? '';
        // SQL identifiers (constraint, table, column, type names) stay: they explain the failure.
        return /^[a-z_][a-z0-9_$.]{0,62}$/.test(inner) ? match : REDACTED;
      },
    )
    .replace(/[^\s"'<>()]+@[^\s"'<>()]+/g, REDACTED)
    .replace(PHONE, REDACTED)
    .replace(/\+?\d[\d ()./-]{6,}\d/g, (match) => (/^\d+:\d+$/.test(match) ? match : REDACTED));
}

/** Fields of an error that may be logged: no `detail`, `parameters`, bodies or other payloads. */
const ERROR_FIELDS = [
  'code',
  'statusCode',
  'severity',
  'routine',
  'constraint',
  'table',
  'column',
  'dataType',
  'schema',
];

/**
 * The `err` of a log line: type, message and stack (scrubbed), and an allow-list of diagnostic
 * fields; a `cause` the same way, two levels deep.
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) {
    return typeof error === 'string' ? scrubErrorText(error) : typeof error;
  }
  const out: Record<string, unknown> = {
    type: error.constructor.name,
    message: scrubErrorText(error.message),
  };
  if (typeof error.stack === 'string') out.stack = scrubErrorText(error.stack);
  const fields = error as unknown as Record<string, unknown>;
  for (const field of ERROR_FIELDS) {
    const value = fields[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  if (error.cause !== undefined && depth < 2) out.cause = serializeError(error.cause, depth + 1);
  return out;
}
