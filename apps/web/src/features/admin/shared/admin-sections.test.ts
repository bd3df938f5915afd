import { permissionsOf } from '@scheduler/domain/roles';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/catalogs';
import { ADMIN_SECTIONS, canOpenSection, firstOpenSection, segmentOfPath } from './admin-sections';

const navOf = (role: Parameters<typeof permissionsOf>[0]) =>
  ADMIN_SECTIONS.filter((section) => section.inNav && permissionsOf(role).includes(section.permission)).map(
    (section) => section.segment,
  );

describe('admin sections by role', () => {
  it('lets a viewer open reports only', () => {
    expect(navOf('viewer')).toEqual(['reports']);
    expect(firstOpenSection(permissionsOf('viewer'))).toBe('reports');
    expect(canOpenSection(permissionsOf('viewer'), 'managescheduler')).toBe(false);
  });

  it('gives staff the schedule first (their landing screen), patients, waitlist and reports but no configuration', () => {
    expect(navOf('staff')).toEqual(['schedule', 'patients', 'waitlist', 'messages', 'reports']);
    expect(firstOpenSection(permissionsOf('staff'))).toBe('schedule');
    expect(canOpenSection(permissionsOf('staff'), 'providercontroleditprovider')).toBe(false);
  });

  it('gives an admin configuration but not users', () => {
    expect(navOf('admin')).toContain('managescheduler');
    expect(navOf('admin')).toContain('messagesettings');
    expect(navOf('staff')).not.toContain('messagesettings');
    expect(navOf('viewer')).not.toContain('messages');
    expect(navOf('admin')).not.toContain('users');
    // The schedule comes first for everyone who may read patients (issue 19).
    expect(navOf('admin')[0]).toBe('schedule');
    expect(navOf('owner')[0]).toBe('schedule');
    expect(firstOpenSection(permissionsOf('admin'))).toBe('schedule');
  });

  it('gives owners and admins the Open availability screen (config:read), not staff or viewers', () => {
    expect(navOf('owner')).toContain('openavailability');
    expect(navOf('admin')).toContain('openavailability');
    expect(navOf('staff')).not.toContain('openavailability');
    expect(navOf('viewer')).not.toContain('openavailability');
    expect(canOpenSection(permissionsOf('admin'), 'openavailability')).toBe(true);
    expect(canOpenSection(permissionsOf('staff'), 'openavailability')).toBe(false);
    const section = ADMIN_SECTIONS.find((candidate) => candidate.segment === 'openavailability');
    expect(section).toMatchObject({ permission: 'config:read', group: 'Configuration' });
    expect(section ? i18n._(section.label) : undefined).toBe('Open availability');
  });

  it('gives an owner users too, and owners and admins the audit log', () => {
    expect(navOf('owner')).toContain('users');
    expect(navOf('owner')).toContain('auditlog');
    expect(navOf('admin')).toContain('auditlog');
    expect(navOf('staff')).not.toContain('auditlog');
  });

  it('always opens blank, never an unknown section, and opens blank for no permission at all', () => {
    expect(canOpenSection([], 'blank')).toBe(true);
    expect(canOpenSection(permissionsOf('owner'), 'nosuch')).toBe(false);
    expect(firstOpenSection([])).toBe('blank');
  });

  it('reads the section of an admin path', () => {
    expect(segmentOfPath('/admin/3/5/providercontrol')).toBe('providercontrol');
    expect(segmentOfPath('/admin/3/5')).toBeUndefined();
    expect(segmentOfPath('/admin/3/5/patientdetails/1/2')).toBe('patientdetails');
  });
});
