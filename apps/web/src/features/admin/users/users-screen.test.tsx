// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderAdminScreen, type Answer } from '../accounts-test-harness';
import { UsersScreen } from './users-screen';

const LINK = `http://localhost:3000/admin/accept-invitation#token=${'Z'.repeat(43)}`;
const MEMBERS = [
  {
    userId: '7',
    email: 'owner@example.com',
    displayName: 'Olivia Owner',
    role: 'owner',
    lastLoginAt: null,
    disabled: false,
  },
  {
    userId: '8',
    email: 'sam@example.com',
    displayName: 'Sam Staff',
    role: 'staff',
    lastLoginAt: null,
    disabled: false,
  },
];
const invitation = (invitationId: string, email: string) => ({
  invitationId,
  email,
  role: 'viewer',
  status: 'pending',
  createdAt: '2026-11-10T15:00:00.000Z',
  expiresAt: '2026-11-13T15:00:00.000Z',
  acceptedAt: null,
  revokedAt: null,
  invitedBy: 'Olivia Owner',
});

function routes(extra: Record<string, Answer>): Record<string, Answer> {
  return {
    'GET /api/config/users': { body: { items: MEMBERS, page: 1, pageSize: 25, total: MEMBERS.length } },
    'GET /api/config/invitations': { body: { items: [invitation('31', 'pending@example.com')] } },
    'GET /api/config/account-security': { body: { requireOwnerTwoFactor: false } },
    ...extra,
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function invite(email: string, role: string) {
  const user = userEvent.setup();
  const form = await screen.findByRole('region', { name: 'Invite a person' });
  await user.type(within(form).getByLabelText(/^E-mail/), email);
  await user.click(within(form).getByRole('combobox', { name: 'Role' }));
  await user.click(await screen.findByRole('option', { name: role }));
  await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
  return user;
}

describe('users screen (owners)', () => {
  it('without e-mail, shows the invitation link to pass on — never a password', async () => {
    const { calls } = mockApi(
      routes({
        'POST /api/config/invitations': {
          status: 201,
          body: { invitation: invitation('32', 'nina@example.com'), delivery: 'link', link: LINK },
        },
      }),
    );
    renderAdminScreen(<UsersScreen />, 'users');
    expect(screen.queryByLabelText(/^Name/)).toBeNull(); // the person chooses their own name
    const user = await invite('Nina@Example.com', 'Viewer');

    const dialog = await screen.findByRole('dialog', { name: 'Invitation link' });
    expect(within(dialog).getByLabelText('Invitation link')).toHaveProperty('value', LINK);
    expect(dialog.textContent).toContain('nina@example.com');
    expect(dialog.textContent?.toLowerCase()).not.toContain('temporary password');
    expect(document.querySelectorAll('input[type="password"]')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(LINK);
    expect(await within(dialog).findByText('Link copied')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      email: 'nina@example.com',
      role: 'viewer',
      clientId: '1',
    });
  });

  it('with e-mail configured, just says the invitation was sent (no link shown)', async () => {
    mockApi(
      routes({
        'POST /api/config/invitations': {
          status: 201,
          body: { invitation: invitation('33', 'eve@example.com'), delivery: 'email', link: null },
        },
      }),
    );
    renderAdminScreen(<UsersScreen />, 'users');
    await invite('eve@example.com', 'Staff');
    await waitFor(() => expect(screen.getByLabelText(/^E-mail/)).toHaveProperty('value', ''));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('resends or revokes a pending invitation', async () => {
    const { calls } = mockApi(
      routes({
        'POST /api/config/invitations/31/resend': {
          body: { invitation: invitation('31', 'pending@example.com'), delivery: 'email', link: null },
        },
        'DELETE /api/config/invitations/31': { body: { ok: true } },
      }),
    );
    const user = userEvent.setup();
    renderAdminScreen(<UsersScreen />, 'users');
    const table = await screen.findByRole('table', { name: 'Pending invitations' });
    await user.click(
      within(table).getByRole('button', { name: 'Resend the invitation to pending@example.com' }),
    );
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/api/config/invitations/31/resend')).toBe(true),
    );
    await user.click(
      within(table).getByRole('button', { name: 'Revoke the invitation to pending@example.com' }),
    );
    await waitFor(() =>
      expect(
        calls.some((call) => call.method === 'DELETE' && call.path === '/api/config/invitations/31'),
      ).toBe(true),
    );
  });

  it('disables a member and forces a password reset, with no way to set a password', async () => {
    const { calls } = mockApi(
      routes({
        'POST /api/config/users/8/disable': { body: { user: { ...MEMBERS[1], disabled: true } } },
        'POST /api/config/users/8/force-reset': { body: { ok: true } },
      }),
    );
    const user = userEvent.setup();
    renderAdminScreen(<UsersScreen />, 'users');
    const table = await screen.findByRole('table', { name: 'Users of the practice' });
    await user.click(await within(table).findByRole('button', { name: 'Disable Sam Staff' }));
    const own = within(table).getByText('Olivia Owner (you)').closest('tr') as HTMLElement;
    expect(within(own).queryByRole('button')).toBeNull(); // not oneself
    await waitFor(() => expect(calls.some((call) => call.path === '/api/config/users/8/disable')).toBe(true));

    await user.click(within(table).getByRole('button', { name: 'Force Sam Staff to reset their password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Force Sam Staff to choose a new password?' });
    await user.click(within(dialog).getByRole('button', { name: 'Force password reset' }));
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/api/config/users/8/force-reset')).toBe(true),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('button', { name: /set password/i })).toBeNull();
    expect(document.querySelectorAll('input[type="password"]')).toHaveLength(0);
  });

  it('turns on the brand’s rule that owners use two-factor sign-in', async () => {
    const { calls } = mockApi(
      routes({ 'PUT /api/config/account-security': { body: { requireOwnerTwoFactor: true } } }),
    );
    const user = userEvent.setup();
    renderAdminScreen(<UsersScreen />, 'users');
    const toggle = await screen.findByRole('switch', { name: 'Require two-factor sign-in for owners' });
    await waitFor(() => expect(toggle).toHaveProperty('disabled', false));
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveProperty('checked', true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      clientId: '1',
      requireOwnerTwoFactor: true,
    });
  });
});
