import {
  ApiError,
  CLIENT_ERROR_CODES,
  isApiError,
  request,
  type RequestOptions,
} from '../../../lib/api-client';
import type * as SchedulerContractModule from '@scheduler/contract/scheduler-api';
import type { SchedulerSettings } from '@scheduler/domain/settings';

import { checkAgainstContract, type ContractOutput, type ContractSchemaName } from './contract-validation';

/**
 * The API contract (zod schemas of `@scheduler/contract/scheduler-api`). The answers of
 * fetchChecked are checked in a worker (contract-validation.ts), so zod is neither part of the
 * booking pages' first script nor run on their main thread; the later steps load the contract for
 * their requests' bodies.
 */
export type SchedulerContract = typeof SchedulerContractModule;

export function loadContract(): Promise<SchedulerContract> {
  return import('@scheduler/contract/scheduler-api');
}

const INVALID_MESSAGE = 'Something went wrong. Please try again.';

function invalidAnswer(options: RequestOptions): ApiError {
  console.error(`[api] ${options.method ?? 'GET'} ${options.path}: the answer does not match the contract`);
  return new ApiError({ error: { code: CLIENT_ERROR_CODES.invalidResponse, message: INVALID_MESSAGE } }, 200);
}

/** A request whose answer is checked against the contract's schema `schema`. */
export async function fetchChecked<N extends ContractSchemaName>(
  options: RequestOptions & { schema?: undefined },
  schema: N,
): Promise<ContractOutput<N>> {
  const checked = await checkAgainstContract(schema, await request(options));
  if (!checked.success) throw invalidAnswer(options);
  return checked.data;
}

/** fetchChecked for getConfig: the answer, and the first rulesConfig item's settings resolved. */
export async function fetchCheckedConfig(
  options: RequestOptions & { schema?: undefined },
): Promise<{ data: ContractOutput<'getConfigResponseSchema'>; settings: SchedulerSettings | null }> {
  const checked = await checkAgainstContract('getConfigResponseSchema', await request(options), 'settings');
  if (!checked.success) throw invalidAnswer(options);
  return { data: checked.data, settings: checked.settings ?? null };
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
