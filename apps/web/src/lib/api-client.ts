import { readBearerToken } from './auth-session';
import { appConfig } from './config';

/**
 * HTTP client of the web app, one `fetch` transport for every backend: the query string, JSON
 * bodies and answers, credentials, the bearer token (cookie-blocked browsers) and the XSRF cookie
 * echoed as a header; cancellation by request id; errors mapped to the shared wire shape
 * `{error: {code, message, details?}}`; the answer validated by the request's `schema` (the one way
 * responses are checked: a zod schema, or the booking flow's contract check, which runs in a
 * worker); and a tracking hook.
 */

export type ApiName = 'scheduler' | 'config' | 'patientManagement' | 'track';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface WireError {
  code: string;
  message: string;
  details?: unknown;
}

export interface WireErrorBody {
  error: WireError;
}

/** The wire error shape, checked by hand (zod stays out of the first page's script). */
export function isWireErrorBody(value: unknown): value is WireErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const error = (value as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return typeof code === 'string' && code.length > 0 && typeof message === 'string';
}

export const CLIENT_ERROR_CODES = {
  cancelled: 'REQUEST_CANCELLED',
  network: 'NETWORK_ERROR',
  invalidResponse: 'INVALID_RESPONSE',
  http: 'HTTP_ERROR',
} as const;

/** A failed call. `body` is the wire shape; `cancelled` is true when a newer request or the caller aborted it. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly body: WireErrorBody;
  readonly status: number | null;
  readonly cancelled: boolean;

  constructor(body: WireErrorBody, status: number | null, cancelled = false) {
    super(body.error.message);
    this.body = body;
    this.status = status;
    this.cancelled = cancelled;
  }

  get code(): string {
    return this.body.error.code;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** What the tracking hook hears about each finished, non-cancelled request (never bodies). */
export interface RequestOutcome {
  requestId: string | undefined;
  api: ApiName;
  method: HttpMethod;
  path: string;
  status: number | null;
  ok: boolean;
  errorCode: string | undefined;
  durationMs: number;
  /** Opaque value the caller attached with `trackPayload` (e.g. an analytics event). */
  trackPayload: unknown;
}

export type TrackHook = (outcome: RequestOutcome) => void;

export interface RequestOptions {
  /** Requests sharing an id cancel each other: a new one aborts the earlier one still in flight. */
  id?: string | undefined;
  api?: ApiName | undefined;
  method?: HttpMethod | undefined;
  /** Path relative to the API's base URL, e.g. 'getProviders' or 'report/getChartReport'. */
  path: string;
  params?: QueryParams | undefined;
  data?: unknown;
  headers?: Record<string, string> | undefined;
  signal?: AbortSignal | undefined;
  /** false: the tracking hook is not told about this request (used by the tracking log itself). */
  report?: boolean | undefined;
  trackPayload?: unknown;
}

export interface ApiClientOptions {
  baseUrls: Record<ApiName, string>;
  readToken?: () => string | null;
  now?: () => number;
  /** Test seam: the `fetch` every request goes through (default: the browser's). */
  fetchImpl?: typeof fetch;
}

/** Cookie and header of the XSRF token. */
const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const match = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(document.cookie);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

/** The request URL: base + '/' + path (the base alone for an empty path), then the query string. */
export function fetchUrl(baseUrl: string, path: string, params: QueryParams | undefined): string {
  const joined = path ? `${baseUrl.replace(/\/?\/$/, '')}/${path.replace(/^\/+/, '')}` : baseUrl;
  if (!params) return joined;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    query.append(key, String(value));
  }
  const text = query.toString();
  if (!text) return joined;
  return `${joined}${joined.includes('?') ? '&' : '?'}${text}`;
}

/** The outcome of a response check: the checked (possibly transformed) value, or a refusal. */
export type SchemaCheck<T> = { success: true; data: T } | { success: false; error?: unknown };

/**
 * How a response is validated: anything with zod's `safeParse` (a zod schema), or a check that
 * answers later (the booking flow's contract check, done in a worker).
 */
export interface ResponseSchema<T = unknown> {
  safeParse(data: unknown): SchemaCheck<T> | Promise<SchemaCheck<T>>;
}

export interface ApiClient {
  readonly request: {
    <T>(options: RequestOptions & { schema: ResponseSchema<T> }): Promise<T>;
    (options: RequestOptions & { schema?: undefined }): Promise<unknown>;
  };
  /** Aborts the in-flight request with this id, if any. */
  readonly abortRequest: (id: string) => void;
  /** Installs the tracking hook (analytics does this); null removes it. */
  readonly setOnTrack: (hook: TrackHook | null) => void;
  /**
   * Awaited before a request rejects (issue 21: the booking pages load the translators of the
   * server's texts then, not with the first page). A hook that fails is ignored.
   */
  readonly setBeforeFailure: (hook: (() => Promise<void>) | null) => void;
}

const GENERIC_MESSAGE = 'Something went wrong. Please try again.';
const NETWORK_MESSAGE = 'We could not reach the server. Please check your connection and try again.';

const STATUS_CODES: Readonly<Record<number, string>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  422: 'VALIDATION_FAILED',
  429: 'RATE_LIMITED',
};

function codeForStatus(status: number): string {
  return STATUS_CODES[status] ?? (status >= 500 ? 'SERVER_ERROR' : CLIENT_ERROR_CODES.http);
}

function cancelledError(): ApiError {
  return new ApiError(
    { error: { code: CLIENT_ERROR_CODES.cancelled, message: 'The request was cancelled.' } },
    null,
    true,
  );
}

function networkError(): ApiError {
  return new ApiError({ error: { code: CLIENT_ERROR_CODES.network, message: NETWORK_MESSAGE } }, null);
}

/** A non-2xx answer as an ApiError: the body as it is when it has the wire shape, else by status. */
export function httpError(status: number, data: unknown): ApiError {
  if (isWireErrorBody(data)) {
    const { code, message, details } = data.error;
    const wire: WireError = details === undefined ? { code, message } : { code, message, details };
    return new ApiError({ error: wire }, status);
  }
  return new ApiError({ error: { code: codeForStatus(status), message: GENERIC_MESSAGE } }, status);
}

/** Anything thrown while sending as an ApiError carrying the wire shape. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError({ error: { code: CLIENT_ERROR_CODES.http, message: GENERIC_MESSAGE } }, null);
}

function joinForLog(baseUrl: string, path: string): string {
  const cleanPath = path.split('?')[0] ?? '';
  if (!cleanPath) return baseUrl;
  return `${baseUrl.replace(/\/+$/, '')}/${cleanPath.replace(/^\/+/, '')}`;
}

interface Answer {
  status: number;
  data: unknown;
}

type Send = (api: ApiName, method: HttpMethod, opts: RequestOptions, signal: AbortSignal) => Promise<Answer>;

/** The fetch transport: one request, its status and parsed body, or an ApiError. */
function fetchTransport(options: ApiClientOptions, readToken: () => string | null): Send {
  const fetchImpl = options.fetchImpl ?? ((input, init) => globalThis.fetch(input, init));
  return async (api, method, opts, signal) => {
    const headers = new Headers({ Accept: 'application/json' });
    const token = readToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf) headers.set(XSRF_HEADER, xsrf);
    let body: string | undefined;
    if (opts.data !== undefined && method !== 'GET') {
      if (typeof opts.data === 'string') {
        body = opts.data;
      } else {
        body = JSON.stringify(opts.data);
        headers.set('Content-Type', 'application/json');
      }
    }
    for (const [name, value] of Object.entries(opts.headers ?? {})) headers.set(name, value);
    let response: Response;
    try {
      response = await fetchImpl(fetchUrl(options.baseUrls[api], opts.path, opts.params), {
        method,
        headers,
        body: body ?? null,
        credentials: 'include',
        signal,
      });
    } catch {
      throw signal.aborted ? cancelledError() : networkError();
    }
    let text: string;
    try {
      text = await response.text();
    } catch {
      throw signal.aborted ? cancelledError() : networkError();
    }
    let data: unknown = text;
    if (text) {
      try {
        data = JSON.parse(text) as unknown;
      } catch {
        data = text; // a body that is not JSON is kept as text
      }
    }
    if (response.status < 200 || response.status >= 300) throw httpError(response.status, data);
    return { status: response.status, data };
  };
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const readToken = options.readToken ?? (() => readBearerToken());
  const now = options.now ?? (() => Date.now());
  const send = fetchTransport(options, readToken);
  const inFlight = new Map<string, AbortController>();
  let onTrack: TrackHook | null = null;
  let beforeFailure: (() => Promise<void>) | null = null;
  const prepareFailure = async (): Promise<void> => {
    try {
      await beforeFailure?.();
    } catch {
      // the error is shown as it came
    }
  };

  const report = (outcome: RequestOutcome): void => {
    if (!onTrack) return;
    try {
      onTrack(outcome);
    } catch (hookError) {
      console.error('[api] tracking hook failed', hookError instanceof Error ? hookError.message : hookError);
    }
  };

  /** A controller for one request: aborted by a newer request with the same id or by the caller's signal. */
  const start = (opts: RequestOptions): { controller: AbortController; done: () => void } => {
    const controller = new AbortController();
    if (opts.id !== undefined) {
      inFlight.get(opts.id)?.abort();
      inFlight.set(opts.id, controller);
    }
    const onOuterAbort = (): void => controller.abort();
    if (opts.signal) {
      if (opts.signal.aborted) controller.abort();
      else opts.signal.addEventListener('abort', onOuterAbort, { once: true });
    }
    const done = (): void => {
      opts.signal?.removeEventListener('abort', onOuterAbort);
      if (opts.id !== undefined && inFlight.get(opts.id) === controller) inFlight.delete(opts.id);
    };
    return { controller, done };
  };

  async function request(opts: RequestOptions & { schema?: ResponseSchema | undefined }): Promise<unknown> {
    const api = opts.api ?? 'scheduler';
    const method = opts.method ?? 'GET';
    const logPath = joinForLog(options.baseUrls[api], opts.path);
    const { controller, done } = start(opts);
    const startedAt = now();
    const finish = (status: number | null, error: ApiError | null): void => {
      if (error) console.error(`[api] ${method} ${logPath} failed: ${status ?? 'no response'} ${error.code}`);
      if (opts.report === false) return;
      report({
        requestId: opts.id,
        api,
        method,
        path: logPath,
        status,
        ok: error === null,
        errorCode: error?.code,
        durationMs: Math.max(0, now() - startedAt),
        trackPayload: opts.trackPayload,
      });
    };

    try {
      let response: Answer;
      try {
        if (controller.signal.aborted) throw cancelledError();
        response = await send(api, method, opts, controller.signal);
      } catch (error) {
        const apiError = controller.signal.aborted ? cancelledError() : toApiError(error);
        if (apiError.cancelled) console.info(`[api] ${method} ${logPath} cancelled`);
        else finish(apiError.status, apiError);
        if (!apiError.cancelled) await prepareFailure();
        throw apiError;
      }
      if (!opts.schema) {
        finish(response.status, null);
        return response.data;
      }
      const parsed = await opts.schema.safeParse(response.data);
      if (!parsed.success) {
        const apiError = new ApiError(
          { error: { code: CLIENT_ERROR_CODES.invalidResponse, message: GENERIC_MESSAGE } },
          response.status,
        );
        finish(response.status, apiError);
        await prepareFailure();
        throw apiError;
      }
      finish(response.status, null);
      return parsed.data;
    } finally {
      done();
    }
  }

  return {
    request,
    abortRequest: (id: string): void => {
      inFlight.get(id)?.abort();
    },
    setOnTrack: (hook: TrackHook | null): void => {
      onTrack = hook;
    },
    setBeforeFailure: (hook): void => {
      beforeFailure = hook;
    },
  };
}

export const apiClient: ApiClient = createApiClient({
  baseUrls: {
    scheduler: appConfig.schedulerApiUrl,
    config: appConfig.configApiUrl,
    patientManagement: appConfig.patientManagementApiUrl,
    track: appConfig.trackUrl,
  },
});

export const request: ApiClient['request'] = apiClient.request;
export const abortRequest: ApiClient['abortRequest'] = apiClient.abortRequest;
export const setOnTrack: ApiClient['setOnTrack'] = apiClient.setOnTrack;
export const setBeforeFailure: ApiClient['setBeforeFailure'] = apiClient.setBeforeFailure;
