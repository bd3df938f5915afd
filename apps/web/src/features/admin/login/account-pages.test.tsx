// @vitest-environment jsdom
import { FORGOT_PASSWORD_MESSAGE } from '@scheduler/contract/admin/accounts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_MARKER_KEY } from '../../../lib/auth-session';
import { currentUser, mockApi, renderAt, validationError } from '../accounts-test-harness';
import { AcceptInvitationScreen } from './accept-invitation-screen';
import { AdminLoginScreen } from './admin-login-screen';
import { ForgotPasswordScreen } from './forgot-password-screen';
import { ResetPasswordScreen } from './reset-password-screen';

const TOKEN = 'A'.repeat(40) + '_-9';
const CHALLENGE = 'C'.repeat(43);
const SIGNED_IN = { token: 'opaque', expiresAt: '2099-01-01T00:00:00.000Z', session: currentUser('staff') };
const STRONG = 'correct horse battery staple';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The input's accessible error/hint text (aria-describedby). */
function describedText(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('sign-in', () => {
  it('asks for the two-factor code as a second step, then opens the session', async () => {
    const { calls } = mockApi({
      'POST /api/config/login': {
        body: { step: 'two-factor', challenge: CHALLENGE, expiresAt: '2099-01-01T00:05:00.000Z' },
      },
      'POST /api/config/login/two-factor': { body: SIGNED_IN },
    });
    const user = userEvent.setup();
    renderAt(<AdminLoginScreen />, { url: '/adminlogin', routePath: 'adminlogin' });

    expect(screen.getByLabelText(/^E-mail/)).toHaveProperty('autocomplete', 'username');
    expect(screen.getByLabelText(/^Password/)).toHaveProperty('autocomplete', 'current-password');
    await user.type(screen.getByLabelText(/^E-mail/), 'staff@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'my own password 1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const code = await screen.findByLabelText(/^Authentication code/);
    expect(code).toHaveProperty('autocomplete', 'one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(describedText(code)).toContain('Enter the 6-digit code');

    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await screen.findByText('Now at /');
    expect(calls.at(-1)?.body).toEqual({ challenge: CHALLENGE, code: '123456' });
    expect(localStorage.getItem(SESSION_MARKER_KEY)).toContain('2099-01-01');
  });

  it('makes a person whose owner forced a reset choose a new password, with the server’s refusal on the field', async () => {
    let tries = 0;
    const { calls } = mockApi({
      'POST /api/config/login': {
        body: { step: 'password-change', challenge: CHALLENGE, expiresAt: '2099-01-01T00:05:00.000Z' },
      },
      'POST /api/config/login/password-change': () => {
        tries += 1;
        return tries === 1
          ? validationError([{ path: 'newPassword', message: 'This password is too common.' }])
          : { body: SIGNED_IN };
      },
    });
    const user = userEvent.setup();
    renderAt(<AdminLoginScreen />, { url: '/adminlogin', routePath: 'adminlogin' });
    await user.type(screen.getByLabelText(/^E-mail/), 'staff@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'old password here');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const fresh = await screen.findByLabelText(/^New password/);
    expect(fresh).toHaveProperty('autocomplete', 'new-password');
    expect(describedText(fresh)).toContain('At least 12 characters');
    await user.type(fresh, 'short');
    await user.type(screen.getByLabelText(/^Repeat the new password/), 'other');
    await user.click(screen.getByRole('button', { name: 'Save and sign in' }));
    expect(describedText(fresh)).toContain('Use at least 12 characters');
    expect(describedText(screen.getByLabelText(/^Repeat the new password/))).toContain(
      'The two passwords are not the same',
    );

    await user.clear(fresh);
    await user.type(fresh, 'password12345');
    await user.clear(screen.getByLabelText(/^Repeat the new password/));
    await user.type(screen.getByLabelText(/^Repeat the new password/), 'password12345');
    await user.click(screen.getByRole('button', { name: 'Save and sign in' }));
    await waitFor(() => expect(describedText(fresh)).toContain('This password is too common.'));

    await user.clear(fresh);
    await user.type(fresh, STRONG);
    await user.clear(screen.getByLabelText(/^Repeat the new password/));
    await user.type(screen.getByLabelText(/^Repeat the new password/), STRONG);
    await user.click(screen.getByRole('button', { name: 'Save and sign in' }));
    await screen.findByText('Now at /');
    expect(calls.at(-1)?.body).toEqual({ challenge: CHALLENGE, newPassword: STRONG });
  });

  it('links to the forgotten-password page', () => {
    mockApi({});
    renderAt(<AdminLoginScreen />, { url: '/adminlogin', routePath: 'adminlogin' });
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/admin/forgot-password',
    );
  });
});

describe('forgotten password', () => {
  it('shows the same answer whatever the address', async () => {
    const { calls } = mockApi({
      'POST /api/config/password/forgot': {
        status: 202,
        body: { ok: true, message: FORGOT_PASSWORD_MESSAGE },
      },
    });
    const user = userEvent.setup();
    renderAt(<ForgotPasswordScreen />, { url: '/admin/forgot-password', routePath: 'admin/forgot-password' });
    const email = screen.getByLabelText(/^E-mail/);
    expect(email).toHaveProperty('autocomplete', 'email');
    await user.type(email, 'Nobody@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect((await screen.findByRole('status')).textContent).toContain(FORGOT_PASSWORD_MESSAGE);
    expect(calls[0]?.body).toEqual({ email: 'nobody@example.com' });
  });
});

describe('reset by e-mailed link', () => {
  it('sends the token of the fragment in the body (never in a URL) and says what happened', async () => {
    const { calls } = mockApi({ 'POST /api/config/password/reset': { body: { ok: true } } });
    localStorage.setItem(SESSION_MARKER_KEY, JSON.stringify({ expiresAt: '2099-01-01T00:00:00Z' }));
    const user = userEvent.setup();
    renderAt(<ResetPasswordScreen />, {
      url: `/admin/reset-password#token=${TOKEN}`,
      routePath: 'admin/reset-password',
    });
    expect(document.querySelector('meta[name="referrer"]')?.getAttribute('content')).toBe('no-referrer');
    await user.type(screen.getByLabelText(/^New password/), STRONG);
    await user.type(screen.getByLabelText(/^Repeat the new password/), STRONG);
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect((await screen.findByRole('status')).textContent).toContain('Your password has been changed');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).not.toContain(TOKEN);
    expect(calls[0]?.body).toEqual({ token: TOKEN, newPassword: STRONG });
    expect(localStorage.getItem(SESSION_MARKER_KEY)).toBeNull();
  });

  it('shows the server’s refusal of a used or expired link', async () => {
    mockApi({
      'POST /api/config/password/reset': validationError([
        { path: 'token', message: 'This link has expired or was already used. Ask for a new one.' },
      ]),
    });
    const user = userEvent.setup();
    renderAt(<ResetPasswordScreen />, {
      url: `/admin/reset-password#token=${TOKEN}`,
      routePath: 'admin/reset-password',
    });
    await user.type(screen.getByLabelText(/^New password/), STRONG);
    await user.type(screen.getByLabelText(/^Repeat the new password/), STRONG);
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This link has expired or was already used.',
    );
  });

  it('refuses a link without a token before calling anyone', () => {
    const { calls } = mockApi({});
    renderAt(<ResetPasswordScreen />, { url: '/admin/reset-password', routePath: 'admin/reset-password' });
    expect(screen.getByRole('alert').textContent).toContain('This link is not valid');
    expect(calls).toHaveLength(0);
  });
});

describe('accepting an invitation', () => {
  const lookup = (accountExists: boolean) => ({
    body: {
      email: 'new.person@example.com',
      clientName: 'BrightSmile',
      role: 'staff',
      expiresAt: '2026-11-13T15:30:00.000Z',
      accountExists,
    },
  });

  it('lets a new person choose their own name and password, then signs them in', async () => {
    const { calls } = mockApi({
      'POST /api/config/invitations/lookup': lookup(false),
      'POST /api/config/invitations/accept': { body: SIGNED_IN },
    });
    const user = userEvent.setup();
    renderAt(<AcceptInvitationScreen />, {
      url: `/admin/accept-invitation#token=${TOKEN}`,
      routePath: 'admin/accept-invitation',
    });
    expect((await screen.findByText(/You are invited to join/)).textContent).toContain('BrightSmile');
    expect(document.querySelector('meta[name="referrer"]')?.getAttribute('content')).toBe('no-referrer');
    expect(screen.getByLabelText(/^E-mail/)).toHaveProperty('value', 'new.person@example.com');
    await user.type(screen.getByLabelText(/^Your name/), 'Nina New');
    await user.type(screen.getByLabelText(/^Choose a password/), STRONG);
    await user.type(screen.getByLabelText(/^Repeat the password/), STRONG);
    await user.click(screen.getByRole('button', { name: 'Create my account and join' }));
    await screen.findByText('Now at /');
    expect(calls.map((call) => call.url).join(' ')).not.toContain(TOKEN);
    expect(calls[1]?.body).toEqual({ token: TOKEN, displayName: 'Nina New', password: STRONG });
  });

  it('sends someone with an account to sign in first, coming back to the link', async () => {
    mockApi({ 'POST /api/config/invitations/lookup': lookup(true) });
    const user = userEvent.setup();
    const { router } = renderAt(<AcceptInvitationScreen />, {
      url: `/admin/accept-invitation#token=${TOKEN}`,
      routePath: 'admin/accept-invitation',
    });
    await user.click(await screen.findByRole('button', { name: 'Sign in to accept' }));
    await screen.findByText('Now at /adminlogin');
    expect(router.state.location.state).toEqual({ from: `/admin/accept-invitation#token=${TOKEN}` });
  });

  it('accepts with the signed-in account (no password asked)', async () => {
    localStorage.setItem(SESSION_MARKER_KEY, JSON.stringify({ expiresAt: '2099-01-01T00:00:00Z' }));
    const { calls } = mockApi({
      'POST /api/config/invitations/lookup': lookup(true),
      'POST /api/config/invitations/accept': {
        body: { token: null, expiresAt: null, session: currentUser('staff') },
      },
    });
    const user = userEvent.setup();
    renderAt(<AcceptInvitationScreen />, {
      url: `/admin/accept-invitation#token=${TOKEN}`,
      routePath: 'admin/accept-invitation',
    });
    await user.click(await screen.findByRole('button', { name: 'Accept the invitation' }));
    await screen.findByText('Now at /');
    expect(calls[1]?.body).toEqual({ token: TOKEN });
    expect(screen.queryByLabelText(/password/i)).toBeNull();
  });

  it('shows why an expired invitation cannot be used', async () => {
    mockApi({
      'POST /api/config/invitations/lookup': validationError([
        { path: 'token', message: 'This link has expired or was already used. Ask for a new one.' },
      ]),
    });
    renderAt(<AcceptInvitationScreen />, {
      url: `/admin/accept-invitation#token=${TOKEN}`,
      routePath: 'admin/accept-invitation',
    });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This link has expired or was already used. Ask for a new one.',
    );
  });
});
