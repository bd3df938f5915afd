/*
 * The answers every catalogue edit shares: a missing record (404), a refused delete (409) and a
 * field error (400 VALIDATION with the field's path).
 */
import { DomainError } from '@scheduler/domain/errors';
import type { DeleteOutcome } from './record-writes-repository.ts';

export function fieldError(path: string, message: string): DomainError {
  return new DomainError('VALIDATION', undefined, { fields: [{ path, message }] });
}

export function assertDeleted(outcome: DeleteOutcome, inUseMessage: string): void {
  if (outcome === 'not-found') throw new DomainError('NOT_FOUND');
  if (outcome === 'in-use') throw new DomainError('CONFLICT', inUseMessage);
}

/** The record, or NOT_FOUND. */
export function found<Record>(record: Record | undefined): Record {
  if (record === undefined) throw new DomainError('NOT_FOUND');
  return record;
}
