import { i18n } from '../../../../i18n/catalogs';
import { msg } from '@lingui/core/macro';
import { isApiError, request, type RequestOptions, type ResponseSchema } from '../../../../lib/api-client';
import { clearAuthSession } from '../../../../lib/auth-session';
import { staffErrorText } from '../contract-texts';

/**
 * Every admin call goes through `adminRequest`: a 401 from any of them forgets the browser's
 * session and tells the listeners (the admin shell and home send the user to the login screen).
 */

type Listener = () => void;
const unauthenticatedListeners = new Set<Listener>();

/** Subscribes to "the server no longer knows this session"; returns the unsubscribe function. */
export function onUnauthenticated(listener: Listener): () => void {
  unauthenticatedListeners.add(listener);
  return () => {
    unauthenticatedListeners.delete(listener);
  };
}

export function isUnauthenticated(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

function handleFailure(error: unknown): never {
  if (isUnauthenticated(error)) {
    clearAuthSession();
    for (const listener of unauthenticatedListeners) listener();
  }
  throw error;
}

export function adminRequest<T>(options: RequestOptions & { schema: ResponseSchema<T> }): Promise<T>;
export function adminRequest(options: RequestOptions & { schema?: undefined }): Promise<unknown>;
export async function adminRequest(
  options: RequestOptions & { schema?: ResponseSchema | undefined },
): Promise<unknown> {
  try {
    return options.schema
      ? await request({ ...options, schema: options.schema })
      : await request({ ...options, schema: undefined });
  } catch (error) {
    return handleFailure(error);
  }
}

/**
 * The message to show for a failed call: the server's own message (conflicts, lock-outs), in the
 * active language where it is known (contract-texts.ts), or a generic one.
 */
export function errorMessageOf(error: unknown, fallback?: string): string {
  const text = fallback ?? i18n._(msg`Something went wrong. Please try again.`);
  if (isApiError(error)) return error.message ? staffErrorText(error.code, error.message) : text;
  return text;
}

/** True for a stale edit (someone else saved first). */
export function isConflict(error: unknown): boolean {
  return isApiError(error) && error.status === 409;
}
