import { Suspense, type ComponentType, type LazyExoticComponent, type ReactElement } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { BookingShell } from '../features/booking/booking-shell';
import { ProtectedBookingStep } from '../features/booking/protected-booking-step';
import { appConfig, type AppConfig } from '../lib/config';
import { lazyScreen } from './lazy-screen';
import { RouteErrorBoundary } from './route-error-screen';
import { BookingIndexRedirect, EmbeddedOnly, RequireAdminSession, RootIndex } from './route-guards';

/*
 * Route table of spec section 2. Every screen is loaded on demand (one chunk per screen), with a
 * centred 'Loading...' while it loads and a load error after 120 s. The booking layout is static
 * (so the landing loads in one round trip); admin code is only ever imported from here,
 * dynamically, so none of it reaches the booking chunks.
 */

/**
 * A lazy screen inside Material UI's theme (unless `mui: false`): the theme loads with the screen's
 * own code (in parallel), so the booking landing, drawn with plain elements, does not load it.
 */
function themedScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { mui = true }: { mui?: boolean } = {},
): LazyExoticComponent<ComponentType<P>> {
  return lazyScreen(async () => {
    const [Screen, muiScope] = await Promise.all([load(), mui ? import('./mui-scope') : null]);
    return muiScope ? muiScope.withMuiScope(Screen) : Screen;
  });
}

// Shared
const NotFoundScreen = lazyScreen(async () => (await import('./not-found-screen')).NotFoundScreen);
const RootPage = lazyScreen(async () => (await import('./root-page')).RootPage);

// Booking
const LandingScreen = lazyScreen(
  async () => (await import('../features/booking/landing/landing-screen')).LandingScreen,
);
// Drawn with plain elements; its filters and dialogs bring Material UI's theme when they load.
const FindAppointmentScreen = themedScreen(
  async () =>
    (await import('../features/booking/find-appointment/find-appointment-screen')).FindAppointmentScreen,
  { mui: false },
);
const AdditionalDetailsScreen = themedScreen(
  async () =>
    (await import('../features/booking/additional-details/additional-details-screen'))
      .AdditionalDetailsScreen,
);
const InsuranceScreen = themedScreen(
  async () => (await import('../features/booking/insurance/insurance-screen')).InsuranceScreen,
);
const IdentityScreen = themedScreen(
  async () => (await import('../features/booking/identity/identity-screen')).IdentityScreen,
);
const ThankYouScreen = themedScreen(
  async () => (await import('../features/booking/thank-you/thank-you-screen')).ThankYouScreen,
);

// Patient self-service (issue 18): the manage link and the waitlist claim link, outside the stepper.
const ManageScreen = themedScreen(
  async () => (await import('../features/booking/manage/manage-screen')).ManageScreen,
);
const ClaimScreen = themedScreen(
  async () => (await import('../features/booking/claim/claim-screen')).ClaimScreen,
);

// Widget
const WidgetScreen = themedScreen(
  async () => (await import('../features/widget/widget-screen')).WidgetScreen,
);

// Admin
const AdminLoginScreen = themedScreen(
  async () => (await import('../features/admin/login/admin-login-screen')).AdminLoginScreen,
);
// Staff accounts (issue 15): pages opened from e-mailed links (token in the URL fragment) and the own account.
const AcceptInvitationScreen = themedScreen(
  async () => (await import('../features/admin/login/accept-invitation-screen')).AcceptInvitationScreen,
);
const ForgotPasswordScreen = themedScreen(
  async () => (await import('../features/admin/login/forgot-password-screen')).ForgotPasswordScreen,
);
const ResetPasswordScreen = themedScreen(
  async () => (await import('../features/admin/login/reset-password-screen')).ResetPasswordScreen,
);
const AccountScreen = themedScreen(
  async () => (await import('../features/admin/account/account-screen')).AccountScreen,
);
const AdminHomeScreen = themedScreen(
  async () => (await import('../features/admin/home/admin-home-screen')).AdminHomeScreen,
);
const AdminShell = themedScreen(async () => (await import('../features/admin/admin-shell')).AdminShell);
const BlankScreen = themedScreen(
  async () => (await import('../features/admin/home/blank-screen')).BlankScreen,
);
const ManageSchedulerScreen = themedScreen(
  async () => (await import('../features/admin/scheduler/manage-scheduler-screen')).ManageSchedulerScreen,
);
const ProviderControlScreen = themedScreen(
  async () => (await import('../features/admin/providers/provider-control-screen')).ProviderControlScreen,
);
const EditProviderScreen = themedScreen(
  async () => (await import('../features/admin/providers/edit-provider-screen')).EditProviderScreen,
);
const WaitlistScreen = themedScreen(
  async () => (await import('../features/admin/waitlist/waitlist-screen')).WaitlistScreen,
);
const ConfigServicesScreen = themedScreen(
  async () => (await import('../features/admin/services/config-services-screen')).ConfigServicesScreen,
);
const InsuranceConfigScreen = themedScreen(
  async () => (await import('../features/admin/insurance/insurance-config-screen')).InsuranceConfigScreen,
);
const LocationConfigScreen = themedScreen(
  async () => (await import('../features/admin/locations/location-config-screen')).LocationConfigScreen,
);
const ReportsScreen = themedScreen(
  async () => (await import('../features/admin/reports/reports-screen')).ReportsScreen,
);
const WidgetConfigScreen = themedScreen(
  async () => (await import('../features/admin/widget/widget-config-screen')).WidgetConfigScreen,
);
const PatientsScreen = themedScreen(
  async () => (await import('../features/admin/patients/patients-screen')).PatientsScreen,
);
const PatientDetailsScreen = themedScreen(
  async () => (await import('../features/admin/patients/patient-details-screen')).PatientDetailsScreen,
);
const UsersScreen = themedScreen(
  async () => (await import('../features/admin/users/users-screen')).UsersScreen,
);
const AuditLogScreen = themedScreen(
  async () => (await import('../features/admin/audit/audit-log-screen')).AuditLogScreen,
);
const MessagesScreen = themedScreen(
  async () => (await import('../features/admin/messages/messages-screen')).MessagesScreen,
);
const MessageSettingsScreen = themedScreen(
  async () => (await import('../features/admin/messages/message-settings-screen')).MessageSettingsScreen,
);

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
          element: <RootIndex home={screen(AdminHomeScreen)} publicPage={screen(RootPage)} />,
        },
        { path: config.adminLoginPath, element: screen(AdminLoginScreen) },
        { path: 'admin/accept-invitation', element: screen(AcceptInvitationScreen) },
        { path: 'admin/forgot-password', element: screen(ForgotPasswordScreen) },
        { path: 'admin/reset-password', element: screen(ResetPasswordScreen) },
        { path: '404', element: screen(NotFoundScreen) },
        { path: ':clientName/:scheduler/manage/:token', element: screen(ManageScreen) },
        { path: ':clientName/:scheduler/claim/:token', element: screen(ClaimScreen) },
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
          path: 'admin/:ClientId/:ruleId',
          element: (
            <RouteErrorBoundary area="admin">
              <RequireAdminSession>{screen(AdminShell)}</RequireAdminSession>
            </RouteErrorBoundary>
          ),
          children: [
            { index: true, element: screen(BlankScreen) },
            { path: 'managescheduler', element: screen(ManageSchedulerScreen) },
            { path: 'providercontrol', element: screen(ProviderControlScreen) },
            { path: 'providercontroleditprovider', element: screen(EditProviderScreen) },
            { path: 'waitlist', element: screen(WaitlistScreen) },
            { path: 'configservices', element: screen(ConfigServicesScreen) },
            { path: 'insuranceconfig', element: screen(InsuranceConfigScreen) },
            { path: 'locationconfig', element: screen(LocationConfigScreen) },
            { path: 'reports', element: screen(ReportsScreen) },
            { path: 'widget', element: screen(WidgetConfigScreen) },
            { path: 'blank', element: screen(BlankScreen) },
            { path: 'patients', element: screen(PatientsScreen) },
            { path: 'patientdetails/:patientId/:appointmentId', element: screen(PatientDetailsScreen) },
            { path: 'users', element: screen(UsersScreen) },
            { path: 'account', element: screen(AccountScreen) },
            { path: 'auditlog', element: screen(AuditLogScreen) },
            { path: 'messages', element: screen(MessagesScreen) },
            { path: 'messagesettings', element: screen(MessageSettingsScreen) },
          ],
        },
        { path: '*', element: screen(NotFoundScreen) },
      ],
    },
  ];
}
