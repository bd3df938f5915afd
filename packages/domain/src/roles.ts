/**
 * Staff roles and what each may do. The server checks every staff call against this table; the
 * web app uses it (through the `permissions` list of GET /api/config/user) to hide what a role
 * may not do. Pure data: no framework, no I/O.
 *
 *  - owner:  everything, including managing the practice's users;
 *  - admin:  configuration + patients (everything but users);
 *  - staff:  patients, waitlist and reports, no configuration;
 *  - viewer: reports only.
 */

export const ROLES = ['owner', 'admin', 'staff', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  'config:read',
  'config:write',
  'patients:read',
  'patients:write',
  'waitlist:read',
  'waitlist:write',
  'reports:read',
  'users:manage',
  'audit:read',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  owner: 'Owner',
  admin: 'Administrator',
  staff: 'Staff',
  viewer: 'Viewer',
};

export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  owner: PERMISSIONS,
  admin: [
    'config:read',
    'config:write',
    'patients:read',
    'patients:write',
    'waitlist:read',
    'waitlist:write',
    'reports:read',
    'audit:read',
  ],
  staff: ['patients:read', 'patients:write', 'waitlist:read', 'waitlist:write', 'reports:read'],
  viewer: ['reports:read'],
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);
}

/** The permissions of a role, in the order of PERMISSIONS (an empty list for no role). */
export function permissionsOf(role: Role | null | undefined): Permission[] {
  if (role === null || role === undefined) return [];
  const granted = new Set(ROLE_PERMISSIONS[role]);
  return PERMISSIONS.filter((permission) => granted.has(permission));
}

export function roleHasPermission(role: Role | null | undefined, permission: Permission): boolean {
  return role !== null && role !== undefined && ROLE_PERMISSIONS[role].includes(permission);
}

/** True when a permissions list (e.g. the admin slice's) grants the permission. */
export function hasPermission(permissions: readonly string[], permission: Permission): boolean {
  return permissions.includes(permission);
}

/** The admin screens (spec section 2, admin shell children) and the permission each needs. */
export const ADMIN_SCREEN_PERMISSIONS = {
  managescheduler: 'config:read',
  providercontrol: 'config:read',
  providercontroleditprovider: 'config:write',
  waitlist: 'waitlist:read',
  configservices: 'config:read',
  insuranceconfig: 'config:read',
  locationconfig: 'config:read',
  reports: 'reports:read',
  widget: 'config:read',
  patients: 'patients:read',
  patientdetails: 'patients:read',
} as const satisfies Record<string, Permission>;
export type AdminScreen = keyof typeof ADMIN_SCREEN_PERMISSIONS;

/** Whether a role (or a permissions list) may open an admin screen; 'blank' is open to every member. */
export function canOpenAdminScreen(permissions: readonly string[], screen: AdminScreen | 'blank'): boolean {
  return screen === 'blank' || permissions.includes(ADMIN_SCREEN_PERMISSIONS[screen]);
}
