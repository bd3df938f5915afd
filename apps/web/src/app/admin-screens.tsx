import { Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { lazyScreen } from './lazy-screen';
import { RequireAdminSession } from './route-guards';
import { themedScreen } from './themed-screen';

/*
 * The admin area's screens (staff sign-in, the admin home and shell, and every admin section),
 * each loaded on demand. This table is itself loaded on demand by the route table (router.tsx,
 * which keeps the admin area's own paths; the sections' paths are in AdminArea below), so none of it
 * is in the booking page's first script (issue 16).
 */

const SCREENS = {
  login: themedScreen(
    async () => (await import('../features/admin/login/admin-login-screen')).AdminLoginScreen,
  ),
  // Staff accounts (issue 15): pages opened from e-mailed links (token in the URL fragment) and the own account.
  acceptInvitation: themedScreen(
    async () => (await import('../features/admin/login/accept-invitation-screen')).AcceptInvitationScreen,
  ),
  forgotPassword: themedScreen(
    async () => (await import('../features/admin/login/forgot-password-screen')).ForgotPasswordScreen,
  ),
  resetPassword: themedScreen(
    async () => (await import('../features/admin/login/reset-password-screen')).ResetPasswordScreen,
  ),
  account: themedScreen(async () => (await import('../features/admin/account/account-screen')).AccountScreen),
  home: themedScreen(async () => (await import('../features/admin/home/admin-home-screen')).AdminHomeScreen),
  shell: themedScreen(async () => (await import('../features/admin/admin-shell')).AdminShell),
  blank: themedScreen(async () => (await import('../features/admin/home/blank-screen')).BlankScreen),
  schedule: themedScreen(
    async () => (await import('../features/admin/schedule/schedule-screen')).ScheduleScreen,
  ),
  manageScheduler: themedScreen(
    async () => (await import('../features/admin/scheduler/manage-scheduler-screen')).ManageSchedulerScreen,
  ),
  providerControl: themedScreen(
    async () => (await import('../features/admin/providers/provider-control-screen')).ProviderControlScreen,
  ),
  editProvider: themedScreen(
    async () => (await import('../features/admin/providers/edit-provider-screen')).EditProviderScreen,
  ),
  waitlist: themedScreen(
    async () => (await import('../features/admin/waitlist/waitlist-screen')).WaitlistScreen,
  ),
  configServices: themedScreen(
    async () => (await import('../features/admin/services/config-services-screen')).ConfigServicesScreen,
  ),
  insuranceConfig: themedScreen(
    async () => (await import('../features/admin/insurance/insurance-config-screen')).InsuranceConfigScreen,
  ),
  locationConfig: themedScreen(
    async () => (await import('../features/admin/locations/location-config-screen')).LocationConfigScreen,
  ),
  reports: themedScreen(async () => (await import('../features/admin/reports/reports-screen')).ReportsScreen),
  widgetConfig: themedScreen(
    async () => (await import('../features/admin/widget/widget-config-screen')).WidgetConfigScreen,
  ),
  patients: themedScreen(
    async () => (await import('../features/admin/patients/patients-screen')).PatientsScreen,
  ),
  patientDetails: themedScreen(
    async () => (await import('../features/admin/patients/patient-details-screen')).PatientDetailsScreen,
  ),
  users: themedScreen(async () => (await import('../features/admin/users/users-screen')).UsersScreen),
  auditLog: themedScreen(
    async () => (await import('../features/admin/audit/audit-log-screen')).AuditLogScreen,
  ),
  messages: themedScreen(
    async () => (await import('../features/admin/messages/messages-screen')).MessagesScreen,
  ),
  messageSettings: themedScreen(
    async () => (await import('../features/admin/messages/message-settings-screen')).MessageSettingsScreen,
  ),
  // Issue 20: publication of open times (FHIR, SMART Scheduling Links) and partner clients.
  openAvailability: themedScreen(
    async () =>
      (await import('../features/admin/open-availability/open-availability-screen')).OpenAvailabilityScreen,
  ),
} satisfies Record<string, LazyExoticComponent<ComponentType>>;

export type AdminScreenName = keyof typeof SCREENS;

/** One admin screen by name, with the centred 'Loading...' while its code loads. */
export function AdminScreen({ name }: { name: AdminScreenName }) {
  const Screen = SCREENS[name];
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Screen />
    </Suspense>
  );
}

const NotFoundScreen = lazyScreen(async () => (await import('./not-found-screen')).NotFoundScreen);

function screen(name: AdminScreenName) {
  return <AdminScreen name={name} />;
}

/**
 * The signed-in admin area below /admin/:ClientId/:ruleId (spec section 2): the admin shell with
 * the section the rest of the URL names. An unknown section is the not-found page, signed in or
 * not, as for any unknown URL.
 */
export const ADMIN_AREA_ROUTES: RouteObject[] = [
  {
    element: <RequireAdminSession>{screen('shell')}</RequireAdminSession>,
    children: [
      { index: true, element: screen('blank') },
      { path: 'managescheduler', element: screen('manageScheduler') },
      { path: 'providercontrol', element: screen('providerControl') },
      { path: 'providercontroleditprovider', element: screen('editProvider') },
      { path: 'waitlist', element: screen('waitlist') },
      { path: 'configservices', element: screen('configServices') },
      { path: 'insuranceconfig', element: screen('insuranceConfig') },
      { path: 'locationconfig', element: screen('locationConfig') },
      { path: 'reports', element: screen('reports') },
      { path: 'widget', element: screen('widgetConfig') },
      { path: 'blank', element: screen('blank') },
      { path: 'schedule', element: screen('schedule') },
      { path: 'patients', element: screen('patients') },
      { path: 'patientdetails/:patientId/:appointmentId', element: screen('patientDetails') },
      { path: 'users', element: screen('users') },
      { path: 'account', element: screen('account') },
      { path: 'auditlog', element: screen('auditLog') },
      { path: 'messages', element: screen('messages') },
      { path: 'messagesettings', element: screen('messageSettings') },
      { path: 'openavailability', element: screen('openAvailability') },
    ],
  },
  {
    path: '*',
    element: (
      <Suspense fallback={<LoadingScreen />}>
        <NotFoundScreen />
      </Suspense>
    ),
  },
];

/** The admin area (router.tsx's `admin/:ClientId/:ruleId/*`): ADMIN_AREA_ROUTES for the rest of the URL. */
export function AdminArea() {
  return useRoutes(ADMIN_AREA_ROUTES);
}
