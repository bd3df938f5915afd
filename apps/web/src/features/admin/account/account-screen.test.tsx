// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderAdminScreen, validationError } from '../accounts-test-harness';
import { AccountScreen } from './account-screen';
import { describeUserAgent } from './account-texts';

const STRONG = 'correct horse battery staple';
const ACCOUNT = {
  email: 'viewer@example.com',
  displayName: 'Vic Viewer',
  twoFactorEnabled: false,
  twoFactorRequired: false,
};
const session = (sessionId: string, current: boolean, userAgent: string) => ({
  sessionId,
  createdAt: '2026-11-10T15:00:00.000Z',
  lastSeenAt: '2026-11-10T15:20:00.000Z',
  expiresAt: '2026-11-10T23:00:00.000Z',
  ipHint: '203.0.113.x',
  userAgent,
  current,
});
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function describedText(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

const baseRoutes = {
  'GET /api/config/account': { body: ACCOUNT },
  'GET /api/config/sessions': { body: { items: [session('1', true, CHROME), session('2', false, IPHONE)] } },
};

describe('account screen (every role)', () => {
  it('changes the password with the current one, showing the server’s refusal on its field', async () => {
    let tries = 0;
    const { calls } = mockApi({
      ...baseRoutes,
      'POST /api/config/password': () => {
        tries += 1;
        return tries === 1
          ? validationError([{ path: 'currentPassword', message: 'Your current password is not right' }])
          : { body: { ok: true } };
      },
    });
    const user = userEvent.setup();
    renderAdminScreen(<AccountScreen />, 'account', 'viewer');
    const current = await screen.findByLabelText(/^Current password/);
    expect(current).toHaveProperty('autocomplete', 'current-password');
    const fresh = screen.getByLabelText(/^New password/);
    expect(fresh).toHaveProperty('autocomplete', 'new-password');
    expect(describedText(fresh)).toContain('At least 12 characters');

    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(describedText(current)).toContain('Enter your current password');
    expect(calls.some((call) => call.path === '/api/config/password')).toBe(false);

    await user.type(current, 'wrong one');
    await user.type(fresh, STRONG);
    await user.type(screen.getByLabelText(/^Repeat the new password/), STRONG);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(describedText(current)).toContain('Your current password is not right'));

    await user.clear(current);
    await user.type(current, 'my old password!');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect((current as HTMLInputElement).value).toBe(''));
    expect(calls.filter((call) => call.path === '/api/config/password').at(-1)?.body).toEqual({
      currentPassword: 'my old password!',
      newPassword: STRONG,
    });
  });

  it('lists the sessions and signs out one, or all the others', async () => {
    const { calls } = mockApi({
      ...baseRoutes,
      'DELETE /api/config/sessions/2': { body: { ok: true } },
      'POST /api/config/sessions/end-others': { body: { ended: 1 } },
    });
    const user = userEvent.setup();
    renderAdminScreen(<AccountScreen />, 'account', 'staff');
    const table = await screen.findByRole('table', { name: 'Sessions' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('Chrome on Linux');
    expect(rows[1]?.textContent).toContain('This session');
    expect(within(rows[1] as HTMLElement).queryByRole('button')).toBeNull();
    expect(rows[2]?.textContent).toContain('Safari on iPhone');
    await user.click(
      within(rows[2] as HTMLElement).getByRole('button', {
        name: /^Sign out the session of Safari on iPhone/,
      }),
    );
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/config/sessions/2')).toBe(
        true,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/api/config/sessions/end-others')).toBe(true),
    );
  });

  it('sets up two-factor sign-in: password, QR code and key, then a code confirms it', async () => {
    let enabled = false;
    const { calls } = mockApi({
      ...baseRoutes,
      'GET /api/config/account': () => ({ body: { ...ACCOUNT, twoFactorEnabled: enabled } }),
      'POST /api/config/two-factor/enrol': {
        body: {
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
          otpauthUri:
            'otpauth://totp/Scheduler:viewer%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Scheduler',
        },
      },
      'POST /api/config/two-factor/confirm': () => {
        enabled = true;
        return { body: { enabled: true } };
      },
    });
    const user = userEvent.setup();
    renderAdminScreen(<AccountScreen />, 'account', 'viewer');
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
    const form = screen.getByRole('form', { name: 'Confirm your password' });
    await user.type(within(form).getByLabelText(/^Current password/), 'my own password 1');
    await user.click(within(form).getByRole('button', { name: 'Continue' }));

    const qr = await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeTruthy();
    const code = screen.getByLabelText(/^6-digit code from the app/);
    expect(code).toHaveProperty('autocomplete', 'one-time-code');
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    await screen.findByText(/^On: signing in asks for a code/);
    expect(calls.find((call) => call.path === '/api/config/two-factor/confirm')?.body).toEqual({
      code: '654321',
    });
    expect(calls.find((call) => call.path === '/api/config/two-factor/enrol')?.body).toEqual({
      currentPassword: 'my own password 1',
    });
  });
});

describe('describeUserAgent', () => {
  it('names common browsers and systems', () => {
    expect(describeUserAgent(CHROME)).toBe('Chrome on Linux');
    expect(describeUserAgent(IPHONE)).toBe('Safari on iPhone');
    expect(describeUserAgent(null)).toBe('Unknown browser');
  });
});
