import { Trans } from '@lingui/react/macro';
import { Suspense, useState, type ReactNode } from 'react';
import { WithMuiTheme } from '../../../lib/theme-control';
import { useWideScreen } from './use-wide-screen';

/**
 * On phones the filters fold behind a button; from the md breakpoint they sit beside the results.
 * Folded, they are not rendered (nor their code loaded) until first shown.
 */
export function FiltersDisclosure({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState(false);
  const wide = useWideScreen();
  if ((open || wide) && !shown) setShown(true);
  return (
    <div>
      <button
        type="button"
        className="btn filters-toggle"
        aria-expanded={open}
        aria-controls="filters-region"
        onClick={() => setOpen((value) => !value)}
      >
        {open ? <Trans>Hide filters</Trans> : <Trans>Show filters</Trans>}
      </button>
      <div id="filters-region" className={open ? 'filters-body filters-body--open' : 'filters-body'}>
        {shown ? (
          <Suspense fallback={null}>
            <WithMuiTheme>{children}</WithMuiTheme>
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
