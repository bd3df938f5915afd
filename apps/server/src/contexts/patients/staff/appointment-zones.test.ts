import type { GetPatientListResponse } from '@scheduler/contract/patient-management/patients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicFixture } from '../../../test/public-api-fixture.ts';
import { createPublicFixture, query } from '../../../test/public-api-fixture.ts';
import { insertAppointment, insertPatient } from '../../../test/patient-management-fixture.ts';
import { loginAsDemo } from '../../../test/staff-login.ts';
import type { StaffLogin } from '../../../test/staff-login.ts';
import { testDatabases } from '../../../test/test-db.ts';

/** Issue 19: the patient list says in which zone each last / next appointment is (its location's). */
describe.each(testDatabases())('patient list appointment zones on $name', (target) => {
  let f: PublicFixture;
  let staff: StaffLogin;

  beforeAll(async () => {
    f = await createPublicFixture(target);
    staff = await loginAsDemo(f.app, 'staff');
  });
  afterAll(async () => {
    await f.close();
  });

  it("gives the last and the next appointment's location zones, and null without one", async () => {
    const brand = f.brightsmile.clientId;
    const zones = await f.t.db
      .selectFrom('locations')
      .select(['id', 'time_zone'])
      .where('client_id', '=', brand)
      .orderBy('id')
      .execute();
    const first = zones[0]!;
    const other = zones.find((row) => row.time_zone !== first.time_zone) ?? first;
    const [providerId] = Object.values(f.brightsmile.providers) as [number];
    const [serviceId] = Object.values(f.brightsmile.services) as [number];
    const patientId = await insertPatient(f.t.db, {
      clientId: brand,
      firstName: 'Zona',
      lastName: 'Zonewright',
    });
    await insertPatient(f.t.db, { clientId: brand, firstName: 'Nola', lastName: 'Zonewrightless' });
    const base = { clientId: brand, patientId, providerId, serviceId };
    await insertAppointment(f.t.db, {
      ...base,
      locationId: first.id,
      startAt: Date.UTC(2026, 9, 1, 14),
      status: 'fulfilled',
    });
    await insertAppointment(f.t.db, { ...base, locationId: other.id, startAt: Date.UTC(2027, 4, 5, 14) });

    const response = await f.app.inject({
      method: 'GET',
      url: `/api/patient-management/getPatientList?${query({ clientId: brand, search: 'zonewright' })}`,
      headers: staff.bearerHeaders,
    });
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json<GetPatientListResponse>();
    const zona = list.items.find((item) => item.patientId === String(patientId));
    expect(zona).toMatchObject({
      lastAppointmentTimeZone: first.time_zone,
      nextAppointmentTimeZone: other.time_zone,
    });
    const nola = list.items.find((item) => item.lastName === 'Zonewrightless');
    expect(nola).toMatchObject({ lastAppointmentTimeZone: null, nextAppointmentTimeZone: null });
  });
});
