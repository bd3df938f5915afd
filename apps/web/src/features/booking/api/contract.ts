import type * as SchedulerContractModule from '@scheduler/contract/scheduler-api';
import { isApiError } from '../../../lib/api-client';
import { fieldErrorsOf } from '../../../lib/api-errors';
import { translateClientText, translateErrorText, translateServerText } from './server-texts';

/**
 * The API contract (zod schemas of `@scheduler/contract/scheduler-api`), as types: the answers are
 * checked by the requests' `schema` (contract-validation.ts `contractSchema`, in a worker), so zod
 * is neither part of the booking pages' script nor run on their main thread.
 */
export type SchedulerContract = typeof SchedulerContractModule;

const INVALID_MESSAGE = 'Something went wrong. Please try again.';

export interface ShownError {
  code: string;
  message: string;
  status: number | null;
  /** Per-field messages of a VALIDATION error, by dotted path ('patient.email'). */
  fields: { path: string; message: string }[];
}

/**
 * What to show for a failed call: the server's message (the spec's texts for refusals), in the
 * active language when it is one of the known texts (lib/error-texts.ts,
 * loaded by the API client before any call fails: server-texts.ts).
 */
export function shownErrorOf(error: unknown): ShownError {
  if (isApiError(error)) {
    return {
      code: error.code,
      message: translateErrorText(error.code, error.body.error.message),
      status: error.status,
      fields: fieldErrorsOf(error.body).map(({ path, message }) => ({
        path,
        message: translateServerText(message),
      })),
    };
  }
  return { code: 'UNKNOWN', message: translateClientText(INVALID_MESSAGE), status: null, fields: [] };
}

export function isCancelled(error: unknown): boolean {
  return isApiError(error) && error.cancelled;
}
