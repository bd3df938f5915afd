import type { AxiosAdapter, AxiosInstance, AxiosResponse, AxiosStatic } from 'axios';
import { readBearerToken } from './auth-session';
import { appConfig } from './config';

/**
 * HTTP client of the web app: one axios instance per backend, cancellation by request id,
 * errors mapped to the shared wire shape `{error: {code, message, details?}}`, and a tracking hook.
 * axios itself is loaded on the first request, so it is not part of the first page's script. The
 * booking flow's APIs (scheduler, track) go through `fetch` instead, with axios's behaviour (query
 * string, JSON bodies and answers, credentials, the bearer token and the XSRF cookie echoed as a
 * header), so the booking pages never load axios.
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
  /** Test seam: replaces the network adapter of every instance. */
  adapter?: AxiosAdapter | undefined;
  now?: () => number;
  /** How axios is loaded (default: a dynamic import on first use). */
  loadAxios?: () => Promise<AxiosStatic>;
  /**
   * The APIs sent with `fetch` rather than axios (default: scheduler and track, the booking flow's;
   * none when `adapter` is given). Tests may pass their own `fetchImpl`.
   */
  fetchApis?: readonly ApiName[];
  fetchImpl?: typeof fetch;
}

/** Cookie and header of the XSRF token (the names axios is configured with below). */
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

/** axios's URL: base + '/' + path (the base alone for an empty path), then the query string. */
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

/** What a fetch failure looks like to `toApiError` (axios's error shape). */
function fetchError(
  message: string,
  code: string,
  response: AxiosLikeError['response'],
  cause?: unknown,
): Error & AxiosLikeError {
  return Object.assign(new Error(message, { cause }), { isAxiosError: true as const, code, response });
}

/** Anything with zod's safeParse (a classic or mini zod schema) that validates a response. */
export interface ResponseSchema<T = unknown> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: unknown };
}

export interface ApiClient {
  /** The axios instance of one backend (created on first use). */
  readonly getInstance: (api: ApiName) => Promise<AxiosInstance>;
  readonly request: {
    <T>(options: RequestOptions & { schema: ResponseSchema<T> }): Promise<T>;
    (options: RequestOptions & { schema?: undefined }): Promise<unknown>;
  };
  /** Aborts the in-flight request with this id, if any. */
  readonly abortRequest: (id: string) => void;
  /** Installs the tracking hook (analytics does this); null removes it. */
  readonly setOnTrack: (hook: TrackHook | null) => void;
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

interface AxiosLikeError {
  isAxiosError: true;
  code?: string | undefined;
  response?: { status: number; data: unknown } | undefined;
}

function isAxiosLikeError(error: unknown): error is AxiosLikeError {
  return (
    typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true
  );
}

function isCancelLike(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { __CANCEL__?: unknown }).__CANCEL__ === true
  );
}

/** Maps anything thrown by axios (or our own code) to an ApiError carrying the wire shape. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isCancelLike(error)) return cancelledError();
  if (isAxiosLikeError(error)) {
    if (error.code === 'ERR_CANCELED') return cancelledError();
    const response = error.response;
    if (!response) {
      return new ApiError({ error: { code: CLIENT_ERROR_CODES.network, message: NETWORK_MESSAGE } }, null);
    }
    if (isWireErrorBody(response.data)) {
      const { code, message, details } = response.data.error;
      const wire: WireError = details === undefined ? { code, message } : { code, message, details };
      return new ApiError({ error: wire }, response.status);
    }
    return new ApiError(
      { error: { code: codeForStatus(response.status), message: GENERIC_MESSAGE } },
      response.status,
    );
  }
  return new ApiError({ error: { code: CLIENT_ERROR_CODES.http, message: GENERIC_MESSAGE } }, null);
}

function joinForLog(baseUrl: string, path: string): string {
  const cleanPath = path.split('?')[0] ?? '';
  if (!cleanPath) return baseUrl;
  return `${baseUrl.replace(/\/+$/, '')}/${cleanPath.replace(/^\/+/, '')}`;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const readToken = options.readToken ?? (() => readBearerToken());
  const now = options.now ?? (() => Date.now());
  const inFlight = new Map<string, AbortController>();
  let onTrack: TrackHook | null = null;
  const loadAxios = options.loadAxios ?? (async () => (await import('axios')).default);
  const fetchApis = new Set<ApiName>(
    options.fetchApis ?? (options.adapter ? [] : (['scheduler', 'track'] satisfies ApiName[])),
  );
  const fetchImpl = options.fetchImpl ?? ((input, init) => globalThis.fetch(input, init));

  /** One request through fetch, answering like axios (status and parsed body) or throwing its error shape. */
  const sendWithFetch = async (
    api: ApiName,
    method: HttpMethod,
    opts: RequestOptions,
    signal: AbortSignal,
  ): Promise<{ status: number; data: unknown }> => {
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
    } catch (error) {
      if (signal.aborted) throw cancelledError();
      // No answer: a network error, as axios reports it.
      throw fetchError('Network Error', 'ERR_NETWORK', undefined, error);
    }
    const text = await response.text();
    let data: unknown = text;
    if (text) {
      try {
        data = JSON.parse(text) as unknown;
      } catch {
        data = text; // axios keeps a body that is not JSON as text
      }
    }
    if (response.status < 200 || response.status >= 300) {
      const status = response.status;
      throw fetchError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', { status, data });
    }
    return { status: response.status, data };
  };

  const makeInstance = (axios: AxiosStatic, baseURL: string): AxiosInstance => {
    const instance = axios.create({
      baseURL,
      timeout: 0,
      responseType: 'json',
      headers: { Accept: 'application/json' },
      xsrfCookieName: 'XSRF-TOKEN',
      xsrfHeaderName: 'X-XSRF-TOKEN',
      withCredentials: true,
      ...(options.adapter ? { adapter: options.adapter } : {}),
    });
    instance.interceptors.request.use((config) => {
      const token = readToken();
      if (token) config.headers.set('Authorization', `Bearer ${token}`);
      return config;
    });
    return instance;
  };

  const instances = new Map<ApiName, Promise<AxiosInstance>>();
  const getInstance = (api: ApiName): Promise<AxiosInstance> => {
    let instance = instances.get(api);
    if (!instance) {
      instance = loadAxios().then((axios) => makeInstance(axios, options.baseUrls[api]));
      instances.set(api, instance);
      instance.catch(() => instances.delete(api)); // a failed chunk load may be retried
    }
    return instance;
  };

  const report = (outcome: RequestOutcome): void => {
    if (!onTrack) return;
    try {
      onTrack(outcome);
    } catch (hookError) {
      console.error('[api] tracking hook failed', hookError instanceof Error ? hookError.message : hookError);
    }
  };

  async function request(opts: RequestOptions & { schema?: ResponseSchema | undefined }): Promise<unknown> {
    const api = opts.api ?? 'scheduler';
    const method = opts.method ?? 'GET';
    const logPath = joinForLog(options.baseUrls[api], opts.path);
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

    const startedAt = now();
    const finish = (status: number | null, error: ApiError | null): void => {
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
      let response: Pick<AxiosResponse<unknown>, 'status' | 'data'>;
      try {
        if (fetchApis.has(api)) {
          response = await sendWithFetch(api, method, opts, controller.signal);
        } else {
          const instance = await getInstance(api);
          if (controller.signal.aborted) throw cancelledError();
          response = await instance.request<unknown>({
            method,
            url: opts.path,
            params: opts.params,
            data: opts.data,
            headers: opts.headers,
            signal: controller.signal,
          });
        }
      } catch (error) {
        const apiError = controller.signal.aborted ? cancelledError() : toApiError(error);
        if (apiError.cancelled) {
          console.info(`[api] ${method} ${logPath} cancelled`);
        } else {
          console.error(
            `[api] ${method} ${logPath} failed: ${apiError.status ?? 'no response'} ${apiError.code}`,
          );
          finish(apiError.status, apiError);
        }
        throw apiError;
      }

      if (!opts.schema) {
        finish(response.status, null);
        return response.data;
      }
      const parsed = opts.schema.safeParse(response.data);
      if (!parsed.success) {
        const apiError = new ApiError(
          { error: { code: CLIENT_ERROR_CODES.invalidResponse, message: GENERIC_MESSAGE } },
          response.status,
        );
        console.error(`[api] ${method} ${logPath} failed: ${response.status} ${apiError.code}`);
        finish(response.status, apiError);
        throw apiError;
      }
      finish(response.status, null);
      return parsed.data;
    } finally {
      opts.signal?.removeEventListener('abort', onOuterAbort);
      if (opts.id !== undefined && inFlight.get(opts.id) === controller) inFlight.delete(opts.id);
    }
  }

  return {
    getInstance,
    request,
    abortRequest: (id: string): void => {
      inFlight.get(id)?.abort();
    },
    setOnTrack: (hook: TrackHook | null): void => {
      onTrack = hook;
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
