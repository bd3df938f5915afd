// @vitest-environment jsdom
import { configureStore } from '@reduxjs/toolkit';
import axe from 'axe-core';
import type { OpenAvailabilitySettings } from '@scheduler/contract/admin/open-availability';
import type { PartnerClient, PartnersResponse } from '@scheduler/contract/admin/partners';
import { permissionsOf, type Role } from '@scheduler/domain/roles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionKeys } from '../shared/api/session-api';
import { CLIENT_ID, RULE_ID, mockApi, validationError } from '../shared/test-harness';
import { adminReducer } from '../state/admin-slice';
import { I18nWrapper } from '../../../i18n/test-support';
import { OpenAvailabilityScreen } from './open-availability-screen';

const SETTINGS_PATH = '/api/scheduler/admin/open-availability';
const PARTNERS_PATH = '/api/scheduler/admin/partners';
const FILTERS_PATH = '/api/patient-management/get_filters';
const FHIR = 'https://book.example.com/fhir/brightsmile';

const SETTINGS: OpenAvailabilitySettings = {
  published: true,
  schedulerId: '2',
  schedulers: [
    { schedulerId: '2', name: 'Main', slug: 'main' },
    { schedulerId: '9', name: 'Kids', slug: 'kids' },
  ],
  feedServiceNames: false,
  fhirBaseUrl: FHIR,
  bulkPublishUrl: `${FHIR}/$bulk-publish`,
  version: 3,
};

const ACME: PartnerClient = {
  partnerId: '11',
  name: 'Acme Health System',
  clientIdentifier: 'pc_7Hq2xK9',
  createdAt: '2027-03-01T15:00:00.000Z',
  createdBy: 'Morgan Reyes',
  lastUsedAt: '2027-03-09T14:30:00.000Z',
  revokedAt: null,
  status: 'active',
};
const OLD: PartnerClient = {
  ...ACME,
  partnerId: '10',
  name: 'County Portal',
  clientIdentifier: 'pc_Old',
  lastUsedAt: null,
  revokedAt: '2027-02-20T18:00:00.000Z',
  status: 'revoked',
};

function partnersAnswer(partners: PartnerClient[]): PartnersResponse {
  return { partners, tokenUrl: `${FHIR}/auth/token`, fhirBaseUrl: FHIR };
}

const FILTERS = {
  locations: [],
  providers: [],
  services: [],
  statuses: [],
  defaultTimeZone: 'America/Chicago',
};

function renderScreen(role: Role, permissions: readonly string[] = permissionsOf(role)) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  queryClient.setQueryData(sessionKeys.session(CLIENT_ID), {
    user: { userId: '7', email: 'someone@example.com', displayName: 'Someone' },
    memberships: [],
    activeClient: { clientId: CLIENT_ID, name: 'Demo', slug: 'demo' },
    role,
    permissions,
    expiresAt: '2099-01-01T00:00:00.000Z',
    authMethod: 'cookie',
  });
  const router = createMemoryRouter(
    [{ path: 'admin/:ClientId/:ruleId/openavailability', element: <OpenAvailabilityScreen /> }],
    { initialEntries: [`/admin/${CLIENT_ID}/${RULE_ID}/openavailability`] },
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
  vi.unstubAllGlobals();
});

async function axeViolations(): Promise<string[]> {
  // axe-core's rules (contrast needs a layout engine: the e2e run checks it).
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('the Open availability screen', () => {
  it('changes each setting at once with the version read, and copies the addresses', async () => {
    const user = userEvent.setup();
    let current = SETTINGS;
    const { calls } = mockApi({
      [`GET ${SETTINGS_PATH}`]: () => ({ body: current }),
      [`PUT ${SETTINGS_PATH}`]: (call) => {
        const change = call.body as Partial<OpenAvailabilitySettings>;
        current = { ...current, ...change, version: current.version + 1 };
        return { body: current };
      },
    });
    renderScreen('admin');

    const published = await screen.findByRole('switch', { name: 'Published' });
    expect((published as HTMLInputElement).checked).toBe(true);
    const feeds = screen.getByRole('switch', { name: 'Show service names in provider calendar feeds' });
    expect((feeds as HTMLInputElement).checked).toBe(false);
    expect(screen.getByRole('combobox', { name: 'Published scheduler' }).textContent).toBe('Main (main)');
    // An admin does not manage partner clients (owners only): not even asked.
    expect(screen.queryByRole('heading', { name: 'Partner clients' })).toBeNull();
    expect(calls.some((call) => call.path === PARTNERS_PATH)).toBe(false);
    expect(await axeViolations()).toEqual([]);

    await user.click(published);
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      clientId: CLIENT_ID,
      version: 3,
      published: false,
    });
    await waitFor(() => expect((published as HTMLInputElement).checked).toBe(false));
    expect(await screen.findByText(/Publish your open times first/)).toBeTruthy();

    await waitFor(() => expect(feeds.hasAttribute('disabled')).toBe(false));
    await user.click(feeds);
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({
        clientId: CLIENT_ID,
        version: 4,
        feedServiceNames: true,
      }),
    );

    await user.click(screen.getByRole('combobox', { name: 'Published scheduler' }));
    await user.click(await screen.findByRole('option', { name: 'Kids (kids)' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({
        clientId: CLIENT_ID,
        version: 5,
        schedulerId: '9',
      }),
    );

    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'FHIR base URL' }).value).toBe(FHIR);
    await user.click(screen.getByRole('button', { name: 'Copy $bulk-publish URL' }));
    expect(await navigator.clipboard.readText()).toBe(`${FHIR}/$bulk-publish`);
    expect(screen.getByText('Copied')).toBeTruthy();
  });

  it('undoes a change someone else overtook (409) and offers to reload', async () => {
    const user = userEvent.setup();
    let reads = 0;
    mockApi({
      [`GET ${SETTINGS_PATH}`]: () => {
        reads += 1;
        return { body: reads === 1 ? SETTINGS : { ...SETTINGS, published: false, version: 4 } };
      },
      [`PUT ${SETTINGS_PATH}`]: {
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'This was changed by someone else in the meantime.' } },
      },
    });
    renderScreen(
      'owner',
      permissionsOf('owner').filter((permission) => permission !== 'users:manage'),
    );
    const feeds = await screen.findByRole('switch', {
      name: 'Show service names in provider calendar feeds',
    });
    await user.click(feeds);
    const alert = await screen.findByText('This was changed by someone else in the meantime.');
    expect((feeds as HTMLInputElement).checked).toBe(false);
    await user.click(
      within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Reload' }),
    );
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('switch', { name: 'Published' }).checked).toBe(false),
    );
    expect(screen.queryByText('This was changed by someone else in the meantime.')).toBeNull();
  });

  it('shows the settings read-only without config:write', async () => {
    mockApi({ [`GET ${SETTINGS_PATH}`]: { body: SETTINGS } });
    renderScreen('staff', ['config:read']);
    const published = await screen.findByRole('switch', { name: 'Published' });
    expect(published.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(/an owner or admin can change them/)).toBeTruthy();
    // The addresses are there to copy all the same.
    expect(screen.getByRole('button', { name: 'Copy FHIR base URL' })).toBeTruthy();
  });

  it('lets an owner add a partner, shows its secret once, and revokes one after asking', async () => {
    const user = userEvent.setup();
    let partners = [ACME, OLD];
    const { calls } = mockApi({
      [`GET ${SETTINGS_PATH}`]: { body: SETTINGS },
      [`GET ${FILTERS_PATH}`]: { body: FILTERS },
      [`GET ${PARTNERS_PATH}`]: () => ({ body: partnersAnswer(partners) }),
      [`POST ${PARTNERS_PATH}`]: (call) => {
        const { name } = call.body as { name: string };
        if (name === 'Taken') return validationError([{ path: 'name', message: 'Use another name' }]);
        const partner: PartnerClient = {
          ...ACME,
          partnerId: '12',
          name,
          clientIdentifier: 'pc_New',
          lastUsedAt: null,
        };
        partners = [partner, ...partners];
        return {
          status: 201,
          body: { partner, clientSecret: 's3cr3t-only-once', tokenUrl: `${FHIR}/auth/token` },
        };
      },
      [`POST ${PARTNERS_PATH}/11/revoke`]: () => {
        const revoked: PartnerClient = { ...ACME, status: 'revoked', revokedAt: '2027-03-10T16:00:00.000Z' };
        partners = partners.map((partner) => (partner.partnerId === '11' ? revoked : partner));
        return { body: { partner: revoked } };
      },
    });
    renderScreen('owner');

    const table = await screen.findByRole('table', { name: 'Partner clients' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('Acme Health System');
    expect(rows[1]?.textContent).toContain('pc_7Hq2xK9');
    expect(rows[1]?.textContent).toContain('Mar 1, 2027, 9:00 AM CT by Morgan Reyes');
    expect(rows[1]?.textContent).toContain('Mar 9, 2027, 8:30 AM CT');
    expect(rows[2]?.textContent).toContain('Never');
    expect(rows[2]?.textContent).toContain('Revoked Feb 20, 2027, 12:00 PM CT');
    expect(within(rows[2] as HTMLElement).queryByRole('button', { name: /Revoke/ })).toBeNull();
    expect(await axeViolations()).toEqual([]);

    // Add: a name is needed; the server's field message lands on the field.
    await user.click(screen.getByRole('button', { name: 'Add partner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add partner' });
    await user.click(within(dialog).getByRole('button', { name: 'Add partner' }));
    expect(await within(dialog).findByText('Enter a name for the partner')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Partner name/ }), 'Taken');
    await user.click(within(dialog).getByRole('button', { name: 'Add partner' }));
    expect(await within(dialog).findByText('Use another name')).toBeTruthy();
    await user.clear(within(dialog).getByRole('textbox', { name: /Partner name/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Partner name/ }), 'Symptom Checker');
    await user.click(within(dialog).getByRole('button', { name: 'Add partner' }));

    const secret = await screen.findByRole('dialog', { name: 'Symptom Checker is added' });
    expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({
      clientId: CLIENT_ID,
      name: 'Symptom Checker',
    });
    expect(within(secret).getByText(/It is shown only this once/)).toBeTruthy();
    expect(within(secret).getByRole<HTMLInputElement>('textbox', { name: 'Client secret' }).value).toBe(
      's3cr3t-only-once',
    );
    await user.click(within(secret).getByRole('button', { name: 'Copy Client secret' }));
    expect(await navigator.clipboard.readText()).toBe('s3cr3t-only-once');
    await user.click(within(secret).getByRole('button', { name: 'I have copied the secret' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(table).findByText('Symptom Checker')).toBeTruthy();
    // Gone for good: the list never carries a secret.
    expect(screen.queryByText('s3cr3t-only-once')).toBeNull();

    // Revoke: asked first; Cancel changes nothing.
    await user.click(screen.getByRole('button', { name: 'Revoke Acme Health System' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke Acme Health System?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.path.endsWith('/revoke'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Revoke Acme Health System' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Revoke Acme Health System?' })).getByRole('button', {
        name: 'Revoke',
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Revoke Acme Health System' })).toBeNull(),
    );
    expect(calls.find((call) => call.path.endsWith('/11/revoke'))?.body).toEqual({ clientId: CLIENT_ID });
    expect(await within(table).findByText('Revoked Mar 10, 2027, 10:00 AM CT')).toBeTruthy();
  });
});
