import {
  ApiError,
  CLIENT_ERROR_CODES,
  isApiError,
  request,
  type RequestOptions,
  type ResponseSchema,
} from '../../../lib/api-client';
import type * as SchedulerContractModule from '@scheduler/domain/schemas/scheduler-api';

/**
 * The API contract (zod schemas of `@scheduler/domain/schemas/scheduler-api`) is loaded with the
 * first answer it checks, in parallel with the request, so zod is not part of the landing page's
 * first script.
 */
export type SchedulerContract = typeof SchedulerContractModule;

export function loadContract(): Promise<SchedulerContract> {
  return import('@scheduler/domain/schemas/scheduler-api');
}

const INVALID_MESSAGE = 'Something went wrong. Please try again.';

/** A request whose answer is checked against the schema `pick` chooses from the contract. */
export async function fetchChecked<T>(
  options: RequestOptions & { schema?: undefined },
  pick: (contract: SchedulerContract) => ResponseSchema<T>,
): Promise<T> {
  const [data, contract] = await Promise.all([request(options), loadContract()]);
  const parsed = pick(contract).safeParse(data);
  if (!parsed.success) {
    console.error(`[api] ${options.method ?? 'GET'} ${options.path}: the answer does not match the contract`);
    throw new ApiError(
      { error: { code: CLIENT_ERROR_CODES.invalidResponse, message: INVALID_MESSAGE } },
      200,
    );
  }
  return parsed.data;
}

export interface ShownError {
  code: string;
  message: string;
  status: number | null;
  /** Per-field messages of a VALIDATION error, by dotted path ('patient.email'). */
  fields: { path: string; message: string }[];
}

function fieldsOf(details: unknown): ShownError['fields'] {
  if (typeof details !== 'object' || details === null) return [];
  const fields = (details as { fields?: unknown }).fields;
  if (!Array.isArray(fields)) return [];
  return fields.flatMap((field: unknown) => {
    if (typeof field !== 'object' || field === null) return [];
    const { path, message } = field as { path?: unknown; message?: unknown };
    return typeof path === 'string' && typeof message === 'string' ? [{ path, message }] : [];
  });
}

/** What to show for a failed call: the server's message (the spec's texts for refusals). */
export function shownErrorOf(error: unknown): ShownError {
  if (isApiError(error)) {
    return {
      code: error.code,
      message: error.body.error.message,
      status: error.status,
      fields: fieldsOf(error.body.error.details),
    };
  }
  return { code: 'UNKNOWN', message: INVALID_MESSAGE, status: null, fields: [] };
}

export function isCancelled(error: unknown): boolean {
  return isApiError(error) && error.cancelled;
}
