import { describe, expect, it } from 'vitest';
import {
  PERMISSIONS,
  ROLES,
  canOpenAdminScreen,
  isPermission,
  isRole,
  permissionsOf,
  roleHasPermission,
} from './roles.ts';

describe('roles and permissions', () => {
  it('gives the owner every permission, including users', () => {
    expect(permissionsOf('owner')).toEqual([...PERMISSIONS]);
    expect(roleHasPermission('owner', 'users:manage')).toBe(true);
  });

  it('gives an admin configuration and patients but not users', () => {
    expect(roleHasPermission('admin', 'config:write')).toBe(true);
    expect(roleHasPermission('admin', 'patients:write')).toBe(true);
    expect(roleHasPermission('admin', 'users:manage')).toBe(false);
  });

  it('gives staff patients, waitlist and reports but no configuration', () => {
    expect(permissionsOf('staff')).toEqual([
      'patients:read',
      'patients:write',
      'waitlist:read',
      'waitlist:write',
      'reports:read',
    ]);
    expect(roleHasPermission('staff', 'config:read')).toBe(false);
    expect(roleHasPermission('staff', 'config:write')).toBe(false);
  });

  it('gives a viewer reports only', () => {
    expect(permissionsOf('viewer')).toEqual(['reports:read']);
  });

  it('grants nothing without a role', () => {
    expect(permissionsOf(null)).toEqual([]);
    expect(roleHasPermission(undefined, 'reports:read')).toBe(false);
  });

  it('recognises roles and permissions', () => {
    for (const role of ROLES) expect(isRole(role)).toBe(true);
    expect(isRole('root')).toBe(false);
    expect(isPermission('config:read')).toBe(true);
    expect(isPermission('config:delete')).toBe(false);
  });

  it('tells which admin screens a permissions list may open', () => {
    expect(canOpenAdminScreen(permissionsOf('viewer'), 'reports')).toBe(true);
    expect(canOpenAdminScreen(permissionsOf('viewer'), 'managescheduler')).toBe(false);
    expect(canOpenAdminScreen(permissionsOf('staff'), 'waitlist')).toBe(true);
    expect(canOpenAdminScreen(permissionsOf('staff'), 'providercontrol')).toBe(false);
    expect(canOpenAdminScreen([], 'blank')).toBe(true);
  });
});
