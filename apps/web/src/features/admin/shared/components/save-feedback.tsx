import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { i18n } from '../../../../i18n/catalogs';
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import * as z from 'zod';
import { isApiError } from '../../../../lib/api-client';
import { fieldErrorsOf } from '../../../../lib/api-errors';
import { notify } from '../../../../lib/notify';
import { errorMessageOf, isConflict } from '../api/admin-request';

const SAVE_FAILED = msg`Your changes could not be saved. Please try again.`;

/**
 * A zod transform that validates its input with `schema` (issues keep their paths, so they land on the
 * form's fields) and outputs the schema's output: lets a form's own text values be checked by a domain schema.
 */
export function validatedAs<O>(
  schema: z.ZodType<O>,
  mapPath: (path: PropertyKey[]) => PropertyKey[] = (path) => path,
) {
  return (value: unknown, ctx: z.RefinementCtx): O => {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      ctx.addIssue({ code: 'custom', path: mapPath(issue.path), message: issue.message });
    }
    return z.NEVER;
  };
}

/** What a failed save shows: a stale edit (409) offers to reload; other errors show the server's message. */
export function SaveErrorAlert({ error, onReload }: { error: unknown; onReload?: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) ref.current?.focus();
  }, [error]);
  if (!error) return null;
  const conflict = isConflict(error);
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      severity={conflict ? 'warning' : 'error'}
      sx={{ my: 2 }}
      action={
        conflict && onReload ? (
          <Button color="inherit" size="small" onClick={onReload}>
            <Trans>Reload</Trans>
          </Button>
        ) : undefined
      }
    >
      {errorMessageOf(error, i18n._(SAVE_FAILED))}
    </Alert>
  );
}

export function notifySaved(message?: string): void {
  void notify(message ?? i18n._(msg`Changes saved`), 'success');
}

export function notifySaveFailed(error: unknown): void {
  void notify(errorMessageOf(error, i18n._(SAVE_FAILED)), 'error');
}

/**
 * Puts the server's per-field messages (`details.fields`, dotted paths) on the form's fields;
 * `mapPath` turns a server path into a form field name (undefined: no such field).
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  mapPath: (path: string) => string | undefined = (path) => path,
): boolean {
  if (!isApiError(error)) return false;
  let applied = false;
  for (const { path, message } of fieldErrorsOf(error.body)) {
    const name = mapPath(path);
    if (!name) continue;
    setError(name as Path<T>, { type: 'server', message });
    applied = true;
  }
  return applied;
}
