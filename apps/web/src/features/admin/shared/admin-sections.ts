import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ADMIN_SCREEN_PERMISSIONS, type AdminScreen, type Permission } from '@scheduler/domain/roles';

/**
 * The admin shell's sections: their route segment, navigation label and the permission needed to
 * open them (from the domain's roles table; `users` is for owners, `auditlog` for owners and admins).
 */

export type AdminSectionSegment =
  AdminScreen | 'schedule' | 'users' | 'auditlog' | 'messages' | 'messagesettings' | 'openavailability';

export interface AdminSection {
  segment: AdminSectionSegment;
  /** The navigation label (translated where it is shown: `i18n._(section.label)`). */
  label: MessageDescriptor;
  permission: Permission;
  /** Listed in the navigation drawer (false for detail screens reached from a list). */
  inNav: boolean;
  group: AdminSectionGroup;
}

export type AdminSectionGroup = 'Configuration' | 'Practice' | 'Account';

/** The navigation's group headings. */
export const SECTION_GROUP_LABELS: Readonly<Record<AdminSectionGroup, MessageDescriptor>> = {
  Configuration: msg`Configuration`,
  Practice: msg`Practice`,
  Account: msg`Account`,
};

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  // The front desk's day (issue 19): first for everyone who may read patients, so staff land on it.
  { segment: 'schedule', label: msg`Schedule`, permission: 'patients:read', inNav: true, group: 'Practice' },
  {
    segment: 'managescheduler',
    label: msg`Scheduler settings`,
    permission: ADMIN_SCREEN_PERMISSIONS.managescheduler,
    inNav: true,
    group: 'Configuration',
  },
  {
    segment: 'providercontrol',
    label: msg`Providers`,
    permission: ADMIN_SCREEN_PERMISSIONS.providercontrol,
    inNav: true,
    group: 'Configuration',
  },
  {
    segment: 'providercontroleditprovider',
    label: msg`Edit provider`,
    permission: ADMIN_SCREEN_PERMISSIONS.providercontroleditprovider,
    inNav: false,
    group: 'Configuration',
  },
  {
    segment: 'configservices',
    label: msg`Services`,
    permission: ADMIN_SCREEN_PERMISSIONS.configservices,
    inNav: true,
    group: 'Configuration',
  },
  {
    segment: 'insuranceconfig',
    label: msg`Insurance`,
    permission: ADMIN_SCREEN_PERMISSIONS.insuranceconfig,
    inNav: true,
    group: 'Configuration',
  },
  {
    segment: 'locationconfig',
    label: msg`Locations`,
    permission: ADMIN_SCREEN_PERMISSIONS.locationconfig,
    inNav: true,
    group: 'Configuration',
  },
  {
    segment: 'widget',
    label: msg`Widget`,
    permission: ADMIN_SCREEN_PERMISSIONS.widget,
    inNav: true,
    group: 'Configuration',
  },
  // Message templates and reminder rules (issue 17); changes need config:write.
  {
    segment: 'messagesettings',
    label: msg`Message settings`,
    permission: 'config:read',
    inNav: true,
    group: 'Configuration',
  },
  // Issue 20: publishing open times (FHIR R4, SMART Scheduling Links) and partner clients;
  // changes need config:write, partner clients are the owner's (users:manage).
  {
    segment: 'openavailability',
    label: msg`Open availability`,
    permission: 'config:read',
    inNav: true,
    group: 'Configuration',
  },
  {
    segment: 'patients',
    label: msg`Patients`,
    permission: ADMIN_SCREEN_PERMISSIONS.patients,
    inNav: true,
    group: 'Practice',
  },
  {
    segment: 'patientdetails',
    label: msg`Patient details`,
    permission: ADMIN_SCREEN_PERMISSIONS.patientdetails,
    inNav: false,
    group: 'Practice',
  },
  {
    segment: 'waitlist',
    label: msg`Waitlist`,
    permission: ADMIN_SCREEN_PERMISSIONS.waitlist,
    inNav: true,
    group: 'Practice',
  },
  // Every message sent (or not) to patients (issue 17): names patients, so patients:read.
  { segment: 'messages', label: msg`Messages`, permission: 'patients:read', inNav: true, group: 'Practice' },
  {
    segment: 'reports',
    label: msg`Reports`,
    permission: ADMIN_SCREEN_PERMISSIONS.reports,
    inNav: true,
    group: 'Practice',
  },
  { segment: 'users', label: msg`Users`, permission: 'users:manage', inNav: true, group: 'Account' },
  { segment: 'auditlog', label: msg`Audit log`, permission: 'audit:read', inNav: true, group: 'Account' },
  // Reached from the Reports screen (a navigation entry would change every role's menu).
  { segment: 'auditlog', label: msg`Audit log`, permission: 'audit:read', inNav: false, group: 'Account' },
];

const BY_SEGMENT = new Map<string, AdminSection>(ADMIN_SECTIONS.map((section) => [section.segment, section]));

export function sectionOf(segment: string | undefined): AdminSection | undefined {
  return segment === undefined ? undefined : BY_SEGMENT.get(segment);
}

export function canOpenSection(permissions: readonly string[], segment: string): boolean {
  // 'account' (one's own password, sessions, two-factor) is every signed-in person's, whatever the role.
  if (segment === 'blank' || segment === 'account') return true;
  const section = BY_SEGMENT.get(segment);
  return section !== undefined && permissions.includes(section.permission);
}

/** The first navigation section the permissions allow ('blank' when none). */
export function firstOpenSection(permissions: readonly string[]): AdminSectionSegment | 'blank' {
  return (
    ADMIN_SECTIONS.find((section) => section.inNav && permissions.includes(section.permission))?.segment ??
    'blank'
  );
}

/** The section segment of an admin path (`/admin/3/5/providercontrol` → 'providercontrol'), or undefined at the shell's index. */
export function segmentOfPath(pathname: string): string | undefined {
  const parts = pathname.split('/').filter(Boolean);
  return parts[0] === 'admin' ? parts[3] : undefined;
}
