/*
 * The schedule's render benchmark page (bench/frontend.ts builds it on its own with Vite, outside
 * the app's build): the real Schedule screen, in a Material UI theme (Material UI's default: a
 * feature does not import the app's theme from app/), with its answers already in
 * the query cache (a synthetic day of 20 providers and 300 appointments; no server). The benchmark
 * calls `window.renderSchedule()` under a Chromium trace; it resolves after the first paint.
 */
import { I18nProvider } from '@lingui/react';
import { configureStore } from '@reduxjs/toolkit';
import { permissionsOf } from '@scheduler/domain/roles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { addCalendarDays } from '@scheduler/domain/local-date';
import { ensureCatalog, i18n } from '../../../../i18n/catalogs';
import { todayIn } from '../../../../lib/zoned-time';
import { patientKeys } from '../../shared/api/patient-management-api';
import { sessionKeys } from '../../shared/api/session-api';
import { adminReducer } from '../../state/admin-slice';
import { scheduleKeys } from '../schedule-api';
import { ScheduleScreen } from '../schedule-screen';
import { syntheticSchedule } from './synthetic-schedule';

interface Drawn {
  appointments: number;
  providers: number;
}

declare global {
  interface Window {
    /** Mounts the screen on the busy day (the first render: the screen's code runs for the first time). */
    renderSchedule?: () => Promise<Drawn>;
    /** Mounts the screen on the day before (20 providers, no appointment) and resolves when it shows. */
    openDayBefore?: () => Promise<Drawn>;
    /** With the screen open on the day before: "Next day" to the busy day (the render of a day in the open screen). */
    showBusyDay?: () => Promise<Drawn>;
  }
}

const CLIENT = '1';
const RULE = '2';
const params = new URLSearchParams(location.search);
const timeZone = 'America/Chicago';
const date = todayIn(timeZone);
const data = syntheticSchedule(date, {
  providers: Number(params.get('providers') ?? 20),
  appointments: Number(params.get('appointments') ?? 300),
  timeZone,
});

// No server: a call would never answer (every answer the screen needs is in the cache).
window.fetch = () => new Promise<Response>(() => undefined);

const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
queryClient.setQueryData(sessionKeys.session(CLIENT), {
  user: { userId: '7', email: 'staff@example.com', displayName: 'Sam Staff' },
  memberships: [{ clientId: CLIENT, clientName: 'Demo', clientSlug: 'demo', role: 'staff' }],
  activeClient: { clientId: CLIENT, name: 'Demo', slug: 'demo' },
  role: 'staff',
  permissions: permissionsOf('staff'),
  expiresAt: '2099-01-01T00:00:00.000Z',
  authMethod: 'cookie',
});
queryClient.setQueryData(patientKeys.filters(CLIENT), {
  locations: [{ locationId: '3', name: 'Lakeview', timeZone }],
  providers: [],
  services: [],
  statuses: [],
  defaultTimeZone: timeZone,
});
queryClient.setQueryData(scheduleKeys.range(CLIENT, '3', date, date), data);
const dayBefore = addCalendarDays(date, -1);
queryClient.setQueryData(
  scheduleKeys.range(CLIENT, '3', dayBefore, dayBefore),
  syntheticSchedule(dayBefore, { providers: data.providers.length, appointments: 0, timeZone }),
);
const store = configureStore({ reducer: { admin: adminReducer } });
/** The staff screens' texts (English): loaded before the first mount, outside the measured time. */
const catalogReady = ensureCatalog('admin');
const theme = createTheme();

/** The marks the benchmark reads in the Chromium trace (TimeStamp events). */
function traceMark(name: string): void {
  // eslint-disable-next-line no-console -- console.timeStamp writes the trace's marks, nothing is logged
  console.timeStamp(name);
}

function mount(day: string): void {
  const router = createMemoryRouter(
    [{ path: 'admin/:ClientId/:ruleId/schedule', element: <ScheduleScreen /> }],
    {
      initialEntries: [`/admin/${CLIENT}/${RULE}/schedule?location=3&date=${day}&view=day`],
    },
  );
  createRoot(document.getElementById('root') as HTMLElement).render(
    <Provider store={store}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider theme={theme}>
          <I18nProvider i18n={i18n}>
            <RouterProvider router={router} />
          </I18nProvider>
        </ThemeProvider>
      </QueryClientProvider>
    </Provider>,
  );
}

const drawn = (): Drawn => ({
  appointments: document.querySelectorAll('.rbc-event').length,
  providers: document.querySelectorAll('.rbc-row-resource').length,
});

/** Resolves once `ready()` holds and the frame after it has been laid out and painted. */
function whenPainted(ready: () => boolean, mark?: string): Promise<Drawn> {
  return new Promise((resolve) => {
    const check = () => {
      if (!ready()) {
        requestAnimationFrame(check);
        return;
      }
      requestAnimationFrame(() =>
        setTimeout(() => {
          if (mark) traceMark(mark);
          resolve(drawn());
        }, 0),
      );
    };
    requestAnimationFrame(check);
  });
}

window.renderSchedule = async () => {
  await catalogReady;
  traceMark('schedule-render-start');
  mount(date);
  return whenPainted(() => drawn().appointments > 0, 'schedule-render-end');
};

window.openDayBefore = async () => {
  await catalogReady;
  mount(dayBefore);
  return whenPainted(() => drawn().providers > 0 && document.querySelector('.rbc-time-view') !== null);
};

window.showBusyDay = () => {
  const next = [...document.querySelectorAll('button')].find((button) => button.textContent === 'Next day');
  if (!next) return Promise.reject(new Error('No "Next day" button'));
  traceMark('schedule-render-start');
  next.click();
  return whenPainted(() => drawn().appointments > 0, 'schedule-render-end');
};
