import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyScreen } from './lazy-screen';

/**
 * A lazy screen inside Material UI's theme (unless `mui: false`): the theme loads with the screen's
 * own code (in parallel), so the booking landing, drawn with plain elements, does not load it.
 */
export function themedScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { mui = true }: { mui?: boolean } = {},
): LazyExoticComponent<ComponentType<P>> {
  return lazyScreen(async () => {
    const [Screen, muiScope] = await Promise.all([load(), mui ? import('./mui-scope') : null]);
    return muiScope ? muiScope.withMuiScope(Screen) : Screen;
  });
}
