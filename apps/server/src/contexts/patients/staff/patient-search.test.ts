/*
 * Issue 19 "Search": the staff patient search ignores case, accents, apostrophes, hyphens and
 * spaces, finds any part of a hyphenated name, the start of an e-mail's local part and phone
 * digits in any format — on both databases, never across practices, and with the tokens kept up
 * to date by every write of a patient's name, e-mail or phone.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { GetPatientListResponse } from '@scheduler/contract/patient-management/patients';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { GetProvidersResponse } from '@scheduler/contract/scheduler-api';
import { patientSearchTokens } from '@scheduler/domain/patient-search';
import { sql } from 'kysely';
import { inWriteTransaction } from '../../../platform/db/transaction.ts';
import { keepPendingContactChange } from '../pending-changes/pending-change-repository.ts';
import type { PublicFixture } from '../../../test/public-api-fixture.ts';
import { NOW, createPublicFixture, query } from '../../../test/public-api-fixture.ts';
import { insertPatient } from '../../../test/patient-management-fixture.ts';
import { loginAsDemo } from '../../../test/staff-login.ts';
import type { StaffLogin } from '../../../test/staff-login.ts';
import { sqliteOnly, testDatabases } from '../../../test/test-db.ts';
import * as patientSearchMigration from '../../../platform/db/migrations/2026-11-27-019-patient-search.ts';
import { nameWords } from './search-terms.ts';
import { writePatientSearchTokens } from './search-tokens-repository.ts';

vi.mock(import('../../../platform/auth/password.ts'), async (original) =>
  (await import('../../../test/fast-passwords.ts')).fastPasswords(original),
);

describe('search words', () => {
  it('folds case, accents, apostrophes and hyphens, and keeps other symbols literal', () => {
    expect(nameWords("  Zoë  O'Brien-Nguyễn, ")).toEqual(['zoe', 'obriennguyen']);
    expect(nameWords('ZOË O’BRIEN')).toEqual(['zoe', 'obrien']);
    expect(nameWords('Straße Ørsted')).toEqual(['strasse', 'orsted']);
    expect(nameWords('quill%')).toEqual(['quill%']);
    expect(nameWords(" - ' ")).toEqual([]);
  });
});

describe.each(testDatabases())('patient search on $name', (target) => {
  let f: PublicFixture;
  let owner: StaffLogin;
  let brand: number;
  let other: number;
  let zoe: number;
  let decoy: number;
  let twin: number;

  beforeAll(async () => {
    f = await createPublicFixture(target);
    owner = await loginAsDemo(f.app, 'owner');
    brand = f.brightsmile.clientId;
    other = f.northside.clientId;
    zoe = await insertPatient(f.t.db, {
      clientId: brand,
      firstName: 'Zoë',
      lastName: "O'Brien-Nguyễn",
      phone: '2125550147',
      email: 'zoe.obrien@example.com',
      dateOfBirth: '1990-04-12',
    });
    // Near misses: none of the searches for Zoë may find it.
    decoy = await insertPatient(f.t.db, {
      clientId: brand,
      firstName: 'Zoa',
      lastName: 'Obrian-Ngu',
      phone: '3125550148',
      email: 'zoa.obri@example.com',
    });
    // The same person at another practice: never found from this one.
    twin = await insertPatient(f.t.db, {
      clientId: other,
      firstName: 'Zoë',
      lastName: "O'Brien-Nguyễn",
      phone: '2125550147',
      email: 'zoe.obrien@example.com',
    });
  });
  afterAll(async () => {
    await f.close();
  });

  async function search(params: Record<string, string>, clientId = brand): Promise<number[]> {
    const ids: number[] = [];
    for (let page = 1; page <= 40; page++) {
      const response = await f.app.inject({
        method: 'GET',
        url: `/api/patient-management/getPatientList?${query({ clientId, pageSize: 100, page, ...params })}`,
        headers: owner.bearerHeaders,
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<GetPatientListResponse>();
      ids.push(...body.items.map((item) => Number(item.patientId)));
      if (ids.length >= body.total) return ids;
    }
    throw new Error('more than 4,000 patients found');
  }

  it.each([
    ['zoe'],
    ['ZOË'],
    ['Zoë'],
    ['obrien'],
    ["O'Brien"],
    ['o brien'],
    ['OBRIEN-NGUYEN'],
    ['nguyen'],
    ['Nguyễn'],
    ['brien-ng'],
    ['zoe nguyen'],
    ['nguyen, zoe'],
    ['zoeobrien'],
    ['zoe.o'],
    ['zoe.obrien'],
    ['zoe.obrien@example.com'],
    ['zoe.obrien@EXAMPLE'],
    ['(212) 555-0147'],
    ['2125550147'],
    ['+1 212 555 0147'],
    ['212-555'],
    ['555-0147'],
    ['5550147'],
    ['0147'],
  ])('finds Zoë by %j (and not the near miss)', async (text) => {
    const found = await search({ search: text });
    expect(found).toContain(zoe);
    expect(found).not.toContain(decoy);
    expect(found).not.toContain(twin);
  });

  it.each([['zoey'], ['obriens'], ['nguyena'], ['zoe.obrien@example.org'], ['555-0148'], ['zoe brien x']])(
    'does not find Zoë by %j',
    async (text) => {
      expect(await search({ search: text })).not.toContain(zoe);
    },
  );

  it('narrows by the separate name, e-mail and phone filters the same way', async () => {
    expect(await search({ name: 'o’brien nguyen' })).toContain(zoe);
    expect(await search({ email: 'Zoe.O' })).toContain(zoe);
    expect(await search({ email: 'zoeo' })).toContain(zoe);
    expect(await search({ phone: '555-0147', search: 'obrien' })).toEqual([zoe]);
    expect(await search({ search: 'nguyen', dateOfBirth: '1990-04-12' })).toEqual([zoe]);
    expect(await search({ search: 'nguyen', email: 'zoa.obri@' })).toEqual([]);
  });

  it('pages a search in the same name order as the list without one, with the total', async () => {
    // Case, accents and apostrophes that order differently by code point, lower() and collation;
    // the same names twice (ties broken by id). They share the phone prefix 919-555.
    const names = [
      ['Émile', 'Ávila'],
      ['emile', 'avila'],
      ['Zed', 'adams'],
      ['ÅSA', 'Adams'],
      ['Åsa', 'Adams'],
      ['Bo', "d'Angelo"],
      ['Al', 'De Luca'],
      ['al', 'de luca'],
      ['Al', 'De Luca'],
      ['Ann Annabel', 'Zimmer'], // two of her tokens start with 'ann': listed once
    ];
    const ids: number[] = [];
    for (const [index, [firstName, lastName]] of names.entries()) {
      ids.push(
        await insertPatient(f.t.db, {
          clientId: brand,
          firstName: firstName!,
          lastName: lastName!,
          phone: `919555${String(index).padStart(4, '0')}`,
        }),
      );
    }
    const listed = async (params: Record<string, string>) =>
      (await search(params)).filter((id) => ids.includes(id));
    const byName = await listed({ sort: 'name' });
    expect(byName).toHaveLength(ids.length);
    expect(await search({ search: '919-555', sort: 'name' })).toEqual(byName);
    expect(await search({ search: '919-555', sort: '-name' })).toEqual(await listed({ sort: '-name' }));
    expect(await search({ search: '919-555', sort: 'createdAt' })).toEqual(
      await listed({ sort: 'createdAt' }),
    );

    // Pages of 3: the same order, the total on every page, nothing past the end.
    const paged: number[] = [];
    for (let page = 1; page <= 5; page++) {
      const response = await f.app.inject({
        method: 'GET',
        url: `/api/patient-management/getPatientList?${query({ clientId: brand, pageSize: 3, page, search: '919555', sort: 'name' })}`,
        headers: owner.bearerHeaders,
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<GetPatientListResponse>();
      expect(body.total).toBe(ids.length);
      paged.push(...body.items.map((item) => Number(item.patientId)));
    }
    expect(paged).toEqual(byName);
    const adams = [ids[2], ids[3], ids[4]];
    expect((await search({ search: 'adams' })).filter((id) => ids.includes(id))).toEqual(
      byName.filter((id) => adams.includes(id)),
    );
    expect(await search({ search: 'ann 919' })).toEqual([]);
    expect(await search({ search: 'ann', phone: '919-555' })).toEqual([ids[9]]);
    expect(await search({ search: 'de luca', phone: '919555' })).toEqual(
      byName.filter((id) => [ids[6], ids[7], ids[8]].includes(id)),
    );
  });

  it("finds another practice's patient only from that practice", async () => {
    const there = await search({ search: "o'brien-nguyen" }, other);
    expect(there).toContain(twin);
    expect(there).not.toContain(zoe);
    expect(await search({ search: "o'brien-nguyen" })).toEqual([zoe]);
  });

  it('finds a patient the public booking writes by name, e-mail and phone', async () => {
    const serviceId = f.brightsmile.services['Emergency Dental Visit']!;
    const providers = await f.app.inject({
      method: 'GET',
      url: `/api/scheduler/getProviders?${query({
        clientName: 'brightsmile',
        scheduler: 'main',
        appointmentTypeId: serviceId,
        locationId: 'all',
      })}`,
    });
    expect(providers.statusCode, providers.body).toBe(200);
    const card = providers.json<GetProvidersResponse>().providers.find((p) => p.slots.length > 0)!;
    const slot = card.slots[0]!;
    const booked = await f.app.inject({
      method: 'PUT',
      url: '/api/scheduler/bookAppointment',
      payload: {
        clientSlug: 'brightsmile',
        schedulerSlug: 'main',
        locationId: slot.locationId,
        providerId: card.providerId,
        appointmentTypeId: String(serviceId),
        startUtc: slot.startUtc,
        patient: {
          firstName: 'Åsa',
          lastName: 'Lindqvist-Ødegård',
          dateOfBirth: '1975-02-03',
          phone: '(720) 555-0190',
          email: 'Asa.L@example.com',
          smsPermission: true,
          emailPermission: true,
        },
        isExistingPatient: false,
        insurance: null,
        details: { reasonForVisit: 'Check-up' },
        sessionId: `session-${randomUUID()}`,
        idempotencyKey: randomUUID(),
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const [id] = await search({ search: 'odegard' });
    expect(id).toBeDefined();
    expect(await search({ search: 'odegard' })).toEqual([id]);
    expect(await search({ search: 'asa lindq' })).toEqual([id]);
    expect(await search({ search: 'asa.l@' })).toEqual([id]);
    expect(await search({ search: '720 555 0190' })).toEqual([id]);
  });

  it("follows a patient's new e-mail and phone (an accepted pending change) and new name", async () => {
    const id = await insertPatient(f.t.db, {
      clientId: brand,
      firstName: 'Marguerite',
      lastName: 'Featherstonehaugh',
      phone: '6465550111',
      email: 'mfeather@example.com',
    });
    expect(await search({ search: 'mfeather@' })).toEqual([id]);
    const changeId = await keepPendingContactChange(f.t.db, {
      clientId: brand,
      patientId: id,
      appointmentId: null,
      source: 'booking',
      submitted: { phone: '(303) 555-0122', email: 'marguerite.f@example.net' },
      now: NOW.getTime(),
    });
    // Not applied until staff accept it.
    expect(await search({ search: 'marguerite.f@' })).toEqual([]);
    const accepted = await f.app.inject({
      method: 'POST',
      url: '/api/patient-management/acceptPatientPendingChange',
      headers: owner.bearerHeaders,
      payload: { clientId: brand, changeId: String(changeId) },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await search({ search: 'marguerite.f@' })).toEqual([id]);
    expect(await search({ search: '303-555-0122' })).toContain(id);
    expect(await search({ search: 'mfeather@' })).toEqual([]);
    expect(await search({ search: '6465550111' })).not.toContain(id);

    // A new name (rewritten in the transaction that changes it).
    await inWriteTransaction(f.t.db, async (trx) => {
      await trx.updateTable('patients').set({ last_name: 'Fanshawe' }).where('id', '=', id).execute();
      await writePatientSearchTokens(trx, brand, id, {
        firstName: 'Marguerite',
        lastName: 'Fanshawe',
        email: 'marguerite.f@example.net',
        phone: '3035550122',
      });
    });
    expect(await search({ search: 'fanshawe' })).toEqual([id]);
    expect(await search({ search: 'featherstone' })).toEqual([]);
  });
});

/** Every source file under `dir` (tests aside). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return file.endsWith('.ts') && !file.endsWith('.test.ts') ? [file] : [];
  });
}

describe('the writes of patients', () => {
  // Writes that touch no searched field (name, e-mail, phone), with the reason.
  const noSearchedField: Record<string, string> = {
    'contexts/messages/webhook-repository.ts': 'SMS consent only (STOP/START)',
    'contexts/open-availability/partners/partner-repository.ts':
      "a partner-booked new patient's gender only (the booking's own insert wrote the tokens)",
  };

  it("keep the search tokens in step wherever a patient's row is inserted or updated", () => {
    const src = path.resolve(import.meta.dirname, '../../..');
    const writers = sourceFiles(src).filter((file) =>
      /(insertInto|updateTable)\(\s*'patients'/.test(readFileSync(file, 'utf8')),
    );
    expect(writers.length).toBeGreaterThan(1);
    for (const file of writers) {
      const relative = path.relative(src, file).split(path.sep).join('/');
      if (relative in noSearchedField) continue;
      expect(readFileSync(file, 'utf8'), relative).toMatch(/(write|refresh)PatientSearchTokens\(/);
    }
  });
});

describe('migration 019 on a database that already has patients', () => {
  it('backfills the tokens the application writes (its frozen folding is the same)', async () => {
    const t = await sqliteOnly().create();
    try {
      const people = [
        {
          firstName: 'Zoë',
          lastName: "O'Brien-Nguyễn",
          email: 'zoe.obrien@example.com',
          phone: '2125550147',
        },
        {
          firstName: 'Ærin Łucja',
          lastName: 'Straße-Ødegård Çelik',
          email: 'A.B+c@x.org',
          phone: '+1 312 555 0100',
        },
        { firstName: 'Пётр', lastName: '李 Ｚｅｎ', email: null, phone: null },
        { firstName: 'A', lastName: 'b c d e f g h i j k', email: 'no-at-sign', phone: '4321' },
      ];
      const now = Date.UTC(2026, 0, 1);
      const { id: clientId } = await t.db
        .insertInto('clients')
        .values({
          slug: 'backfill',
          name: 'Backfill',
          phone: '',
          frame_ancestors: '[]',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const ids: number[] = [];
      for (const person of people) {
        const { id } = await t.db
          .insertInto('patients')
          .values({
            client_id: clientId,
            first_name: person.firstName,
            last_name: person.lastName,
            normalized_name: '',
            date_of_birth: '1980-01-01',
            gender: null,
            phone: person.phone,
            email: person.email,
            sms_permission: 0,
            email_permission: 0,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.push(id);
      }
      await sql`drop table patient_search_tokens`.execute(t.db);
      await patientSearchMigration.up(t.db as never);
      for (const [index, person] of people.entries()) {
        const rows = await t.db
          .selectFrom('patient_search_tokens')
          .select(['token', 'client_id'])
          .where('patient_id', '=', ids[index]!)
          .execute();
        expect(rows.every((row) => row.client_id === clientId)).toBe(true);
        expect(rows.map((row) => row.token).sort()).toEqual(patientSearchTokens(person).sort());
      }
    } finally {
      await t.destroy();
    }
  });
});
