import type { ComponentType } from 'react';
import { lazyScreen, type PreloadableScreen } from './lazy-screen';

/**
 * A lazy screen inside Material UI's theme (unless `mui: false`): the theme loads with the screen's
 * own code (in parallel), so the booking landing, drawn with plain elements, does not load it. The
 * loader's `ready` (i18n/catalogs.ts withCatalog) passes on to lazyScreen.
 */
export function themedScreen<P extends object>(
  load: (() => Promise<ComponentType<P>>) & { ready?: () => boolean },
  { mui = true }: { mui?: boolean } = {},
): PreloadableScreen<P> {
  return lazyScreen(
    async () => {
      const [Screen, muiScope] = await Promise.all([load(), mui ? import('./mui-scope') : null]);
      return muiScope ? muiScope.withMuiScope(Screen) : Screen;
    },
    { ready: load.ready },
  );
}
