import type { GetPatientListResponse } from '@scheduler/contract/patient-management/patients';
import { confirmationNumberOf } from '@scheduler/domain/messages/format';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublicFixture } from '../../../test/public-api-fixture.ts';
import { createPublicFixture, query } from '../../../test/public-api-fixture.ts';
import { insertAppointment, insertPatient } from '../../../test/patient-management-fixture.ts';
import { loginAsDemo } from '../../../test/staff-login.ts';
import type { StaffLogin } from '../../../test/staff-login.ts';
import { testDatabases } from '../../../test/test-db.ts';
import { parseSearch } from './search-terms.ts';

// Cheap password hashing for the demo's staff users (the sign-in itself stays real).
vi.mock(import('../../../platform/auth/password.ts'), async (original) =>
  (await import('../../../test/fast-passwords.ts')).fastPasswords(original),
);

describe('parseSearch and confirmation numbers', () => {
  it('reads a confirmation number, however it is typed, as that appointment', () => {
    const code = confirmationNumberOf(4242);
    for (const typed of [
      code,
      code.toLowerCase(),
      code.replace('-', ''),
      code.replace('-', ' '),
      ` ${code} `,
    ])
      expect(parseSearch(typed)).toMatchObject({ kind: 'confirmationNumber', appointmentId: 4242 });
  });

  it('keeps what the text also means (a name, a phone number) and leaves other searches alone', () => {
    // 'LEE-KANG' decodes to an appointment id (L reads as 1) and is a name too.
    expect(parseSearch('Lee-Kang')).toMatchObject({
      kind: 'confirmationNumber',
      otherwise: { kind: 'name', words: ['leekang'] },
    });
    expect(parseSearch('Quillfeather')).toEqual({ kind: 'name', words: ['quillfeather'] });
    expect(parseSearch('Van-Dyke')).toEqual({ kind: 'name', words: ['vandyke'] });
    expect(parseSearch('(212) 555-0777')).toEqual({ kind: 'phone', digits: '2125550777' });
    expect(parseSearch('zq@example.org')).toEqual({
      kind: 'email',
      prefix: 'zq@example.org',
      local: 'zq',
      domain: 'example.org',
    });
    expect(parseSearch('1985-07-01')).toEqual({ kind: 'dateOfBirth', date: '1985-07-01' });
  });
});

describe.each(testDatabases())('GET getPatientList by confirmation number on $name', (target) => {
  let f: PublicFixture;
  let owner: StaffLogin;

  beforeAll(async () => {
    f = await createPublicFixture(target);
    // The demo owner works for both brands.
    owner = await loginAsDemo(f.app, 'owner');
  });
  afterAll(async () => {
    await f.close();
  });

  async function search(clientId: number, text: string): Promise<number[]> {
    const response = await f.app.inject({
      method: 'GET',
      url: `/api/patient-management/getPatientList?${query({ clientId, search: text })}`,
      headers: owner.bearerHeaders,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<GetPatientListResponse>().items.map((item) => Number(item.patientId));
  }

  it("finds the patient of the appointment a caller reads out, only in the appointment's brand", async () => {
    const brand = f.brightsmile;
    const patientId = await insertPatient(f.t.db, {
      clientId: brand.clientId,
      firstName: 'Ottilie',
      lastName: 'Confirmington',
    });
    const appointmentId = await insertAppointment(f.t.db, {
      clientId: brand.clientId,
      patientId,
      providerId: Object.values(brand.providers)[0]!,
      locationId: Object.values(brand.locations)[0]!,
      serviceId: Object.values(brand.services)[0]!,
      startAt: Date.UTC(2027, 3, 7, 15),
    });
    const code = confirmationNumberOf(appointmentId);

    expect(await search(brand.clientId, code)).toEqual([patientId]);
    expect(await search(brand.clientId, code.toLowerCase().replace('-', ' '))).toEqual([patientId]);
    // The number of an appointment that does not exist finds nobody; names search as before.
    expect(await search(brand.clientId, confirmationNumberOf(appointmentId + 100_000))).toEqual([]);
    expect(await search(brand.clientId, 'Confirmington')).toEqual([patientId]);
    // Not from another brand of the same user.
    expect(await search(f.northside.clientId, code)).toEqual([]);
  });
});
