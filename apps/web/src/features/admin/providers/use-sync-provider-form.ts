import { useEffect } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';

/**
 * Keeps a provider form in step with the provider last read: an untouched form shows the new values;
 * a form with unsaved edits keeps them and only takes the new `version` (another section was saved).
 */
export function useSyncProviderForm<T extends FieldValues & { version: number }, TOut>(
  form: Pick<UseFormReturn<T, unknown, TOut>, 'reset' | 'setValue' | 'formState'>,
  initial: T,
): void {
  const { reset, setValue, formState } = form;
  const dirty = formState.isDirty;
  useEffect(() => {
    if (dirty) setValue('version' as Path<T>, initial.version as PathValue<T, Path<T>>);
    else reset(initial);
  }, [dirty, initial, reset, setValue]);
}
