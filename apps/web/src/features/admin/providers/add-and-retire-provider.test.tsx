// @vitest-environment jsdom
import { configureStore } from '@reduxjs/toolkit';
import type { ProviderDetail } from '@scheduler/contract/admin/providers';
import type { AppointmentToRebook } from '@scheduler/contract/admin/rebooking';
import { permissionsOf, type Role } from '@scheduler/domain/roles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nWrapper } from '../../../i18n/test-support';
import { sessionKeys } from '../shared/api/session-api';
import { CLIENT_ID, RULE_ID, mockApi } from '../shared/test-harness';
import { adminReducer } from '../state/admin-slice';
import { AddProviderDialog } from './add-provider-dialog';
import { ProviderRetirementSection } from './provider-retirement-section';

const PROVIDER: ProviderDetail = {
  providerId: '3',
  name: 'Dr. Emily Carter',
  prefix: 'Dr.',
  firstName: 'Emily',
  lastName: 'Carter',
  credentials: 'DDS',
  specialty: null,
  gender: 'F',
  photoUrl: null,
  onlineBookable: true,
  acceptingNewPatients: true,
  sortOrder: 0,
  locationIds: ['5'],
  version: 4,
  updatedAt: '2027-03-01T15:00:00.000Z',
  retiredAt: null,
  locationsVersion: 1,
  servicesVersion: 1,
  plansVersion: 1,
  middleName: null,
  bio: null,
  locations: [{ locationId: '5', name: 'Downtown', timeZone: 'America/Chicago' }],
  services: [],
  insurancePlans: [],
  workingHours: [],
  timeOff: [],
};

const UPCOMING: AppointmentToRebook = {
  appointmentId: '300',
  patientId: '9',
  patientName: 'Dana Lee',
  startUtc: '2027-03-12T15:00:00.000Z',
  endUtc: '2027-03-12T15:30:00.000Z',
  timeZone: 'America/Chicago',
  locationId: '5',
  locationName: 'Downtown',
  providerId: '3',
  providerName: 'Dr. Emily Carter',
  serviceName: 'Cleaning',
  status: 'booked',
  confirmationNumber: 'K7Q2M9X',
};

function renderWith(role: Role, element: ReactNode) {
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
  const router = createMemoryRouter([{ path: 'admin/:ClientId/:ruleId/*', element }], {
    initialEntries: [`/admin/${CLIENT_ID}/${RULE_ID}/providercontroleditprovider?providerId=3`],
  });
  render(
    <Provider store={configureStore({ reducer: { admin: adminReducer } })}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </Provider>,
    { wrapper: I18nWrapper },
  );
  return queryClient;
}

async function axeViolations(): Promise<string[]> {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

afterEach(() => {
  cleanup();
});

describe('Add provider', () => {
  it('checks the profile, creates the provider and hands its id on to open its editor', async () => {
    const user = userEvent.setup();
    const onAdded = vi.fn();
    const { calls } = mockApi({
      'POST /api/scheduler/admin/providers': (call) => ({
        status: 201,
        body: {
          provider: {
            ...PROVIDER,
            providerId: '12',
            name: 'Dr. Nora Newcomer',
            ...(call.body as object),
            locationIds: [],
            locations: [],
            version: 1,
          },
        },
      }),
    });
    renderWith('admin', <AddProviderDialog onClose={vi.fn()} onAdded={onAdded} />);

    const dialog = await screen.findByRole('dialog', { name: 'Add a provider' });
    await user.click(within(dialog).getByRole('button', { name: 'Add provider' }));
    expect(await within(dialog).findByText('Enter a first name')).toBeTruthy();
    expect(calls).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Prefix/ }), 'Dr.');
    await user.type(within(dialog).getByRole('textbox', { name: /First name/ }), 'Nora');
    await user.type(within(dialog).getByRole('textbox', { name: /Last name/ }), 'Newcomer');
    expect(await axeViolations()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Add provider' }));

    await waitFor(() => expect(onAdded).toHaveBeenCalledWith('12'));
    expect(calls[0]?.body).toMatchObject({
      clientId: CLIENT_ID,
      prefix: 'Dr.',
      firstName: 'Nora',
      lastName: 'Newcomer',
      gender: null,
      onlineBookable: true,
      acceptingNewPatients: true,
    });
  });
});

describe('Retire a provider', () => {
  it('asks first, retires with the version read, and lists the upcoming appointments to rebook', async () => {
    const user = userEvent.setup();
    const retired = { ...PROVIDER, retiredAt: '2027-03-10T15:00:00.000Z', version: 5 };
    const { calls } = mockApi({
      'PATCH /api/scheduler/admin/providers/3': () => ({
        body: { provider: retired, appointmentsToRebook: [UPCOMING] },
      }),
      'GET /api/scheduler/admin/providers/3/upcoming-appointments': () => ({
        body: { appointments: [UPCOMING] },
      }),
    });
    let provider = PROVIDER;
    const queryClient = renderWith(
      'admin',
      <ProviderRetirementSection provider={provider} onReload={vi.fn()} />,
    );
    await user.click(await screen.findByRole('button', { name: 'Retire provider' }));
    const confirm = await screen.findByRole('dialog', { name: 'Retire Dr. Emily Carter?' });
    expect(calls).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Retire provider' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      clientId: CLIENT_ID,
      retired: true,
      version: 4,
    });
    // The screen reads the provider from the cache the answer filled.
    await waitFor(() =>
      expect(
        queryClient.getQueryData<{ provider: ProviderDetail }>(['admin', CLIENT_ID, 'provider', '3'])
          ?.provider.retiredAt,
      ).toBe(retired.retiredAt),
    );
    provider = retired;
    cleanup();
    renderWith('admin', <ProviderRetirementSection provider={provider} onReload={vi.fn()} />);
    expect(await screen.findByText(/Retired on Mar 10, 2027/)).toBeTruthy();
    const table = await screen.findByRole('table');
    expect(within(table).getByText(/Appointments to rebook \(1\)/)).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Dana Lee' }).getAttribute('href')).toBe(
      `/admin/${CLIENT_ID}/${RULE_ID}/patientdetails/9/300`,
    );
    expect(within(table).getByText('Fri, Mar 12, 2027, 9:00 AM CT')).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
  });

  it('restores a retired provider', async () => {
    const user = userEvent.setup();
    const retired = { ...PROVIDER, retiredAt: '2027-03-10T15:00:00.000Z', version: 5 };
    const { calls } = mockApi({
      'PATCH /api/scheduler/admin/providers/3': () => ({
        body: { provider: { ...PROVIDER, version: 6 }, appointmentsToRebook: [] },
      }),
      'GET /api/scheduler/admin/providers/3/upcoming-appointments': () => ({ body: { appointments: [] } }),
    });
    renderWith('admin', <ProviderRetirementSection provider={retired} onReload={vi.fn()} />);
    expect(await screen.findByText('No upcoming appointment needs rebooking.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Restore provider' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
        clientId: CLIENT_ID,
        retired: false,
        version: 5,
      }),
    );
  });
});
