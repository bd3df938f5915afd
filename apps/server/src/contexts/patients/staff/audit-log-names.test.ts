import type { GetAuditLogResponse } from '@scheduler/contract/patient-management/audit-log';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmationNumberOf } from '@scheduler/domain/messages/format';
import type { PublicFixture } from '../../../test/public-api-fixture.ts';
import { createPublicFixture, query } from '../../../test/public-api-fixture.ts';
import { insertAppointment, insertPatient, userIdOf } from '../../../test/patient-management-fixture.ts';
import { loginAsDemo } from '../../../test/staff-login.ts';
import type { StaffLogin } from '../../../test/staff-login.ts';
import { testDatabases } from '../../../test/test-db.ts';

/** Issue 19: the audit log names its records (within the practice only) so that it reads as sentences. */
describe.each(testDatabases())('audit log names on $name', (target) => {
  let f: PublicFixture;
  let owner: StaffLogin;
  let brand: number;
  let other: number;
  const AT = Date.UTC(2031, 0, 1, 12);

  beforeAll(async () => {
    f = await createPublicFixture(target);
    owner = await loginAsDemo(f.app, 'owner');
    brand = f.brightsmile.clientId;
    other = f.northside.clientId;
  });
  afterAll(async () => {
    await f.close();
  });

  async function entry(action: string, recordType: string, recordId: string | number, clientId = brand) {
    await f.t.db
      .insertInto('audit_log')
      .values({
        client_id: clientId,
        user_id: await userIdOf(f.t.db, 'owner@demo.health'),
        action,
        record_type: recordType,
        record_id: String(recordId),
        ip: null,
        details: null,
        created_at: AT,
      })
      .execute();
  }

  async function log(action: string): Promise<GetAuditLogResponse> {
    const response = await f.app.inject({
      method: 'GET',
      url: `/api/patient-management/auditLog?${query({ clientId: brand, action, pageSize: 50 })}`,
      headers: owner.bearerHeaders,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<GetAuditLogResponse>();
  }

  it('names the practice, its zone, and each record as the practice knows it', async () => {
    const staffId = await userIdOf(f.t.db, 'staff@demo.health');
    const patientId = await insertPatient(f.t.db, {
      clientId: brand,
      firstName: 'Dana',
      lastName: 'Auditlee',
    });
    const [providerId] = Object.values(f.brightsmile.providers) as [number];
    const [locationId] = Object.values(f.brightsmile.locations) as [number];
    const [serviceId] = Object.values(f.brightsmile.services) as [number];
    const appointmentId = await insertAppointment(f.t.db, {
      clientId: brand,
      patientId,
      providerId,
      locationId,
      serviceId,
      startAt: Date.UTC(2031, 5, 1, 14),
    });
    await entry('test-names.membership.delete', 'user', staffId);
    await entry('test-names.patient.read', 'patient', patientId);
    await entry('test-names.appointment.read', 'appointment', appointmentId);
    await entry('test-names.location.update', 'location', locationId);

    const page = await log('test-names.');
    expect(page.practice.name).toBe('BrightSmile Dental');
    expect(page.practice.timeZone).toMatch(/^America\//);
    const byAction = new Map(page.items.map((item) => [item.action, item.target]));
    expect(byAction.get('test-names.membership.delete')).toEqual({
      type: 'user',
      id: String(staffId),
      name: expect.any(String) as string,
      patient: null,
    });
    expect(byAction.get('test-names.patient.read')).toMatchObject({
      name: 'Dana Auditlee',
      patient: { patientId: String(patientId), name: 'Dana Auditlee' },
    });
    expect(byAction.get('test-names.appointment.read')).toMatchObject({
      name: confirmationNumberOf(appointmentId),
      patient: { patientId: String(patientId), name: 'Dana Auditlee' },
    });
    expect(byAction.get('test-names.location.update')?.name).toEqual(expect.any(String));
  });

  it("never names another practice's records, even when an entry points at them", async () => {
    const northPatient = await insertPatient(f.t.db, {
      clientId: other,
      firstName: 'North',
      lastName: 'Only',
    });
    const [northLocation] = Object.values(f.northside.locations) as [number];
    const northOnlyUser = await f.t.db
      .insertInto('users')
      .values({
        email: 'north-only@example.com',
        password_hash: 'x',
        display_name: 'North Only',
        created_at: AT,
        updated_at: AT,
        last_login_at: null,
        disabled_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await f.t.db
      .insertInto('memberships')
      .values({ user_id: northOnlyUser.id, client_id: other, role: 'staff', created_at: AT })
      .execute();
    await entry('test-foreign.patient.read', 'patient', northPatient);
    await entry('test-foreign.location.update', 'location', northLocation);
    await entry('test-foreign.membership.delete', 'user', northOnlyUser.id);
    await entry('test-foreign.client.security-update', 'client', other);

    const page = await log('test-foreign.');
    expect(page.items).toHaveLength(4);
    for (const item of page.items) {
      expect(item.target?.name, item.action).toBeNull();
      expect(item.target?.patient, item.action).toBeNull();
    }
    expect(JSON.stringify(page)).not.toContain('North Only');
  });
});
