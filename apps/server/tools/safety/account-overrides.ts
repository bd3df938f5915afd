/** Sample-request rules of the staff account routes (issue 15), spread into OVERRIDES (sample-overrides.ts). */
import { randomBytes, randomUUID } from 'node:crypto';
import { DEMO_PASSWORDS } from '../../src/test/staff-login.ts';
import type { CatalogueRoute } from './route-catalogue.ts';
import type { SafetyFixture } from './safety-fixture.ts';
import { NOW } from './safety-fixture.ts';
import type { RequestParts, SampleOptions } from './sample-parts.ts';

type Override = (
  f: SafetyFixture,
  route: CatalogueRoute,
  options: SampleOptions,
  parts: RequestParts & { body: Record<string, unknown> },
) => Promise<void>;

/** A well-formed link token or sign-in challenge that matches nothing (issue 15 account routes). */
const unknownToken = () => randomBytes(32).toString('base64url');

/** A throwaway staff member of the brand, for the owner actions that change a member's access. */
async function throwawayMember(f: SafetyFixture, clientId: number | undefined): Promise<string> {
  const at = NOW.getTime();
  const user = await f.db
    .insertInto('users')
    .values({
      email: `member-${randomUUID()}@safety.test`,
      password_hash: 'unusable',
      display_name: 'Throwaway Member',
      created_at: at,
      updated_at: at,
      last_login_at: null,
      disabled_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await f.db
    .insertInto('memberships')
    .values({ user_id: user.id, client_id: clientId ?? 0, role: 'staff', created_at: at })
    .execute();
  return String(user.id);
}

/** A pending invitation of the brand (made through the API as its owner). */
async function pendingInvitation(
  f: SafetyFixture,
  clientId: number | undefined,
): Promise<string | undefined> {
  const response = await f.app.inject({
    method: 'POST',
    url: '/api/config/invitations',
    headers: f.logins.owner.bearerHeaders,
    payload: { clientId, email: `invitee-${randomUUID()}@safety.test`, role: 'viewer' },
  });
  return response.statusCode === 201
    ? response.json<{ invitation: { invitationId: string } }>().invitation.invitationId
    : undefined;
}

/**
 * A throwaway session of the caller (default: owner@): a second sign-in, found as the current one in
 * its own session list. Ending it leaves the session the request is sent with alive.
 */
async function throwawaySession(f: SafetyFixture, options: SampleOptions): Promise<string | undefined> {
  const login = await f.login(options.caller ?? 'owner');
  const response = await f.app.inject({
    method: 'GET',
    url: '/api/config/sessions',
    headers: login.bearerHeaders,
  });
  if (response.statusCode !== 200) return undefined;
  const { items } = response.json<{ items: { sessionId: string; current: boolean }[] }>();
  return items.find((item) => item.current)?.sessionId;
}

const memberAction: Override = async (f, _route, options, parts) => {
  if (options.mode === 'success') parts.params.userId = await throwawayMember(f, options.brand.ids.clientId);
};
const invitationAction: Override = async (f, _route, options, parts) => {
  const id = options.mode === 'success' ? await pendingInvitation(f, options.brand.ids.clientId) : undefined;
  if (id !== undefined) parts.params.invitationId = id;
};
const tokenBody: Override = (_f, _route, _options, parts) => {
  parts.body.token = unknownToken();
  return Promise.resolve();
};
const codeBody: Override = (_f, _route, _options, parts) => {
  Object.assign(parts.body, { code: '123456', currentPassword: DEMO_PASSWORDS.owner });
  return Promise.resolve();
};

export const ACCOUNT_OVERRIDES: Record<string, Override> = {
  'POST /api/config/login/two-factor': (_f, _route, _options, parts) => {
    Object.assign(parts.body, { challenge: unknownToken(), code: '123456' });
    return Promise.resolve();
  },
  'POST /api/config/login/password-change': (_f, _route, _options, parts) => {
    Object.assign(parts.body, { challenge: unknownToken(), newPassword: 'safety-harbour-lantern-2026' });
    return Promise.resolve();
  },
  'POST /api/config/invitations/lookup': tokenBody,
  'POST /api/config/invitations/accept': tokenBody,
  'POST /api/config/password/reset': (_f, _route, _options, parts) => {
    Object.assign(parts.body, { token: unknownToken(), newPassword: 'safety-harbour-lantern-2026' });
    return Promise.resolve();
  },
  'POST /api/config/two-factor/enrol': codeBody,
  'POST /api/config/two-factor/confirm': codeBody,
  'POST /api/config/two-factor/disable': codeBody,
  // POST /api/config/users makes an invitation now, not a user: the victims are throwaway members.
  'PATCH /api/config/users/:userId': memberAction,
  'DELETE /api/config/users/:userId': memberAction,
  'POST /api/config/users/:userId/disable': memberAction,
  'POST /api/config/users/:userId/enable': memberAction,
  'POST /api/config/users/:userId/force-reset': memberAction,
  'POST /api/config/invitations/:invitationId/resend': invitationAction,
  'DELETE /api/config/invitations/:invitationId': invitationAction,
  // Ends one of the caller's sessions: another one than the caller's (not the matrix's own).
  'DELETE /api/config/sessions/:sessionId': async (f, _route, options, parts) => {
    const id = options.mode === 'success' ? await throwawaySession(f, options) : undefined;
    if (id !== undefined) parts.params.sessionId = id;
  },
  'PUT /api/config/account-security': (_f, _route, _options, parts) => {
    parts.body.requireOwnerTwoFactor = false;
    return Promise.resolve();
  },
};
