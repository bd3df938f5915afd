import { Suspense, type ComponentType, type LazyExoticComponent, type ReactElement } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { BookingShell } from '../features/booking/booking-shell';
import { ProtectedBookingStep } from '../features/booking/protected-booking-step';
import { appConfig, type AppConfig } from '../lib/config';
import type { AdminScreenName } from './admin-screens';
import { withCatalog } from '../i18n/catalogs';
import { lazyScreen, type PreloadableScreen } from './lazy-screen';
import type { OutsideScreenName } from './outside-screens';
import { RouteErrorBoundary } from './route-error-screen';
import { themedScreen } from './themed-screen';
import { BookingIndexRedirect, EmbeddedOnly, RootIndex } from './route-guards';

/*
 * Route table of spec section 2. Every screen is loaded on demand (one chunk per screen), with a
 * centred 'Loading...' while it loads and a load error after 120 s. The booking layout is static
 * (so the landing loads in one round trip); admin code is only ever imported from here,
 * dynamically, through admin-screens.tsx, so none of it (not even its chunk names) reaches the
 * booking page's first script.
 */

// Shared
const NotFoundScreen = lazyScreen(async () => (await import('./not-found-screen')).NotFoundScreen);

// Booking
const LandingScreen = lazyScreen(
  async () => (await import('../features/booking/landing/landing-screen')).LandingScreen,
);
// Drawn with plain elements; its filters and dialogs bring Material UI's theme when they load.
const FindAppointmentScreen = themedScreen(
  withCatalog(
    'booking',
    async () =>
      (await import('../features/booking/find-appointment/find-appointment-screen')).FindAppointmentScreen,
  ),
  { mui: false },
);
const AdditionalDetailsScreen = themedScreen(
  withCatalog(
    'booking',
    async () =>
      (await import('../features/booking/additional-details/additional-details-screen'))
        .AdditionalDetailsScreen,
  ),
);
const InsuranceScreen = themedScreen(
  withCatalog(
    'booking',
    async () => (await import('../features/booking/insurance/insurance-screen')).InsuranceScreen,
  ),
);
const IdentityScreen = themedScreen(
  withCatalog(
    'booking',
    async () => (await import('../features/booking/identity/identity-screen')).IdentityScreen,
  ),
);
const ThankYouScreen = themedScreen(
  withCatalog(
    'booking',
    async () => (await import('../features/booking/thank-you/thank-you-screen')).ThankYouScreen,
  ),
);

// Widget
const WidgetScreen = themedScreen(
  async () => (await import('../features/widget/widget-screen')).WidgetScreen,
);

// Admin: the screens' table is one more chunk, loaded with the first admin screen (see admin-screens.tsx).
const adminScreens = withCatalog('admin', async () => (await import('./admin-screens')).AdminScreen);
const AdminScreens = lazyScreen(adminScreens, { ready: adminScreens.ready });
const adminArea = withCatalog('admin', async () => (await import('./admin-screens')).AdminArea);
const AdminArea = lazyScreen(adminArea, { ready: adminArea.ready });

// The root page and the manage/claim link pages: the same, through outside-screens.tsx.
const outsideScreens = withCatalog('booking', async () => (await import('./outside-screens')).OutsideScreen);
const OutsideScreens = lazyScreen(outsideScreens, { ready: outsideScreens.ready });

/** The booking steps' screens, by the URL's last segment. */
const BOOKING_STEP_SCREENS: Readonly<Record<string, PreloadableScreen<object>>> = {
  landing: LandingScreen,
  findappointment: FindAppointmentScreen,
  additionaldetails: AdditionalDetailsScreen,
  insurance: InsuranceScreen,
  identity: IdentityScreen,
  thankyou: ThankYouScreen,
};

/**
 * Starts loading a booking step's screen (main.tsx, for the URL's step, with its catalog): once
 * loaded it renders at once, without the 'Loading...' fallback (app/lazy-screen.ts).
 */
export function preloadBookingStep(step: string): void {
  if (!Object.hasOwn(BOOKING_STEP_SCREENS, step)) return;
  BOOKING_STEP_SCREENS[step]?.preload().catch(() => undefined);
}

function outsideScreen(name: OutsideScreenName): ReactElement {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <OutsideScreens name={name} />
    </Suspense>
  );
}

function adminScreen(name: AdminScreenName): ReactElement {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <AdminScreens name={name} />
    </Suspense>
  );
}

function screen(Screen: LazyExoticComponent<ComponentType>): ReactElement {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Screen />
    </Suspense>
  );
}

/** The booking steps (index → landing, then the six steps): in the booking shell, directly or in the widget. */
function bookingStepRoutes(): RouteObject[] {
  return [
    { index: true, element: <BookingIndexRedirect /> },
    { path: 'landing', element: screen(LandingScreen) },
    {
      path: 'findappointment',
      element: (
        <ProtectedBookingStep step="findappointment">{screen(FindAppointmentScreen)}</ProtectedBookingStep>
      ),
    },
    {
      path: 'additionaldetails',
      element: (
        <ProtectedBookingStep step="additionaldetails">
          {screen(AdditionalDetailsScreen)}
        </ProtectedBookingStep>
      ),
    },
    {
      path: 'insurance',
      element: <ProtectedBookingStep step="insurance">{screen(InsuranceScreen)}</ProtectedBookingStep>,
    },
    {
      path: 'identity',
      element: <ProtectedBookingStep step="identity">{screen(IdentityScreen)}</ProtectedBookingStep>,
    },
    {
      path: 'thankyou',
      element: <ProtectedBookingStep step="thankyou">{screen(ThankYouScreen)}</ProtectedBookingStep>,
    },
  ];
}

function RootLayout() {
  return (
    <RouteErrorBoundary area="root">
      <Outlet />
    </RouteErrorBoundary>
  );
}

function BookingLayout() {
  return (
    <RouteErrorBoundary area="booking">
      <Outlet />
    </RouteErrorBoundary>
  );
}

export function createRoutes(config: Pick<AppConfig, 'adminLoginPath'> = appConfig): RouteObject[] {
  return [
    {
      path: '/',
      element: <RootLayout />,
      children: [
        {
          index: true,
          element: <RootIndex home={adminScreen('home')} publicPage={outsideScreen('root')} />,
        },
        { path: config.adminLoginPath, element: adminScreen('login') },
        { path: 'admin/accept-invitation', element: adminScreen('acceptInvitation') },
        { path: 'admin/forgot-password', element: adminScreen('forgotPassword') },
        { path: 'admin/reset-password', element: adminScreen('resetPassword') },
        { path: '404', element: screen(NotFoundScreen) },
        { path: ':clientName/:scheduler/manage/:token', element: outsideScreen('manage') },
        { path: ':clientName/:scheduler/claim/:token', element: outsideScreen('claim') },
        {
          path: ':clientName/:scheduler/:location',
          element: <BookingLayout />,
          children: [
            { element: <BookingShell />, children: bookingStepRoutes() },
            {
              // The widget: only inside a frame (else /404); it wraps the same shell and steps
              // (/…/widget/landing …) with the embed bridge and its context.
              path: 'widget',
              element: <EmbeddedOnly>{screen(WidgetScreen)}</EmbeddedOnly>,
              children: [{ element: <BookingShell />, children: bookingStepRoutes() }],
            },
          ],
        },
        {
          // The signed-in admin area: its sections' routes are declared in its own chunk
          // (admin-screens.tsx ADMIN_AREA_ROUTES, rendered by AdminArea below this route), so none of
          // them is in the booking page's first script. These children (no elements) only make this
          // route match every URL below it, and outrank the booking routes as the full table did:
          // the bare URL (the blank section) and 'widget' (also a booking path).
          path: 'admin/:ClientId/:ruleId',
          element: <RouteErrorBoundary area="admin">{screen(AdminArea)}</RouteErrorBoundary>,
          children: [{ index: true }, { path: 'widget' }, { path: '*' }],
        },
        { path: '*', element: screen(NotFoundScreen) },
      ],
    },
  ];
}
