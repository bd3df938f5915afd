/**
 * The contract of the config/auth API (`/api/config/*`, spec section 7 "Config/auth API") used by
 * the admin area: sign-in, the signed-in user, the client brands and switching between them,
 * sign-out, and (owners only) the practice's users.
 *
 * Sessions: POST login sets an HttpOnly `sid` cookie and a JS-readable `XSRF-TOKEN` cookie, and
 * also answers `{ token, expiresAt }` so that a browser that blocks cookies can send
 * `Authorization: Bearer <token>` instead (kept in local storage with its expiry).
 */
import * as z from 'zod';
import { PERMISSIONS, ROLES } from '@scheduler/domain/roles';
import { emailSchema, isoInstantSchema } from './common.ts';

/** A database record id: a positive whole number, sent as a number or as digits. */
export const recordIdSchema = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,10}$/, { error: 'Choose a valid option' }),
    ],
    {
      error: 'Choose a valid option',
    },
  )
  .transform((value) => Number(value))
  .pipe(
    z
      .number()
      .int({ error: 'Choose a valid option' })
      .positive({ error: 'Choose a valid option' })
      .max(2_147_483_647, { error: 'Choose a valid option' }),
  );

export const roleSchema = z.enum(ROLES, { error: 'Choose a role' });
export const permissionSchema = z.enum(PERMISSIONS);

// ---------------------------------------------------------------- POST login (and adminLogin)

export const PASSWORD_MAX_LENGTH = 1024;

/** Deliberately lenient about the e-mail's form: a typo gets the same answer as a wrong password. */
export const loginRequestSchema = z.object({
  email: z
    .string({ error: 'Enter your e-mail address' })
    .trim()
    .toLowerCase()
    .min(1, { error: 'Enter your e-mail address' })
    .max(254, { error: 'Enter a valid e-mail address' }),
  password: z
    .string({ error: 'Enter your password' })
    .min(1, { error: 'Enter your password' })
    .max(PASSWORD_MAX_LENGTH, { error: 'Enter a valid password' }),
});
export type LoginRequest = z.output<typeof loginRequestSchema>;

// ---------------------------------------------------------------- GET user

export const membershipSchema = z.object({
  clientId: z.string(),
  clientName: z.string(),
  clientSlug: z.string(),
  role: roleSchema,
});
export type Membership = z.output<typeof membershipSchema>;

export const currentUserResponseSchema = z.object({
  user: z.object({ userId: z.string(), email: z.string(), displayName: z.string() }),
  /** Every brand the user belongs to, with the role there. */
  memberships: z.array(membershipSchema),
  /** The session's active brand (null when the user belongs to none). */
  activeClient: z.object({ clientId: z.string(), name: z.string(), slug: z.string() }).nullable(),
  /** The role in the active brand. */
  role: roleSchema.nullable(),
  /** Derived from `role` (see roles.ts); the admin slice's `permissions`. */
  permissions: z.array(permissionSchema),
  /** When the session ends at the latest (it also ends after 30 minutes without a request). */
  expiresAt: isoInstantSchema,
  /** How this request was authenticated. */
  authMethod: z.enum(['cookie', 'bearer']),
});
export type CurrentUserResponse = z.output<typeof currentUserResponseSchema>;

export const loginResponseSchema = z.object({
  /** The opaque session token, for the bearer fallback only (the cookie carries it otherwise). */
  token: z.string(),
  expiresAt: isoInstantSchema,
  session: currentUserResponseSchema,
});
export type LoginResponse = z.output<typeof loginResponseSchema>;

// ---------------------------------------------------------------- GET clients, GET switch/clients

export const clientBrandSchema = z.object({
  clientId: z.string(),
  name: z.string(),
  slug: z.string(),
  role: roleSchema,
  /** The brand's schedulers: the admin URL's `ruleId` is a `schedulerId`. */
  schedulers: z.array(z.object({ schedulerId: z.string(), name: z.string(), slug: z.string() })),
});
export type ClientBrand = z.output<typeof clientBrandSchema>;

export const clientsResponseSchema = z.object({ clients: z.array(clientBrandSchema) });
export type ClientsResponse = z.output<typeof clientsResponseSchema>;

export const switchClientsQuerySchema = z.object({ clientId: recordIdSchema });

export const okResponseSchema = z.object({ ok: z.literal(true) });

// ---------------------------------------------------------------- users (owners only)

export const DISPLAY_NAME_MAX_LENGTH = 100;

export const practiceUserSchema = z.object({
  userId: z.string(),
  email: z.string(),
  displayName: z.string(),
  role: roleSchema,
  lastLoginAt: isoInstantSchema.nullable(),
  disabled: z.boolean(),
});
export type PracticeUser = z.output<typeof practiceUserSchema>;

export const brandScopeQuerySchema = z.object({
  /** The brand; the session's active brand when absent. */
  clientId: recordIdSchema.optional(),
});

export const listUsersResponseSchema = z.object({ users: z.array(practiceUserSchema) });

export const addUserRequestSchema = z.object({
  clientId: recordIdSchema.optional(),
  email: emailSchema.transform((value) => value.toLowerCase()),
  displayName: z
    .string({ error: 'Enter a name' })
    .trim()
    .min(1, { error: 'Enter a name' })
    .max(DISPLAY_NAME_MAX_LENGTH, {
      error: `Keep the name to ${DISPLAY_NAME_MAX_LENGTH} characters or fewer`,
    }),
  role: roleSchema,
});
export type AddUserRequest = z.output<typeof addUserRequestSchema>;

/**
 * @deprecated Issue 15: POST /api/config/users makes an invitation and answers
 * `invitationCreatedResponseSchema` (admin/accounts.ts); no password is ever answered.
 */
export const addUserResponseSchema = z.object({
  user: practiceUserSchema,
  /** True when a new account was made (false: an existing account was added to the practice). */
  created: z.boolean(),
  /** A new account's temporary password, shown once; null for an existing account. */
  temporaryPassword: z.string().nullable(),
});
export type AddUserResponse = z.output<typeof addUserResponseSchema>;

export const userParamsSchema = z.object({ userId: recordIdSchema });

export const changeRoleRequestSchema = z.object({
  clientId: recordIdSchema.optional(),
  role: roleSchema,
});

export const practiceUserResponseSchema = z.object({ user: practiceUserSchema });
