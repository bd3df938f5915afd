import { Trans } from '@lingui/react/macro';

/** A Yes/No cell that does not rely on colour alone. */
export function YesNo({ value }: { value: boolean }) {
  return <span>{value ? <Trans>Yes</Trans> : <Trans>No</Trans>}</span>;
}
