// @vitest-environment jsdom
import { configureStore } from '@reduxjs/toolkit';
import axe from 'axe-core';
import type { ClosuresResponse } from '@scheduler/contract/admin/closures';
import type { AppointmentToRebook } from '@scheduler/contract/admin/rebooking';
import { permissionsOf, type Role } from '@scheduler/domain/roles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nWrapper } from '../../../../i18n/test-support';
import { sessionKeys } from '../../shared/api/session-api';
import { CLIENT_ID, RULE_ID, mockApi } from '../../shared/test-harness';
import { adminReducer } from '../../state/admin-slice';
import { ClosuresPanel, closedDayText } from './closures-panel';

const PATH = '/api/scheduler/admin/closures';

const ON_THANKSGIVING: AppointmentToRebook = {
  appointmentId: '300',
  patientId: '9',
  patientName: 'Dana Lee',
  startUtc: '2027-11-25T15:00:00.000Z',
  endUtc: '2027-11-25T15:30:00.000Z',
  timeZone: 'America/Chicago',
  locationId: '5',
  locationName: 'Downtown',
  providerId: '3',
  providerName: 'Dr. Emily Carter',
  serviceName: 'Cleaning',
  status: 'booked',
  confirmationNumber: 'K7Q2M9X',
};

function answer(
  closures: ClosuresResponse['closures'],
  appointments: AppointmentToRebook[] = [],
): ClosuresResponse {
  return {
    location: { locationId: '5', name: 'Downtown', timeZone: 'America/Chicago' },
    today: '2027-03-10',
    closures,
    appointmentsToRebook: appointments,
  };
}

function renderPanel(role: Role) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  queryClient.setQueryData(sessionKeys.session(CLIENT_ID), {
    user: { userId: '7', email: 'someone@example.com', displayName: 'Someone' },
    memberships: [],
    activeClient: { clientId: CLIENT_ID, name: 'Demo', slug: 'demo' },
    role,
    permissions: permissionsOf(role),
    expiresAt: '2099-01-01T00:00:00.000Z',
    authMethod: 'cookie',
  });
  const router = createMemoryRouter(
    [{ path: 'admin/:ClientId/:ruleId/*', element: <ClosuresPanel clientId={CLIENT_ID} locationId="5" /> }],
    { initialEntries: [`/admin/${CLIENT_ID}/${RULE_ID}/schedule`] },
  );
  render(
    <Provider store={configureStore({ reducer: { admin: adminReducer } })}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </Provider>,
    { wrapper: I18nWrapper },
  );
}

afterEach(() => {
  cleanup();
});

async function axeViolations(): Promise<string[]> {
  // axe-core's rules (contrast needs a layout engine: the e2e run checks it).
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('the closed days panel', () => {
  it('names a closed day by weekday and the spec’s date format', () => {
    expect(closedDayText('2027-11-25')).toBe('Thursday 11/25/2027');
    expect(closedDayText('2027-07-05')).toBe('Monday 07/05/2027');
  });

  it('closes a day with a name, announces the appointments on it and lists them with links to the patient', async () => {
    const user = userEvent.setup();
    let current = answer([]);
    const { calls } = mockApi({
      [`GET ${PATH}`]: () => ({ body: current }),
      [`POST ${PATH}`]: (call) => {
        const { date, name } = call.body as { date: string; name: string };
        current = answer(
          [{ closureId: '1', locationId: '5', date, name, source: 'manual' }],
          [ON_THANKSGIVING],
        );
        return {
          body: {
            closure: { closureId: '1', locationId: '5', date, name, source: 'manual' },
            appointmentsToRebook: [ON_THANKSGIVING],
          },
        };
      },
    });
    renderPanel('admin');

    expect(await screen.findByText('No closed day from today to the end of next year.')).toBeTruthy();
    expect(screen.getByText('No upcoming appointment falls on a closed day.')).toBeTruthy();

    // Nothing is sent without a name.
    await user.type(screen.getByLabelText(/^Date/), '2027-11-25');
    await user.click(screen.getByRole('button', { name: 'Close this day' }));
    expect(await screen.findByText(/Enter a name for the closed day/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Staff training');
    await user.click(screen.getByRole('button', { name: 'Close this day' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: '' }).textContent ?? '').toContain(
        'Closed Thursday 11/25/2027 (Staff training). 1 appointment on it to rebook.',
      ),
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      clientId: CLIENT_ID,
      locationId: '5',
      date: '2027-11-25',
      name: 'Staff training',
    });
    const list = await screen.findByRole('list', { name: 'Closed days from today to the end of next year' });
    expect(within(list).getByText('Staff training')).toBeTruthy();
    const table = await screen.findByRole('table');
    expect(within(table).getByText(/Appointments on closed days, to rebook \(1\)/)).toBeTruthy();
    const patient = within(table).getByRole('link', { name: 'Dana Lee' });
    expect(patient.getAttribute('href')).toBe(`/admin/${CLIENT_ID}/${RULE_ID}/patientdetails/9/300`);
    // The time is the location's, with its zone named.
    expect(within(table).getByText('Thu, Nov 25, 2027, 9:00 AM CT')).toBeTruthy();
  });

  it("imports the chosen year's US federal holidays and reopens a day", async () => {
    const user = userEvent.setup();
    let current = answer([
      { closureId: '1', locationId: '5', date: '2027-11-25', name: 'Thanksgiving Day', source: 'us-federal' },
    ]);
    const { calls } = mockApi({
      [`GET ${PATH}`]: () => ({ body: current }),
      [`POST ${PATH}/import-us-federal`]: () => ({
        body: {
          added: [
            {
              closureId: '2',
              locationId: '5',
              date: '2028-01-17',
              name: 'Martin Luther King Jr. Day',
              source: 'us-federal',
            },
          ],
          alreadyClosed: [{ date: '2027-12-31', name: "New Year's Day (observed)" }],
          appointmentsToRebook: [],
        },
      }),
      [`DELETE ${PATH}`]: () => {
        current = answer([]);
        return { body: { deleted: true } };
      },
    });
    renderPanel('owner');

    expect(await screen.findByText('Thanksgiving Day')).toBeTruthy();
    expect(screen.getByText('US federal holiday')).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Import US federal holidays for 2027' })).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: 'Year' }));
    await user.click(await screen.findByRole('option', { name: '2028' }));
    await user.click(screen.getByRole('button', { name: 'Import US federal holidays for 2028' }));
    await waitFor(() =>
      expect(screen.getByText('1 US federal holiday of 2028 added. 1 day was already closed.')).toBeTruthy(),
    );
    expect(calls.find((c) => c.path.endsWith('/import-us-federal'))?.body).toEqual({
      clientId: CLIENT_ID,
      locationId: '5',
      year: 2028,
    });

    await user.click(screen.getByRole('button', { name: 'Reopen Thursday 11/25/2027, Thanksgiving Day' }));
    await waitFor(() =>
      expect(screen.getByText('Thursday 11/25/2027 (Thanksgiving Day) is open again.')).toBeTruthy(),
    );
    const deleted = calls.find((c) => c.method === 'DELETE');
    expect(deleted?.query.get('date')).toBe('2027-11-25');
    expect(deleted?.query.get('locationId')).toBe('5');
    expect(await screen.findByText('No closed day from today to the end of next year.')).toBeTruthy();
  });

  it('shows staff the closed days and the appointments to rebook, without the controls to change them', async () => {
    mockApi({
      [`GET ${PATH}`]: () => ({
        body: answer(
          [
            {
              closureId: '1',
              locationId: '5',
              date: '2027-11-25',
              name: 'Thanksgiving Day',
              source: 'us-federal',
            },
          ],
          [ON_THANKSGIVING],
        ),
      }),
    });
    renderPanel('staff');
    expect(await screen.findByText('Thanksgiving Day')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Dana Lee' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Reopen/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close this day' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Import US federal holidays/ })).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });
});
