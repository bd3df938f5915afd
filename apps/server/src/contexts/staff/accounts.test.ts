/*
 * Staff accounts an attacker cannot bend (issue 15: findings 1 and 2, "Accounts", "One mailer").
 * Passwords are hashed with the fast test stand-in (test/fast-passwords.ts); the password policy,
 * tokens, TOTP and e-mail are real. E-mails go through the durable queue to a local SMTP sink.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ParsedMail } from 'mailparser';
import type { App } from '../../app.ts';
import { hashSessionToken } from '../../platform/auth/session-tokens.ts';
import { totpCode } from '../../platform/auth/totp.ts';
import { loginAs, nextTestIp } from '../../test/staff-login.ts';
import type { StaffLogin } from '../../test/staff-login.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import type { SmtpSink } from '../../test/smtp-sink.ts';
import type { TestDatabase } from '../../test/test-db.ts';
import { createTestApp, testDatabases } from '../../test/test-db.ts';
import { createOwner, inviteOwner } from './owner-bootstrap.ts';

vi.mock(import('../../platform/auth/password.ts'), async (original) =>
  (await import('../../test/fast-passwords.ts')).fastPasswords(original),
);

const PUBLIC_URL = 'http://scheduler.test';
const STRONG = 'violet-harbour-lantern-42';
const STRONG_2 = 'copper-meadow-quartz-77';
const STRONG_3 = 'amber-glacier-thimble-19';

const linkIn = (mail: ParsedMail, path: string): string => {
  const match = new RegExp(`${PUBLIC_URL}${path}#token=([A-Za-z0-9_-]{43})`).exec(mail.text ?? '');
  if (match?.[1] === undefined) throw new Error(`no ${path} link in: ${mail.text}`);
  return match[1];
};
const tokenOf = (link: string | null): string => {
  const token = /#token=([A-Za-z0-9_-]{43})$/.exec(link ?? '')?.[1];
  if (token === undefined) throw new Error(`not a link: ${link}`);
  return token;
};
const mailTo = (address: string) => (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : [mail.to]).some((to) => to?.text.includes(address));

describe.each(testDatabases())('staff accounts on $name', (target) => {
  let t: TestDatabase;
  let app: App;
  /** The same database, without an e-mail transport: invitation links are answered to the owner. */
  let linkApp: App;
  let sink: SmtpSink;
  let clock = Date.UTC(2026, 10, 27, 9, 0, 0);
  const now = () => new Date(clock);
  let alpha: { clientId: number };
  let beta: { clientId: number };
  let ownerA: StaffLogin;
  let ownerB: StaffLogin;

  const post = (target: App, url: string, login: StaffLogin | undefined, payload: object) =>
    target.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: nextTestIp(),
      ...(login === undefined ? {} : { headers: login.cookieHeaders }),
    });
  const get = (target: App, url: string, login: StaffLogin) =>
    target.inject({ method: 'GET', url, headers: login.bearerHeaders });
  const drain = async () => app.jobs.drain(now());
  const membershipsOf = async (email: string) =>
    (
      await t.db
        .selectFrom('memberships')
        .innerJoin('users', 'users.id', 'memberships.user_id')
        .select('memberships.client_id')
        .where('users.email', '=', email)
        .execute()
    ).map((row) => row.client_id);

  /** A new account through an invitation of `owner` (no SMTP: the link is in the answer). */
  async function newMember(owner: StaffLogin, clientId: number, email: string, role = 'staff') {
    const invited = await post(linkApp, '/api/config/invitations', owner, { clientId, email, role });
    expect(invited.statusCode).toBe(201);
    const token = tokenOf(invited.json<{ link: string }>().link);
    const accepted = await post(linkApp, '/api/config/invitations/accept', undefined, {
      token,
      displayName: 'New Person',
      password: STRONG,
    });
    expect(accepted.statusCode).toBe(200);
    return loginAs(app, email, STRONG);
  }

  beforeAll(async () => {
    t = await target.create();
    sink = await startSmtpSink();
    const config = {
      publicUrl: PUBLIC_URL,
      smtpUrl: sink.url,
      mailFrom: 'Scheduler <no-reply@scheduler.test>',
    };
    app = await createTestApp(t, { now, config });
    linkApp = await createTestApp(t, { now, config: { publicUrl: PUBLIC_URL, smtpUrl: undefined } });
    await Promise.all([app.ready(), linkApp.ready()]);
    alpha = await createOwner(t.db, {
      email: 'owner@alpha.test',
      brandName: 'Alpha Dental',
      password: STRONG,
    });
    beta = await createOwner(t.db, { email: 'owner@beta.test', brandName: 'Beta Clinic', password: STRONG });
    ownerA = await loginAs(app, 'owner@alpha.test', STRONG);
    ownerB = await loginAs(app, 'owner@beta.test', STRONG);
  });
  afterAll(async () => {
    await app?.close();
    await linkApp?.close();
    await sink?.close();
    await t?.destroy();
  });

  describe('finding 1: no temporary password, no account shared by two owners', () => {
    it('adding a person answers an invitation, never a password, and adds nobody yet', async () => {
      const response = await post(linkApp, '/api/config/users', ownerA, {
        clientId: alpha.clientId,
        email: 'victim1@example.test',
        displayName: 'Victim One',
        role: 'staff',
      });
      expect(response.statusCode).toBe(201);
      const body = response.json<Record<string, unknown>>();
      expect(Object.keys(body).sort()).toEqual(['delivery', 'invitation', 'link']);
      expect(JSON.stringify(body)).not.toMatch(/password/i);
      expect(body).toMatchObject({ delivery: 'link', invitation: { status: 'pending', role: 'staff' } });
      expect(await membershipsOf('victim1@example.test')).toEqual([]);
      // Only the token's SHA-256 is stored.
      const token = tokenOf(body.link as string);
      const rows = await t.db.selectFrom('staff_invitations').selectAll().execute();
      expect(JSON.stringify(rows)).not.toContain(token);
      expect(rows.some((row) => row.token_hash === hashSessionToken(token))).toBe(true);
    });

    it('the first owner cannot sign in as the person in another brand (reproduction of #1)', async () => {
      // Brand A invites; the person accepts with a password only they know.
      await newMember(ownerA, alpha.clientId, 'victim2@example.test');
      // Brand B invites the same e-mail: no membership, no password, nothing to sign in with.
      const second = await post(linkApp, '/api/config/users', ownerB, {
        clientId: beta.clientId,
        email: 'victim2@example.test',
        displayName: 'x',
        role: 'owner',
      });
      expect(second.statusCode).toBe(201);
      expect(await membershipsOf('victim2@example.test')).toEqual([alpha.clientId]);
      // Owner A knows no password of the person: the old temporary-password route is gone.
      const guess = await post(app, '/api/config/login', undefined, {
        email: 'victim2@example.test',
        password: 'anything-owner-a-saw',
      });
      expect(guess.statusCode).toBe(401);
      const asVictim = await loginAs(app, 'victim2@example.test', STRONG);
      const patients = await app.inject({
        method: 'GET',
        url: `/api/patient-management/getPatientList?clientId=${beta.clientId}`,
        headers: asVictim.bearerHeaders,
      });
      expect(patients.statusCode).toBe(403);
    });
  });

  describe('finding 2: no account attached without consent, nothing revealed', () => {
    it('answers an existing and a new e-mail with the same shape and no account details', async () => {
      await newMember(ownerA, alpha.clientId, 'known@example.test');
      const existing = await post(linkApp, '/api/config/invitations', ownerB, {
        clientId: beta.clientId,
        email: 'known@example.test',
        role: 'staff',
      });
      const fresh = await post(linkApp, '/api/config/invitations', ownerB, {
        clientId: beta.clientId,
        email: 'nobody-yet@example.test',
        role: 'staff',
      });
      expect(existing.statusCode).toBe(fresh.statusCode);
      const shape = (value: unknown): unknown =>
        value !== null && typeof value === 'object'
          ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]))
          : typeof value;
      expect(shape(existing.json())).toEqual(shape(fresh.json()));
      expect(existing.body).not.toMatch(/New Person|lastLogin|disabled|displayName/);
      expect(await membershipsOf('known@example.test')).toEqual([alpha.clientId]);
    });

    it('an existing account accepts only signed in as itself; then the membership exists', async () => {
      const invited = await post(linkApp, '/api/config/invitations', ownerB, {
        clientId: beta.clientId,
        email: 'consent@example.test',
        role: 'viewer',
      });
      await newMember(ownerA, alpha.clientId, 'consent@example.test');
      const token = tokenOf(invited.json<{ link: string }>().link);
      // Anonymous acceptance (choosing a password) is refused for an existing account.
      const anonymous = await post(app, '/api/config/invitations/accept', undefined, {
        token,
        displayName: 'Attacker',
        password: STRONG_2,
      });
      expect(anonymous.statusCode).toBe(409);
      // Another signed-in account cannot accept it.
      const other = await post(app, '/api/config/invitations/accept', ownerA, { token });
      expect(other.statusCode).toBe(403);
      expect(await membershipsOf('consent@example.test')).toEqual([alpha.clientId]);
      const lookup = await post(app, '/api/config/invitations/lookup', undefined, { token });
      expect(lookup.json()).toMatchObject({ accountExists: true, clientName: 'Beta Clinic', role: 'viewer' });
      const person = await loginAs(app, 'consent@example.test', STRONG);
      const accepted = await post(app, '/api/config/invitations/accept', person, { token });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toMatchObject({
        token: null,
        session: { activeClient: { name: 'Beta Clinic' } },
      });
      expect((await membershipsOf('consent@example.test')).sort()).toEqual(
        [alpha.clientId, beta.clientId].sort(),
      );
      // Single use.
      const again = await post(app, '/api/config/invitations/accept', person, { token });
      expect(again.statusCode).toBe(400);
    });

    it('the active brand at sign-in is the one the person chose last', async () => {
      const person = await loginAs(app, 'consent@example.test', STRONG);
      const me = await get(app, '/api/config/user', person);
      expect(me.json()).toMatchObject({ activeClient: { clientId: String(beta.clientId) } });
      const switched = await app.inject({
        method: 'GET',
        url: `/api/config/switch/clients?clientId=${alpha.clientId}`,
        headers: person.bearerHeaders,
      });
      expect(switched.statusCode).toBe(200);
      const next = await loginAs(app, 'consent@example.test', STRONG);
      expect((await get(app, '/api/config/user', next)).json()).toMatchObject({
        activeClient: { clientId: String(alpha.clientId) },
      });
    });
  });

  describe('invitations', () => {
    it('e-mails the link through the queue; the outbox keeps no link after sending', async () => {
      const invited = await post(app, '/api/config/invitations', ownerA, {
        clientId: alpha.clientId,
        email: 'mailed@example.test',
        role: 'admin',
      });
      expect(invited.statusCode).toBe(201);
      expect(invited.json()).toMatchObject({ delivery: 'email', link: null });
      const queued = await t.db
        .selectFrom('account_emails')
        .selectAll()
        .where('to_email', '=', 'mailed@example.test')
        .executeTakeFirstOrThrow();
      expect(queued.status).toBe('queued');
      expect(queued.link_encrypted).not.toContain('#token=');
      await drain();
      const mail = await sink.waitFor(mailTo('mailed@example.test'));
      expect(mail.subject).toBe('You are invited to Alpha Dental on the scheduler');
      expect(mail.text).toContain('owner invited you to join Alpha Dental as administrator.');
      const token = linkIn(mail, '/admin/accept-invitation');
      const sent = await t.db
        .selectFrom('account_emails')
        .selectAll()
        .where('id', '=', queued.id)
        .executeTakeFirstOrThrow();
      expect(sent).toMatchObject({ status: 'sent', link_encrypted: null });
      const accepted = await post(app, '/api/config/invitations/accept', undefined, {
        token,
        displayName: 'Mailed Person',
        password: STRONG_2,
      });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toMatchObject({
        session: { role: 'admin', activeClient: { name: 'Alpha Dental' } },
      });
      expect(accepted.cookies.find((cookie) => cookie.name === 'sid')?.value).toBe(
        accepted.json<{ token: string }>().token,
      );
    });

    it('expires after 72 hours, can be revoked, and lists pending/expired/accepted/revoked', async () => {
      const make = async (email: string) =>
        (
          await post(linkApp, '/api/config/invitations', ownerA, {
            clientId: alpha.clientId,
            email,
            role: 'staff',
          })
        ).json<{ invitation: { invitationId: string }; link: string }>();
      const expiring = await make('late@example.test');
      const revoked = await make('revoked@example.test');
      const revoke = await app.inject({
        method: 'DELETE',
        url: `/api/config/invitations/${revoked.invitation.invitationId}?clientId=${alpha.clientId}`,
        headers: ownerA.bearerHeaders,
      });
      expect(revoke.statusCode).toBe(200);
      const tooLate = await post(app, '/api/config/invitations/accept', undefined, {
        token: tokenOf(revoked.link),
        displayName: 'R',
        password: STRONG_2,
      });
      expect(tooLate.statusCode).toBe(400);
      clock += 72 * 60 * 60 * 1000 + 1000;
      ownerA = await loginAs(app, 'owner@alpha.test', STRONG);
      ownerB = await loginAs(app, 'owner@beta.test', STRONG);
      const expired = await post(app, '/api/config/invitations/lookup', undefined, {
        token: tokenOf(expiring.link),
      });
      expect(expired.statusCode).toBe(400);
      const list = await get(app, `/api/config/invitations?clientId=${alpha.clientId}`, ownerA);
      const statuses = new Map(
        list
          .json<{ items: { email: string; status: string }[] }>()
          .items.map((item) => [item.email, item.status]),
      );
      expect(statuses.get('late@example.test')).toBe('expired');
      expect(statuses.get('revoked@example.test')).toBe('revoked');
      expect(statuses.get('mailed@example.test')).toBe('accepted');
      const onlyExpired = await get(
        app,
        `/api/config/invitations?clientId=${alpha.clientId}&status=expired`,
        ownerA,
      );
      expect(
        onlyExpired.json<{ items: { status: string }[] }>().items.every((item) => item.status === 'expired'),
      ).toBe(true);
      // Another brand's owner cannot see or revoke them.
      const foreign = await get(app, `/api/config/invitations?clientId=${alpha.clientId}`, ownerB);
      expect(foreign.statusCode).toBe(403);
    });

    it('refuses a common password for a new account with a clear message', async () => {
      const invited = await post(linkApp, '/api/config/invitations', ownerA, {
        clientId: alpha.clientId,
        email: 'weak@example.test',
        role: 'staff',
      });
      const token = tokenOf(invited.json<{ link: string }>().link);
      for (const password of ['password1234', 'qwertyuiop123', 'short']) {
        const response = await post(app, '/api/config/invitations/accept', undefined, {
          token,
          displayName: 'Weak',
          password,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          error: { code: 'VALIDATION', details: { fields: [{ path: 'password' }] } },
        });
      }
    });
  });

  describe('password change, reset and sessions', () => {
    it('changes the password with the current one; every other session ends', async () => {
      const first = await newMember(ownerA, alpha.clientId, 'changer@example.test');
      const second = await loginAs(app, 'changer@example.test', STRONG);
      const wrong = await post(app, '/api/config/password', first, {
        currentPassword: 'not-it',
        newPassword: STRONG_2,
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ error: { details: { fields: [{ path: 'currentPassword' }] } } });
      const changed = await post(app, '/api/config/password', first, {
        currentPassword: STRONG,
        newPassword: STRONG_2,
      });
      expect(changed.statusCode).toBe(200);
      expect((await get(app, '/api/config/user', first)).statusCode).toBe(200);
      expect((await get(app, '/api/config/user', second)).statusCode).toBe(401);
      await expect(loginAs(app, 'changer@example.test', STRONG)).rejects.toThrow();
      await loginAs(app, 'changer@example.test', STRONG_2);
    });

    it('answers a reset request identically for an account and an unknown address', async () => {
      const known = await post(app, '/api/config/password/forgot', undefined, {
        email: 'changer@example.test',
      });
      const unknown = await post(app, '/api/config/password/forgot', undefined, {
        email: 'no-such@example.test',
      });
      expect(known.statusCode).toBe(202);
      expect(unknown.statusCode).toBe(202);
      expect(known.body).toBe(unknown.body);
      expect(known.headers['content-type']).toBe(unknown.headers['content-type']);
      expect(
        await t.db
          .selectFrom('account_emails')
          .select('id')
          .where('to_email', '=', 'no-such@example.test')
          .execute(),
      ).toEqual([]);
    });

    it('resets by e-mail link (single use, 1 hour); every session ends', async () => {
      const session = await loginAs(app, 'changer@example.test', STRONG_2);
      await drain();
      const mail = await sink.waitFor(mailTo('changer@example.test'));
      expect(mail.subject).toBe('Choose a new password for the scheduler');
      const token = linkIn(mail, '/admin/reset-password');
      // Only the token's SHA-256 is stored; the queued link was cleared once sent.
      const resets = await t.db.selectFrom('password_resets').selectAll().execute();
      expect(JSON.stringify(resets)).not.toContain(token);
      expect(resets.some((row) => row.token_hash === hashSessionToken(token))).toBe(true);
      const outbox = await t.db
        .selectFrom('account_emails')
        .selectAll()
        .where('kind', '=', 'password-reset')
        .execute();
      expect(outbox.every((row) => row.link_encrypted === null && row.status === 'sent')).toBe(true);
      const weak = await post(app, '/api/config/password/reset', undefined, {
        token,
        newPassword: 'password1234',
      });
      expect(weak.statusCode).toBe(400);
      const reset = await post(app, '/api/config/password/reset', undefined, {
        token,
        newPassword: STRONG_3,
      });
      expect(reset.statusCode).toBe(200);
      expect((await get(app, '/api/config/user', session)).statusCode).toBe(401);
      const again = await post(app, '/api/config/password/reset', undefined, { token, newPassword: STRONG });
      expect(again.statusCode).toBe(400);
      await loginAs(app, 'changer@example.test', STRONG_3);
      // A link older than an hour no longer works.
      await post(app, '/api/config/password/forgot', undefined, { email: 'changer@example.test' });
      await drain();
      const second = await sink.waitFor(
        (m) => mailTo('changer@example.test')(m) && linkIn(m, '/admin/reset-password') !== token,
      );
      clock += 61 * 60 * 1000;
      const late = await post(app, '/api/config/password/reset', undefined, {
        token: linkIn(second, '/admin/reset-password'),
        newPassword: STRONG,
      });
      expect(late.statusCode).toBe(400);
      ownerA = await loginAs(app, 'owner@alpha.test', STRONG);
      ownerB = await loginAs(app, 'owner@beta.test', STRONG);
    });

    it('lists own sessions, ends one, ends all others', async () => {
      const a = await loginAs(app, 'changer@example.test', STRONG_3);
      const b = await loginAs(app, 'changer@example.test', STRONG_3);
      const c = await loginAs(app, 'changer@example.test', STRONG_3);
      const list = await get(app, '/api/config/sessions', a);
      const items = list.json<{ items: { sessionId: string; current: boolean; ipHint: string | null }[] }>()
        .items;
      expect(items.length).toBeGreaterThanOrEqual(3);
      expect(items.filter((item) => item.current)).toHaveLength(1);
      expect(items[0]?.ipHint).toMatch(/\.x$/);
      const bId = (await get(app, '/api/config/sessions', b))
        .json<{ items: { sessionId: string; current: boolean }[] }>()
        .items.find((item) => item.current)?.sessionId;
      const ended = await app.inject({
        method: 'DELETE',
        url: `/api/config/sessions/${bId}`,
        headers: a.cookieHeaders,
      });
      expect(ended.statusCode).toBe(200);
      expect((await get(app, '/api/config/user', b)).statusCode).toBe(401);
      // Another person's session id is not found.
      const foreign = await app.inject({
        method: 'DELETE',
        url: `/api/config/sessions/${bId}`,
        headers: ownerA.cookieHeaders,
      });
      expect(foreign.statusCode).toBe(404);
      const others = await post(app, '/api/config/sessions/end-others', a, {});
      expect(others.json<{ ended: number }>().ended).toBeGreaterThanOrEqual(1);
      expect((await get(app, '/api/config/user', c)).statusCode).toBe(401);
      expect((await get(app, '/api/config/user', a)).statusCode).toBe(200);
    });
  });

  describe('owner actions: disable, force reset — never a password', () => {
    it('disables a member in this brand (their sessions there end) and enables them again', async () => {
      const member = await newMember(ownerA, alpha.clientId, 'disabled@example.test');
      const userId = (
        await t.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'disabled@example.test')
          .executeTakeFirstOrThrow()
      ).id;
      const disabled = await post(
        app,
        `/api/config/users/${userId}/disable?clientId=${alpha.clientId}`,
        ownerA,
        {},
      );
      expect(disabled.statusCode).toBe(200);
      expect(disabled.json()).toMatchObject({ user: { disabled: true } });
      expect((await get(app, '/api/config/user', member)).statusCode).toBe(401);
      const again = await loginAs(app, 'disabled@example.test', STRONG);
      const data = await app.inject({
        method: 'GET',
        url: `/api/config/users?clientId=${alpha.clientId}`,
        headers: again.bearerHeaders,
      });
      expect(data.statusCode).toBe(403);
      // Another brand's owner cannot disable them.
      const foreign = await post(
        app,
        `/api/config/users/${userId}/disable?clientId=${beta.clientId}`,
        ownerB,
        {},
      );
      expect(foreign.statusCode).toBe(404);
      const enabled = await post(
        app,
        `/api/config/users/${userId}/enable?clientId=${alpha.clientId}`,
        ownerA,
        {},
      );
      expect(enabled.json()).toMatchObject({ user: { disabled: false } });
    });

    it('forces a reset: sessions end and the next sign-in must choose a new password', async () => {
      const member = await loginAs(app, 'disabled@example.test', STRONG);
      const userId = (
        await t.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'disabled@example.test')
          .executeTakeFirstOrThrow()
      ).id;
      const forced = await post(
        app,
        `/api/config/users/${userId}/force-reset?clientId=${alpha.clientId}`,
        ownerA,
        {},
      );
      expect(forced.statusCode).toBe(200);
      expect(forced.body).not.toMatch(/password"/i);
      expect((await get(app, '/api/config/user', member)).statusCode).toBe(401);
      const login = await post(app, '/api/config/login', undefined, {
        email: 'disabled@example.test',
        password: STRONG,
      });
      expect(login.statusCode).toBe(200);
      const step = login.json<{ step: string; challenge: string }>();
      expect(step.step).toBe('password-change');
      expect(login.cookies.find((cookie) => cookie.name === 'sid')).toBeUndefined();
      const same = await post(app, '/api/config/login/password-change', undefined, {
        challenge: step.challenge,
        newPassword: 'password1234',
      });
      expect(same.statusCode).toBe(400);
      const changed = await post(app, '/api/config/login/password-change', undefined, {
        challenge: step.challenge,
        newPassword: STRONG_2,
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toMatchObject({ session: { user: { email: 'disabled@example.test' } } });
      await loginAs(app, 'disabled@example.test', STRONG_2);
    });
  });

  describe('two-factor sign-in (TOTP)', () => {
    it('enrols, confirms, asks for the code at sign-in, refuses a replay, disables', async () => {
      const person = await newMember(ownerA, alpha.clientId, 'totp@example.test');
      const enrol = await post(app, '/api/config/two-factor/enrol', person, { currentPassword: STRONG });
      expect(enrol.statusCode).toBe(200);
      const { secret, otpauthUri } = enrol.json<{ secret: string; otpauthUri: string }>();
      expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
      const stored = await t.db
        .selectFrom('users')
        .select('totp_pending_encrypted')
        .where('email', '=', 'totp@example.test')
        .executeTakeFirstOrThrow();
      expect(stored.totp_pending_encrypted).not.toContain(secret);
      const bad = await post(app, '/api/config/two-factor/confirm', person, { code: '000000' });
      expect(bad.statusCode).toBe(400);
      const confirmed = await post(app, '/api/config/two-factor/confirm', person, {
        code: totpCode(secret, clock),
      });
      expect(confirmed.json()).toEqual({ enabled: true });

      clock += 60_000;
      const first = await post(app, '/api/config/login', undefined, {
        email: 'totp@example.test',
        password: STRONG,
      });
      const step = first.json<{ step: string; challenge: string }>();
      expect(step.step).toBe('two-factor');
      const wrong = await post(app, '/api/config/login/two-factor', undefined, {
        challenge: step.challenge,
        code: '123456',
      });
      expect(wrong.statusCode).toBe(401);
      const code = totpCode(secret, clock);
      const signedIn = await post(app, '/api/config/login/two-factor', undefined, {
        challenge: step.challenge,
        code,
      });
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json()).toMatchObject({ session: { user: { email: 'totp@example.test' } } });
      // The same code again (a replay) and the same challenge again are refused.
      const replayStep = (
        await post(app, '/api/config/login', undefined, { email: 'totp@example.test', password: STRONG })
      ).json<{ challenge: string }>();
      const replay = await post(app, '/api/config/login/two-factor', undefined, {
        challenge: replayStep.challenge,
        code,
      });
      expect(replay.statusCode).toBe(401);
      const reuse = await post(app, '/api/config/login/two-factor', undefined, {
        challenge: step.challenge,
        code,
      });
      expect(reuse.statusCode).toBe(401);

      clock += 60_000;
      const token = signedIn.json<{ token: string }>().token;
      const session = (await loginAfterTotp('totp@example.test', secret)) ?? token;
      const off = await app.inject({
        method: 'POST',
        url: '/api/config/two-factor/disable',
        headers: { authorization: `Bearer ${session}` },
        payload: { currentPassword: STRONG, code: totpCode(secret, clock + 30_000) },
      });
      expect(off.json()).toEqual({ enabled: false });
    });

    async function loginAfterTotp(email: string, secret: string): Promise<string | undefined> {
      const step = (await post(app, '/api/config/login', undefined, { email, password: STRONG })).json<{
        challenge: string;
      }>();
      const response = await post(app, '/api/config/login/two-factor', undefined, {
        challenge: step.challenge,
        code: totpCode(secret, clock),
      });
      return response.statusCode === 200 ? response.json<{ token: string }>().token : undefined;
    }

    it('a brand can require owners to enrol before they use the admin', async () => {
      const refused = await app.inject({
        method: 'PUT',
        url: '/api/config/account-security',
        headers: ownerB.cookieHeaders,
        payload: { clientId: beta.clientId, requireOwnerTwoFactor: true },
      });
      expect(refused.statusCode).toBe(409);
      const enrol = await post(app, '/api/config/two-factor/enrol', ownerB, { currentPassword: STRONG });
      const { secret } = enrol.json<{ secret: string }>();
      await post(app, '/api/config/two-factor/confirm', ownerB, { code: totpCode(secret, clock) });
      const on = await app.inject({
        method: 'PUT',
        url: '/api/config/account-security',
        headers: ownerB.cookieHeaders,
        payload: { clientId: beta.clientId, requireOwnerTwoFactor: true },
      });
      expect(on.json()).toEqual({ requireOwnerTwoFactor: true });
      // Another owner of the brand without two-factor is stopped at every owner route.
      const second = await newMember(ownerB, beta.clientId, 'owner2@beta.test', 'owner');
      const blocked = await get(app, `/api/config/users?clientId=${beta.clientId}`, second);
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json()).toMatchObject({ error: { details: { reason: 'two-factor-required' } } });
      expect((await get(app, '/api/config/account', second)).json()).toMatchObject({
        twoFactorRequired: true,
      });
      const allowed = await get(app, `/api/config/users?clientId=${beta.clientId}`, ownerB);
      expect(allowed.statusCode).toBe(200);
    });
  });

  describe('the first owner from a command line', () => {
    it('createOwner refuses a weak password; inviteOwner answers a link', async () => {
      await expect(
        createOwner(t.db, { email: 'cli@gamma.test', brandName: 'Gamma', password: 'password1234' }),
      ).rejects.toThrow();
      const invited = await inviteOwner(t.db, {
        email: 'cli@gamma.test',
        brandName: 'Gamma',
        publicUrl: PUBLIC_URL,
        now: clock,
      });
      expect(invited.delivery).toBe('link');
      const accepted = await post(app, '/api/config/invitations/accept', undefined, {
        token: tokenOf(invited.link),
        displayName: 'Gamma Owner',
        password: STRONG,
      });
      expect(accepted.json()).toMatchObject({ session: { role: 'owner', activeClient: { slug: 'gamma' } } });
    });
  });
});
