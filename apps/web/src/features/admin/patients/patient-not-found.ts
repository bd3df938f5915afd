import { isApiError } from '../../../lib/api-client';

/** The patient or appointment id is unknown in this practice (or not an id at all). */
export function isNotFound(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}
