/**
 * Staff accounts (issue 15, "Accounts"): invitations, the person's own password, sessions and
 * two-factor sign-in, and what an owner may do to a member (disable, force a reset — never set a
 * password). Every route is under `/api/config/`; see apps/server/src/contexts/staff/.
 *
 * Links sent by e-mail carry their token in the URL FRAGMENT (never sent to a server, never in a
 * log): `${PUBLIC_URL}${ACCEPT_INVITATION_PATH}#token=…`, `${PUBLIC_URL}${RESET_PASSWORD_PATH}#token=…`.
 * The screens read it from `location.hash` and post it in the body.
 *
 * Routes (owner = permission users:manage in the brand; "signed in" = any session):
 *  - POST   /api/config/invitations                         owner   createInvitationRequest → invitationCreatedResponse (201)
 *  - POST   /api/config/users                               owner   the same (kept route; was "add a user")
 *  - GET    /api/config/invitations?status=                 owner   listInvitationsQuery → invitationsResponse
 *  - POST   /api/config/invitations/:invitationId/resend    owner   → invitationCreatedResponse (a new link; the old one stops working)
 *  - DELETE /api/config/invitations/:invitationId           owner   → okResponse (revoke)
 *  - POST   /api/config/invitations/lookup                  public  invitationTokenRequest → invitationLookupResponse
 *  - POST   /api/config/invitations/accept                  public* acceptInvitationRequest → acceptInvitationResponse
 *  - GET    /api/config/account                             signed in → accountResponse
 *  - POST   /api/config/password                            signed in changePasswordRequest → okResponse (ends every other session)
 *  - POST   /api/config/password/forgot                     public  forgotPasswordRequest → forgotPasswordResponse (202, always the same)
 *  - POST   /api/config/password/reset                      public  resetPasswordRequest → okResponse (ends every session)
 *  - GET    /api/config/sessions                            signed in → sessionsResponse
 *  - DELETE /api/config/sessions/:sessionId                 signed in → okResponse
 *  - POST   /api/config/sessions/end-others                 signed in → endedSessionsResponse
 *  - POST   /api/config/two-factor/enrol                    signed in twoFactorEnrolRequest → twoFactorEnrolResponse
 *  - POST   /api/config/two-factor/confirm                  signed in twoFactorCodeRequest → twoFactorStatusResponse
 *  - POST   /api/config/two-factor/disable                  signed in twoFactorDisableRequest → twoFactorStatusResponse
 *  - POST   /api/config/login, /api/scheduler/adminLogin    public  loginRequest → loginAnswer (a session, or a second step)
 *  - POST   /api/config/login/two-factor                    public  loginTwoFactorRequest → loginAnswer
 *  - POST   /api/config/login/password-change               public  loginPasswordChangeRequest → loginAnswer
 *  - POST   /api/config/users/:userId/disable               owner   brandScopeQuery → practiceUserResponse (their sessions in this brand end)
 *  - POST   /api/config/users/:userId/enable                owner   brandScopeQuery → practiceUserResponse
 *  - POST   /api/config/users/:userId/force-reset           owner   brandScopeQuery → okResponse (every session ends; next sign-in must choose a new password)
 *  - GET    /api/config/account-security                    owner   → accountSecurityResponse
 *  - PUT    /api/config/account-security                    owner   accountSecurityRequest → accountSecurityResponse
 *
 * (*) accept: with a session of the invited account (cookie + X-XSRF-TOKEN, or bearer) the
 * membership is added (consent); without one, `password` + `displayName` create a NEW account.
 * An invitation to an e-mail that already has an account can only be accepted signed in.
 */
import * as z from 'zod';
import { emailSchema, isoInstantSchema } from '../common.ts';
import {
  DISPLAY_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  currentUserResponseSchema,
  loginResponseSchema,
  okResponseSchema,
  recordIdSchema,
  roleSchema,
} from '../admin-auth.ts';

/** The web routes the e-mailed links open (the token follows as `#token=…`). */
export const ACCEPT_INVITATION_PATH = '/admin/accept-invitation';
export const RESET_PASSWORD_PATH = '/admin/reset-password';

/** Lives of the single-use links. */
export const INVITATION_LIFETIME_HOURS = 72;
export const PASSWORD_RESET_LIFETIME_MINUTES = 60;

// ---------------------------------------------------------------- the password policy (length here; the
// common/breached-password check runs on the server, apps/server/src/platform/auth/password-policy.ts,
// and answers a VALIDATION error on the same field)

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_TOO_SHORT_MESSAGE = `Use at least ${PASSWORD_MIN_LENGTH} characters`;
export const PASSWORD_TOO_COMMON_MESSAGE =
  'This password is too common or has appeared in a data breach. Choose a less guessable one.';

/** A new password (the server also refuses common and breached ones). */
export const newPasswordSchema = z
  .string({ error: 'Enter a new password' })
  .min(PASSWORD_MIN_LENGTH, { error: PASSWORD_TOO_SHORT_MESSAGE })
  .max(PASSWORD_MAX_LENGTH, { error: `Keep the password to ${PASSWORD_MAX_LENGTH} characters or fewer` });

const currentPasswordSchema = z
  .string({ error: 'Enter your current password' })
  .min(1, { error: 'Enter your current password' })
  .max(PASSWORD_MAX_LENGTH, { error: 'Enter a valid password' });

/** A link's token: 32 random bytes, base64url (43 characters). */
export const linkTokenSchema = z
  .string({ error: 'This link is not valid' })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'This link is not valid' });

const displayNameSchema = z
  .string({ error: 'Enter your name' })
  .trim()
  .min(1, { error: 'Enter your name' })
  .max(DISPLAY_NAME_MAX_LENGTH, {
    error: `Keep the name to ${DISPLAY_NAME_MAX_LENGTH} characters or fewer`,
  });

/** A TOTP code: 6 digits (spaces tolerated). */
export const totpCodeSchema = z
  .string({ error: 'Enter the 6-digit code' })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: 'Enter the 6-digit code' }));

export { okResponseSchema };

// ---------------------------------------------------------------- invitations (owners)

export const INVITATION_STATUSES = ['pending', 'expired', 'accepted', 'revoked'] as const;
export const invitationStatusSchema = z.enum(INVITATION_STATUSES);
export type InvitationStatus = z.output<typeof invitationStatusSchema>;

export const createInvitationRequestSchema = z.object({
  clientId: recordIdSchema.optional(),
  email: emailSchema.transform((value) => value.toLowerCase()),
  role: roleSchema,
  /** Ignored (the person enters their own name on acceptance); accepted for the old add-user form. */
  displayName: z.string().max(DISPLAY_NAME_MAX_LENGTH).optional(),
});
export type CreateInvitationRequest = z.output<typeof createInvitationRequestSchema>;

/** An invitation as owners see it: nothing about any account the e-mail may have. */
export const invitationSchema = z.object({
  invitationId: z.string(),
  email: z.string(),
  role: roleSchema,
  status: invitationStatusSchema,
  createdAt: isoInstantSchema,
  expiresAt: isoInstantSchema,
  acceptedAt: isoInstantSchema.nullable(),
  revokedAt: isoInstantSchema.nullable(),
  /** Display name of the owner who sent it. */
  invitedBy: z.string().nullable(),
});
export type Invitation = z.output<typeof invitationSchema>;

/**
 * The answer to an invitation: the same shape whether or not the e-mail has an account.
 * `delivery: 'email'` — queued for the configured SMTP server, `link` null;
 * `delivery: 'link'` — no e-mail transport is configured: `link` is shown to the inviting owner
 * once (it cannot be shown again; resend makes a new one).
 */
export const invitationCreatedResponseSchema = z.object({
  invitation: invitationSchema,
  delivery: z.enum(['email', 'link']),
  link: z.string().nullable(),
});
export type InvitationCreatedResponse = z.output<typeof invitationCreatedResponseSchema>;

export const listInvitationsQuerySchema = z.object({
  clientId: recordIdSchema.optional(),
  /** Absent: every status. */
  status: invitationStatusSchema.optional(),
});
export type ListInvitationsQuery = z.output<typeof listInvitationsQuerySchema>;

export const invitationsResponseSchema = z.object({ items: z.array(invitationSchema) });

export const invitationParamsSchema = z.object({ invitationId: recordIdSchema });

// ---------------------------------------------------------------- invitations (the invited person)

export const invitationTokenRequestSchema = z.object({ token: linkTokenSchema });

/** What the link's holder (the invited e-mail's owner) may know before accepting. */
export const invitationLookupResponseSchema = z.object({
  email: z.string(),
  clientName: z.string(),
  role: roleSchema,
  expiresAt: isoInstantSchema,
  /** True: sign in as `email` to accept. False: choose a name and a password. */
  accountExists: z.boolean(),
});
export type InvitationLookupResponse = z.output<typeof invitationLookupResponseSchema>;

export const acceptInvitationRequestSchema = z.object({
  token: linkTokenSchema,
  /** For a new account only (no session): the person's own name and password. */
  displayName: displayNameSchema.optional(),
  password: newPasswordSchema.optional(),
});
export type AcceptInvitationRequest = z.output<typeof acceptInvitationRequestSchema>;

/**
 * After acceptance the brand is the active one. A new account is signed in: `token`/`expiresAt`
 * as from login (and the cookies are set); accepted with a session: both null.
 */
export const acceptInvitationResponseSchema = z.object({
  token: z.string().nullable(),
  expiresAt: isoInstantSchema.nullable(),
  session: currentUserResponseSchema,
});
export type AcceptInvitationResponse = z.output<typeof acceptInvitationResponseSchema>;

// ---------------------------------------------------------------- own account, password

export const accountResponseSchema = z.object({
  email: z.string(),
  displayName: z.string(),
  twoFactorEnabled: z.boolean(),
  /** The active brand requires owners to use two-factor sign-in and this owner has not set it up. */
  twoFactorRequired: z.boolean(),
});
export type AccountResponse = z.output<typeof accountResponseSchema>;

export const changePasswordRequestSchema = z.object({
  currentPassword: currentPasswordSchema,
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.output<typeof changePasswordRequestSchema>;

export const forgotPasswordRequestSchema = z.object({
  email: z
    .string({ error: 'Enter your e-mail address' })
    .trim()
    .toLowerCase()
    .min(1, { error: 'Enter your e-mail address' })
    .max(254, { error: 'Enter a valid e-mail address' }),
});

export const FORGOT_PASSWORD_MESSAGE =
  'If an account uses this address, we have sent it a link to choose a new password. The link works once, for one hour.';

/** Always this answer (202), whether or not the account exists. */
export const forgotPasswordResponseSchema = z.object({ ok: z.literal(true), message: z.string() });

export const resetPasswordRequestSchema = z.object({
  token: linkTokenSchema,
  newPassword: newPasswordSchema,
});
export type ResetPasswordRequest = z.output<typeof resetPasswordRequestSchema>;

// ---------------------------------------------------------------- sessions

export const staffSessionSchema = z.object({
  sessionId: z.string(),
  createdAt: isoInstantSchema,
  lastSeenAt: isoInstantSchema,
  expiresAt: isoInstantSchema,
  /** The address it signed in from, shortened (IPv4 /24, IPv6 /48), e.g. `203.0.113.x`. */
  ipHint: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The session of this request. */
  current: z.boolean(),
});
export type StaffSession = z.output<typeof staffSessionSchema>;

export const sessionsResponseSchema = z.object({ items: z.array(staffSessionSchema) });
export const sessionParamsSchema = z.object({ sessionId: recordIdSchema });
export const endedSessionsResponseSchema = z.object({ ended: z.number().int().nonnegative() });

// ---------------------------------------------------------------- two-factor (TOTP, RFC 6238: SHA-1, 6 digits, 30 s)

export const twoFactorEnrolRequestSchema = z.object({ currentPassword: currentPasswordSchema });
/** Not active until confirmed with a code from the app. `otpauthUri` is for a QR code. */
export const twoFactorEnrolResponseSchema = z.object({ secret: z.string(), otpauthUri: z.string() });
export type TwoFactorEnrolResponse = z.output<typeof twoFactorEnrolResponseSchema>;

export const twoFactorCodeRequestSchema = z.object({ code: totpCodeSchema });
export const twoFactorDisableRequestSchema = z.object({
  currentPassword: currentPasswordSchema,
  code: totpCodeSchema,
});
export const twoFactorStatusResponseSchema = z.object({ enabled: z.boolean() });

// ---------------------------------------------------------------- sign-in steps

/**
 * A sign-in that needs another step: `two-factor` (POST login/two-factor with the code) or
 * `password-change` (an owner forced a reset: POST login/password-change with a new password).
 * `challenge` is single-use and lives 5 minutes.
 */
export const loginStepResponseSchema = z.object({
  step: z.enum(['two-factor', 'password-change']),
  challenge: linkTokenSchema,
  expiresAt: isoInstantSchema,
});
export type LoginStepResponse = z.output<typeof loginStepResponseSchema>;

/** The answer of both login routes and of each step: a session (loginResponse) or the next step. */
export const loginAnswerSchema = z.union([loginResponseSchema, loginStepResponseSchema]);
export type LoginAnswer = z.output<typeof loginAnswerSchema>;

export const loginTwoFactorRequestSchema = z.object({ challenge: linkTokenSchema, code: totpCodeSchema });
export const loginPasswordChangeRequestSchema = z.object({
  challenge: linkTokenSchema,
  newPassword: newPasswordSchema,
});

// ---------------------------------------------------------------- brand security (owners)

export const accountSecurityResponseSchema = z.object({ requireOwnerTwoFactor: z.boolean() });
export const accountSecurityRequestSchema = z.object({
  clientId: recordIdSchema.optional(),
  requireOwnerTwoFactor: z.boolean(),
});

export const TWO_FACTOR_REQUIRED_MESSAGE =
  'This practice requires owners to use two-factor sign-in. Set it up under Account to continue.';
