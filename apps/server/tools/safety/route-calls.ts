/*
 * Calling routes of the catalogue as someone: anonymous, or a staff session through its cookie (with
 * or without the X-XSRF-TOKEN header) or its bearer token. Shared by the route-table tests and the
 * fuzz harness.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { App } from '../../src/app.ts';
import type { StaffLogin } from '../../src/test/staff-login.ts';
import type { CatalogueRoute } from './route-catalogue.ts';
import { injectOptions } from './sample-requests.ts';
import type { RequestParts } from './sample-parts.ts';

export type Caller =
  | { kind: 'anonymous' }
  | { kind: 'bearer'; login: StaffLogin }
  | { kind: 'cookie'; login: StaffLogin; xsrf?: string | null };

export const anonymous: Caller = { kind: 'anonymous' };
export const bearer = (login: StaffLogin): Caller => ({ kind: 'bearer', login });
export const cookie = (login: StaffLogin, xsrf?: string | null): Caller => ({
  kind: 'cookie',
  login,
  ...(xsrf === undefined ? {} : { xsrf }),
});

export function callerHeaders(caller: Caller): Record<string, string> {
  switch (caller.kind) {
    case 'anonymous':
      return {};
    case 'bearer':
      return { ...caller.login.bearerHeaders };
    case 'cookie': {
      const { login } = caller;
      const xsrf = caller.xsrf === undefined ? login.xsrf : caller.xsrf;
      const headers: Record<string, string> = {
        cookie: `sid=${login.token}; XSRF-TOKEN=${xsrf ?? login.xsrf}`,
      };
      if (xsrf !== null) headers['x-xsrf-token'] = xsrf;
      return headers;
    }
  }
}

let ipCounter = 0;

/** A client address of its own (per-IP limits and the audit trail's ip). */
export function nextIp(): string {
  ipCounter += 1;
  return `203.0.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
}

export async function call(
  app: App,
  route: CatalogueRoute,
  parts: RequestParts,
  caller: Caller,
  options: { headers?: Record<string, string>; ip?: string } = {},
): Promise<LightMyRequestResponse> {
  const request: InjectOptions = {
    ...injectOptions(route, parts),
    headers: { ...parts.headers, ...callerHeaders(caller), ...options.headers },
    remoteAddress: options.ip ?? nextIp(),
  };
  return app.inject(request);
}

export interface ErrorShape {
  code: string;
  message: string;
}

/** The `{ error: { code, message } }` of an answer, or undefined when the body has another shape. */
export function errorOf(response: LightMyRequestResponse): ErrorShape | undefined {
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return undefined;
  }
  if (typeof body !== 'object' || body === null) return undefined;
  // The FHIR API's errors (issue 20): an OperationOutcome whose first issue names its code and says why.
  if ((body as { resourceType?: unknown }).resourceType === 'OperationOutcome') {
    const [issue] = ((body as { issue?: unknown }).issue ?? []) as {
      code?: unknown;
      diagnostics?: unknown;
      details?: { text?: unknown };
    }[];
    const code = issue?.code;
    const message = issue?.diagnostics ?? issue?.details?.text;
    return typeof code === 'string' && typeof message === 'string' && code !== '' && message !== ''
      ? { code, message }
      : undefined;
  }
  if (!('error' in body)) return undefined;
  const error = body.error;
  // OAuth 2.0 token errors (RFC 6749 §5.2): { error: 'invalid_client', error_description }.
  if (typeof error === 'string') {
    const description = (body as { error_description?: unknown }).error_description;
    return error !== '' && typeof description === 'string' && description !== ''
      ? { code: error, message: description }
      : undefined;
  }
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return typeof code === 'string' && typeof message === 'string' && code !== '' && message !== ''
    ? { code, message }
    : undefined;
}

/** `status code` for failure messages. */
export function describeAnswer(response: LightMyRequestResponse): string {
  const error = errorOf(response);
  return error === undefined
    ? `${response.statusCode} ${response.body.slice(0, 120)}`
    : `${response.statusCode} ${error.code}`;
}
