import { Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { LoadingScreen } from '../components/loading-screen';
import { lazyScreen } from './lazy-screen';
import { themedScreen } from './themed-screen';

/*
 * The public screens outside the booking flow: the root page, and the patient's manage-link and
 * claim-link pages (issue 18), each loaded on demand. Like admin-screens.tsx, this table is itself
 * loaded on demand by the route table (router.tsx keeps the paths), so the booking landing's first
 * script does not carry their chunk lists (issue 16).
 */

const SCREENS = {
  root: lazyScreen(async () => (await import('./root-page')).RootPage),
  // Patient self-service (issue 18): the manage link and the waitlist claim link, outside the stepper.
  manage: themedScreen(async () => (await import('../features/booking/manage/manage-screen')).ManageScreen),
  claim: themedScreen(async () => (await import('../features/booking/claim/claim-screen')).ClaimScreen),
} satisfies Record<string, LazyExoticComponent<ComponentType>>;

export type OutsideScreenName = keyof typeof SCREENS;

/** One of these screens by name, with the centred 'Loading...' while its code loads. */
export function OutsideScreen({ name }: { name: OutsideScreenName }) {
  const Screen = SCREENS[name];
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Screen />
    </Suspense>
  );
}
