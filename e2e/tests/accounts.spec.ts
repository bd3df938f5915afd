import type { Browser, Page } from '@playwright/test';
import { createHmac } from 'node:crypto';
import { FORGOT_PASSWORD_MESSAGE, PASSWORD_TOO_COMMON_MESSAGE } from '@scheduler/contract/admin/accounts';
import { brightSmile, expect, expectNotification, seriousViolations, test } from './admin-fixtures';
import { clockNow, installClock } from './test-clock';
import { linkIn, mailCount, waitForMail } from './mail-sink';

/*
 * Staff accounts in the browser (issue 15, "Accounts"): an owner invites a person, who accepts by
 * choosing their own password; they change it; they forget it and reset it from the e-mailed link;
 * they sign in. Every e-mail is read from the run's SMTP sink (run-e2e.mjs), and the owner never
 * sees a password.
 */

test.describe.configure({ timeout: 180_000 });

const FIRST_PASSWORD = 'lighthouse tangerine orbit 42';
const SECOND_PASSWORD = 'velvet harbor compass 7 moon';
const THIRD_PASSWORD = 'quiet meadow lantern 19 kite';

async function freshPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await installClock(context);
  return context.newPage();
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/adminlogin');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('invite → accept → change password → reset by e-mail link → sign in', async ({
  pageAs,
  signedIn,
  browser,
  baseURL,
}) => {
  const { base } = await brightSmile(signedIn, 'owner');
  const email = `nina.${Date.now()}@e2e.test`;

  // ---- The owner invites a person: no password is chosen, shown or sent to the owner.
  const owner = await pageAs('owner');
  await owner.goto(`${base}/users`);
  const form = owner.getByRole('region', { name: 'Invite a person' });
  await expect(form.getByLabel('Name')).toHaveCount(0);
  await form.getByLabel('E-mail').fill('not-an-email');
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(form.getByText('Enter a valid e-mail address')).toBeVisible();
  await form.getByLabel('E-mail').fill(email);
  await form.getByRole('combobox', { name: 'Role' }).click();
  await owner.getByRole('option', { name: 'Staff' }).click();
  const before = await mailCount();
  const answer = owner.waitForResponse(
    (response) =>
      response.url().includes('/api/config/invitations') && response.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Send invitation' }).click();
  const invitationBody = await (await answer).text();
  expect(invitationBody.toLowerCase()).not.toContain('password');
  expect(JSON.parse(invitationBody)).toMatchObject({ delivery: 'email', link: null });
  await expectNotification(owner, `Invitation sent to ${email}`);
  await expect(owner.getByRole('table', { name: 'Pending invitations' })).toContainText(email);
  await expect(owner.locator('input[type="password"]')).toHaveCount(0);
  await expect(owner.getByText(/temporary password/i)).toHaveCount(0);

  // ---- The person accepts from the e-mailed link, choosing their own name and password.
  const invitationMail = await waitForMail({ to: email, after: before });
  const acceptLink = linkIn(invitationMail, '/admin/accept-invitation');
  expect(new URL(acceptLink).hash).toMatch(/^#token=[A-Za-z0-9_-]{43}$/);
  expect(new URL(acceptLink).search).toBe('');

  const person = await freshPage(browser, baseURL);
  await person.goto(acceptLink);
  await expect(person.getByRole('heading', { level: 1, name: 'Join a practice' })).toBeVisible();
  await expect(person.getByText(/You are invited to join/)).toContainText('BrightSmile');
  await expect(person.locator('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
  expect(await seriousViolations(person)).toEqual([]);
  await person.getByLabel('Your name').fill('Nina Newcomer');
  await person.getByLabel('Choose a password').fill('password1234');
  await person.getByLabel('Repeat the password').fill('password1234');
  await person.getByRole('button', { name: 'Create my account and join' }).click();
  await expect(person.getByText(PASSWORD_TOO_COMMON_MESSAGE)).toBeVisible();
  await person.getByLabel('Choose a password').fill(FIRST_PASSWORD);
  await person.getByLabel('Repeat the password').fill(FIRST_PASSWORD);
  await person.getByRole('button', { name: 'Create my account and join' }).click();
  await expect(person.getByRole('heading', { level: 1, name: 'Admin home' })).toBeVisible();
  await expect(person.getByRole('heading', { name: /BrightSmile/ })).toBeVisible();

  // The owner sees the new member (and no pending invitation for them any more).
  await owner.reload();
  await owner.getByLabel('Search users by name or e-mail').fill('Nina');
  await expect(owner.getByRole('table', { name: 'Users of the practice' })).toContainText(email);
  await expect(owner.getByRole('region', { name: 'Pending invitations' })).not.toContainText(email);

  // ---- The person changes the password on the account page; their other sessions end.
  const otherDevice = await browser.newContext({ baseURL });
  const otherLogin = await otherDevice.request.post('/api/config/login', {
    data: { email, password: FIRST_PASSWORD },
  });
  expect(otherLogin.status()).toBe(200);
  await person.goto(base);
  await person.getByRole('link', { name: 'Account' }).click();
  await expect(person.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await expect(person.getByRole('table', { name: 'Sessions' })).toContainText('This session');
  expect(await seriousViolations(person)).toEqual([]);
  await person.getByLabel('Current password').fill(FIRST_PASSWORD);
  await person.getByRole('textbox', { name: 'New password', exact: true }).fill(SECOND_PASSWORD);
  await person.getByLabel('Repeat the new password').fill(SECOND_PASSWORD);
  await person.getByRole('button', { name: 'Change password' }).click();
  await expectNotification(person, 'Password changed. Your other sessions were signed out.');
  expect((await otherDevice.request.get('/api/config/user')).status()).toBe(401);
  await otherDevice.close();

  // ---- Signed out, the person forgets the password and resets it from the e-mailed link.
  await person.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(person.getByRole('heading', { level: 1, name: 'Admin login' })).toBeVisible();
  await person.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(person.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  const beforeReset = await mailCount();
  await person.getByLabel('E-mail').fill(email);
  await person.getByRole('button', { name: 'Send me a link' }).click();
  await expect(person.getByText(FORGOT_PASSWORD_MESSAGE)).toBeVisible();

  const resetMail = await waitForMail({ to: email, after: beforeReset });
  const resetLink = linkIn(resetMail, '/admin/reset-password');
  expect(new URL(resetLink).hash).toMatch(/^#token=[A-Za-z0-9_-]{43}$/);
  await person.goto(resetLink);
  await expect(person.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  expect(await seriousViolations(person)).toEqual([]);
  await person.getByRole('textbox', { name: 'New password', exact: true }).fill(THIRD_PASSWORD);
  await person.getByLabel('Repeat the new password').fill(THIRD_PASSWORD);
  await person.getByRole('button', { name: 'Save the new password' }).click();
  await expect(person.getByText(/^Your password has been changed/)).toBeVisible();

  // The link works once.
  await person.goto('/404');
  await person.goto(resetLink);
  await person.getByRole('textbox', { name: 'New password', exact: true }).fill(`${THIRD_PASSWORD} again`);
  await person.getByLabel('Repeat the new password').fill(`${THIRD_PASSWORD} again`);
  await person.getByRole('button', { name: 'Save the new password' }).click();
  await expect(person.getByRole('alert')).toContainText(/expired or was already used/);

  // ---- The person signs in with the new password (the older ones no longer work).
  const oldLogin = await person.request.post('/api/config/login', {
    data: { email, password: SECOND_PASSWORD },
  });
  expect(oldLogin.status()).toBe(401);
  await signIn(person, email, THIRD_PASSWORD);
  await expect(person.getByRole('heading', { level: 1, name: 'Admin home' })).toBeVisible();
  await expect(person.getByRole('heading', { name: /BrightSmile/ })).toBeVisible();

  // ---- The owner can disable the member or force a reset, never set a password; then removes them.
  const row = owner.getByRole('row', { name: /Nina Newcomer/ });
  await expect(
    row.getByRole('button', { name: 'Force Nina Newcomer to reset their password' }),
  ).toBeVisible();
  await expect(row.getByRole('button', { name: 'Disable Nina Newcomer' })).toBeVisible();
  await expect(owner.getByRole('button', { name: /set password/i })).toHaveCount(0);
  await row.getByRole('button', { name: 'Remove Nina Newcomer' }).click();
  await owner
    .getByRole('dialog', { name: 'Remove Nina Newcomer?' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expectNotification(owner, 'Nina Newcomer removed from the practice');
});

test('an invitation can be revoked, and its link then no longer works', async ({
  pageAs,
  signedIn,
  browser,
  baseURL,
}) => {
  const { base } = await brightSmile(signedIn, 'owner');
  const email = `revoked.${Date.now()}@e2e.test`;
  const owner = await pageAs('owner');
  await owner.goto(`${base}/users`);
  const form = owner.getByRole('region', { name: 'Invite a person' });
  const before = await mailCount();
  await form.getByLabel('E-mail').fill(email);
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expectNotification(owner, `Invitation sent to ${email}`);
  const link = linkIn(await waitForMail({ to: email, after: before }), '/admin/accept-invitation');

  await owner.getByRole('button', { name: `Revoke the invitation to ${email}` }).click();
  await expectNotification(owner, `Invitation to ${email} revoked`);

  const person = await freshPage(browser, baseURL);
  await person.goto(link);
  await expect(person.getByRole('alert')).toBeVisible();
  await expect(person.getByLabel('Choose a password')).toHaveCount(0);
});

/** RFC 4648 base32 → bytes (the authenticator key as the account page shows it, spaces allowed). */
function base32Bytes(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/[\s=]/g, '').toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => parseInt(byte, 2)));
}

/** RFC 6238 (SHA-1, 6 digits, 30 s) at time step `step`: what an authenticator app shows. */
function totp(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}

/**
 * The TOTP step now on one of the two clocks the server may check codes with: the test clock (its
 * `now`) or the real one. The test finds out which at confirmation (a wrong code costs nothing there).
 */
type CodeClock = 'test' | 'real';
function stepOn(clock: CodeClock): number {
  return Math.floor((clock === 'test' ? clockNow().getTime() : Date.now()) / 30_000);
}

test("two-factor sign-in: set up with the QR code's key, then sign in with a code", async ({
  pageAs,
  signedIn,
  browser,
  baseURL,
}) => {
  const { base } = await brightSmile(signedIn, 'owner');
  const email = `totp.${Date.now()}@e2e.test`;
  const owner = await pageAs('owner');
  await owner.goto(`${base}/users`);
  const before = await mailCount();
  const form = owner.getByRole('region', { name: 'Invite a person' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expectNotification(owner, `Invitation sent to ${email}`);
  const link = linkIn(await waitForMail({ to: email, after: before }), '/admin/accept-invitation');

  const person = await freshPage(browser, baseURL);
  await person.goto(link);
  await person.getByLabel('Your name').fill('Tara Two-Factor');
  await person.getByLabel('Choose a password').fill(FIRST_PASSWORD);
  await person.getByLabel('Repeat the password').fill(FIRST_PASSWORD);
  await person.getByRole('button', { name: 'Create my account and join' }).click();
  await expect(person.getByRole('heading', { level: 1, name: 'Admin home' })).toBeVisible();

  await person.goto(`${base}/account`);
  await person.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await person
    .getByRole('form', { name: 'Confirm your password' })
    .getByLabel('Current password')
    .fill(FIRST_PASSWORD);
  await person.getByRole('button', { name: 'Continue' }).click();
  await expect(
    person.getByRole('img', { name: 'QR code to scan with your authenticator app' }),
  ).toBeVisible();
  expect(await seriousViolations(person)).toEqual([]);
  const secret = (await person.locator('code').textContent()) ?? '';
  const codeField = person.getByRole('textbox', { name: '6-digit code from the app' });
  const wrong = [totp(secret, stepOn('test')), totp(secret, stepOn('real'))].includes('000000')
    ? '111111'
    : '000000';
  await codeField.fill(wrong);
  await person.getByRole('button', { name: 'Turn on' }).click();
  await expect(codeField).toHaveAttribute('aria-invalid', 'true');
  let clock: CodeClock = 'test';
  await codeField.fill(totp(secret, stepOn(clock)));
  await person.getByRole('button', { name: 'Turn on' }).click();
  const turnedOn = person.getByText(/^On: signing in asks for a code/);
  const confirmed = await turnedOn.waitFor({ state: 'visible', timeout: 5_000 }).then(
    () => true,
    () => false,
  );
  if (!confirmed) {
    clock = 'real';
    await codeField.fill(totp(secret, stepOn(clock)));
    await person.getByRole('button', { name: 'Turn on' }).click();
  }
  await expect(turnedOn).toBeVisible();

  // A code is good once: sign in again with the code of a later 30-second step.
  const usedStep = stepOn(clock);
  await person.getByRole('button', { name: 'Sign out', exact: true }).click();
  await signIn(person, email, FIRST_PASSWORD);
  const code = person.getByRole('textbox', { name: 'Authentication code' });
  await expect(code).toBeVisible();
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect.poll(() => stepOn(clock), { timeout: 35_000, intervals: [500] }).toBeGreaterThan(usedStep);
  await code.fill(totp(secret, stepOn(clock)));
  await person.getByRole('button', { name: 'Verify and sign in' }).click();
  // Signed in: back where the session ended (the account page) or the admin home.
  await expect(person.getByRole('heading', { level: 1, name: /^(Your account|Admin home)$/ })).toBeVisible();
  await expect(person.getByRole('button', { name: 'Sign out', exact: true })).toBeVisible();
});
