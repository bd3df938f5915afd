/*
 * The log of busy changes (migration 2026-11-28-024): the triggers of appointments, time off and
 * holds write, at every version they raise, the exact signed change to the provider's busy
 * periods (or a marker) — written here behind the API's back as another instance, the seed or a
 * CLI would — and the snapshot read that labels busy periods with their version.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { asTenant } from '../../../platform/db/tenant-context.ts';
import type { PublicFixture } from '../../../test/public-api-fixture.ts';
import { NOW, appointmentRow, createPublicFixture } from '../../../test/public-api-fixture.ts';
import { testDatabases } from '../../../test/test-db.ts';
import { selectBusy, selectBusyChanges, selectBusySnapshot } from './busy-repository.ts';
import type { BusyChange, BusyQuery, ProviderBusy } from './busy-repository.ts';

vi.mock(import('../../../platform/auth/password.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  hashPassword: (password: string) => Promise.resolve(`test-only$${password}`),
}));

const MINUTE = 60_000;
/** Far after the seeded demo's appointments: only this file's rows are there. */
const DAY = Date.parse('2028-01-10T14:00:00.000Z');

describe.each(testDatabases())('busy change log on $name', (target) => {
  let f: PublicFixture;
  let clientId: number;
  let providerA: number;
  let providerB: number;
  let providerC: number;
  let refs: { scheduler_id: number; location_id: number; service_id: number; patient_id: number };
  let partnerId: number;
  /** SQLite's update trigger raises the old and the new provider apart: +2 for the same one. */
  let updateStep: number;

  beforeAll(async () => {
    f = await createPublicFixture(target);
    updateStep = f.t.name === 'sqlite' ? 2 : 1;
    clientId = f.brightsmile.clientId;
    const providers = Object.values(f.brightsmile.providers).sort((a, b) => a - b);
    [providerA, providerB, providerC] = [providers[0]!, providers[1]!, providers[2]!];
    const patient = await f.t.db
      .selectFrom('patients')
      .select('id')
      .where('client_id', '=', clientId)
      .executeTakeFirstOrThrow();
    refs = {
      scheduler_id: f.brightsmile.schedulerId,
      location_id: Object.values(f.brightsmile.locations)[0]!,
      service_id: Object.values(f.brightsmile.services)[0]!,
      patient_id: patient.id,
    };
    const partner = await f.t.db
      .insertInto('partner_clients')
      .values({
        client_id: clientId,
        name: 'Busy log partner',
        client_identifier: `busy-log-${f.t.name}`,
        secret_hash: '0'.repeat(64),
        created_by_user_id: null,
        created_at: NOW.getTime(),
        last_used_at: null,
        revoked_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    partnerId = partner.id;
  });
  afterAll(async () => {
    await f.close();
  });

  async function versionOf(providerId: number): Promise<number> {
    const row = await f.t.db
      .selectFrom('provider_busy_versions')
      .select('version')
      .where('provider_id', '=', providerId)
      .executeTakeFirst();
    return Number(row?.version ?? 0);
  }
  const change = (
    providerId: number,
    version: number,
    kind: number,
    delta: number,
    startAt: number,
    endAt: number,
  ): BusyChange => ({ providerId, version, kind, delta, startAt, endAt });
  /** The reader's order: provider, version, then kind, delta, start, end. */
  const ordered = (changes: BusyChange[]): BusyChange[] =>
    [...changes].sort(
      (x, y) =>
        x.providerId - y.providerId ||
        x.version - y.version ||
        x.kind - y.kind ||
        x.delta - y.delta ||
        x.startAt - y.startAt ||
        x.endAt - y.endAt,
    );

  async function insertAppointment(providerId: number, startAt: number, endAt: number, status = 'booked') {
    const row = await f.t.db
      .insertInto('appointments')
      .values(
        appointmentRow(
          { ...refs, client_id: clientId },
          { provider_id: providerId, start_at: startAt, end_at: endAt, status: status as 'booked' },
        ),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  async function insertTimeOff(providerId: number, startAt: number, endAt: number) {
    const row = await f.t.db
      .insertInto('time_off')
      .values({
        client_id: clientId,
        provider_id: providerId,
        location_id: null,
        start_at: startAt,
        end_at: endAt,
        reason: 'Busy log test',
        created_at: NOW.getTime(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  async function insertHold(providerId: number, startAt: number, endAt: number) {
    const row = await f.t.db
      .insertInto('slot_holds')
      .values({
        client_id: clientId,
        partner_id: partnerId,
        provider_id: providerId,
        location_id: refs.location_id,
        service_id: refs.service_id,
        start_at: startAt,
        end_at: endAt,
        expires_at: NOW.getTime() + 5 * MINUTE,
        created_at: NOW.getTime(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  /** Every logged version of the provider, ascending, without repeats. */
  async function loggedVersions(providerId: number): Promise<number[]> {
    const changes = await selectBusyChanges(f.t.db, [providerId], 0);
    return [...new Set(changes.map((c) => c.version))];
  }

  const since = (providerId: number, version: number) => selectBusyChanges(f.t.db, [providerId], version);
  const onSqlite = () => f.t.name === 'sqlite';
  async function setAppointment(
    id: number,
    values: { provider_id?: number; start_at?: number; end_at?: number; status?: string; notes?: string },
  ): Promise<void> {
    await f.t.db
      .updateTable('appointments')
      .set(values as { status?: 'booked' })
      .where('id', '=', id)
      .execute();
  }

  it("logs an appointment's insert, moves, status changes and delete as signed changes", async () => {
    const A = providerA;
    const at = (minutes: number) => DAY + minutes * MINUTE;
    const v0 = await versionOf(A);
    const id = await insertAppointment(A, at(0), at(30));
    expect(await versionOf(A)).toBe(v0 + 1);
    expect(await since(A, v0)).toEqual([change(A, v0 + 1, 1, 1, at(0), at(30))]);

    // A cancelled appointment makes nobody busy: a marker keeps the version's row.
    const cancelledId = await insertAppointment(A, at(300), at(330), 'cancelled');
    expect(await since(A, v0 + 1)).toEqual([change(A, v0 + 2, 1, 0, at(300), at(330))]);

    // Moved: the old period removed, the new one added — one version on PostgreSQL, two on SQLite.
    let v = v0 + 2;
    await setAppointment(id, { start_at: at(60), end_at: at(90) });
    expect(await versionOf(A)).toBe(v + updateStep);
    expect(await since(A, v)).toEqual(
      onSqlite()
        ? [change(A, v + 1, 1, -1, at(0), at(30)), change(A, v + 2, 1, 1, at(60), at(90))]
        : [change(A, v + 1, 1, -1, at(0), at(30)), change(A, v + 1, 1, 1, at(60), at(90))],
    );

    // booked → arrived, same period: removed and added again, both rows kept (they net to nothing).
    v += updateStep;
    await setAppointment(id, { status: 'arrived' });
    expect(await since(A, v)).toEqual(
      onSqlite()
        ? [change(A, v + 1, 1, -1, at(60), at(90)), change(A, v + 2, 1, 1, at(60), at(90))]
        : [change(A, v + 1, 1, -1, at(60), at(90)), change(A, v + 1, 1, 1, at(60), at(90))],
    );

    // A column the triggers do not watch: no version, no row.
    v += updateStep;
    await setAppointment(id, { notes: 'Bring x-rays' });
    expect(await versionOf(A)).toBe(v);
    expect(await since(A, v)).toEqual([]);

    // arrived → cancelled: removed (SQLite's second raise is a marker).
    await setAppointment(id, { status: 'cancelled' });
    expect(await since(A, v)).toEqual(
      onSqlite()
        ? [change(A, v + 1, 1, -1, at(60), at(90)), change(A, v + 2, 1, 0, at(60), at(90))]
        : [change(A, v + 1, 1, -1, at(60), at(90))],
    );

    // cancelled → noshow: nothing busy changed, a marker at every version raised.
    v += updateStep;
    await setAppointment(id, { status: 'noshow' });
    expect(await versionOf(A)).toBe(v + updateStep);
    expect(await since(A, v)).toEqual(
      onSqlite()
        ? [change(A, v + 1, 1, 0, at(60), at(90)), change(A, v + 2, 1, 0, at(60), at(90))]
        : [change(A, v + 1, 1, 0, at(60), at(90))],
    );

    // noshow → pending at a new time: added.
    v += updateStep;
    await setAppointment(id, { status: 'pending', start_at: at(120), end_at: at(180) });
    expect(await since(A, v)).toEqual(
      onSqlite()
        ? [change(A, v + 1, 1, 0, at(60), at(90)), change(A, v + 2, 1, 1, at(120), at(180))]
        : [change(A, v + 1, 1, 1, at(120), at(180))],
    );

    // Deleted: an active one removed, a cancelled one a marker.
    v += updateStep;
    await f.t.db.deleteFrom('appointments').where('id', '=', id).execute();
    await f.t.db.deleteFrom('appointments').where('id', '=', cancelledId).execute();
    expect(await versionOf(A)).toBe(v + 2);
    expect(await since(A, v)).toEqual([
      change(A, v + 1, 1, -1, at(120), at(180)),
      change(A, v + 2, 1, 0, at(300), at(330)),
    ]);
  });

  it('logs a move to another provider under each provider, at its own version', async () => {
    const at = (minutes: number) => DAY + 24 * 60 * MINUTE + minutes * MINUTE;
    const id = await insertAppointment(providerA, at(0), at(30));
    let [a0, b0] = [await versionOf(providerA), await versionOf(providerB)];
    await setAppointment(id, { provider_id: providerB, start_at: at(30), end_at: at(60) });
    expect([await versionOf(providerA), await versionOf(providerB)]).toEqual([a0 + 1, b0 + 1]);
    expect(await since(providerA, a0)).toEqual([change(providerA, a0 + 1, 1, -1, at(0), at(30))]);
    expect(await since(providerB, b0)).toEqual([change(providerB, b0 + 1, 1, 1, at(30), at(60))]);

    // Back to A and cancelled at once: B loses it, A gets a marker.
    [a0, b0] = [a0 + 1, b0 + 1];
    await setAppointment(id, { provider_id: providerA, status: 'cancelled' });
    expect(await since(providerB, b0)).toEqual([change(providerB, b0 + 1, 1, -1, at(30), at(60))]);
    expect(await since(providerA, a0)).toEqual([change(providerA, a0 + 1, 1, 0, at(30), at(60))]);

    // Cancelled, moved to C: markers under both.
    const c0 = await versionOf(providerC);
    await setAppointment(id, { provider_id: providerC });
    expect(await since(providerA, a0 + 1)).toEqual([change(providerA, a0 + 2, 1, 0, at(30), at(60))]);
    expect(await since(providerC, c0)).toEqual([change(providerC, c0 + 1, 1, 0, at(30), at(60))]);

    // Several providers: by provider, then version, then the rest.
    const all = await selectBusyChanges(f.t.db, [providerC, providerB, providerA], 0);
    expect(all).toEqual(ordered(all));
    expect(new Set(all.map((c) => c.providerId))).toEqual(new Set([providerA, providerB, providerC]));
    expect(await selectBusyChanges(f.t.db, [], 0)).toEqual([]);
    await f.t.db.deleteFrom('appointments').where('id', '=', id).execute();
  });

  it('logs time off (kind 0) and holds (kind 1) as added and removed periods', async () => {
    const C = providerC;
    const at = (minutes: number) => DAY + 2 * 24 * 60 * MINUTE + minutes * MINUTE;
    const v0 = await versionOf(C);
    const timeOff = await insertTimeOff(C, at(0), at(240));
    await f.t.db
      .updateTable('time_off')
      .set({ end_at: at(300) })
      .where('id', '=', timeOff)
      .execute();
    await f.t.db.updateTable('time_off').set({ reason: 'Unwatched' }).where('id', '=', timeOff).execute();
    await f.t.db.deleteFrom('time_off').where('id', '=', timeOff).execute();
    const hold = await insertHold(C, at(600), at(630));
    await f.t.db
      .updateTable('slot_holds')
      .set({ start_at: at(660), end_at: at(690) })
      .where('id', '=', hold)
      .execute();
    await f.t.db.updateTable('slot_holds').set({ expires_at: 0 }).where('id', '=', hold).execute();
    await f.t.db.deleteFrom('slot_holds').where('id', '=', hold).execute();

    let v = v0;
    const expected = [change(C, ++v, 0, 1, at(0), at(240))];
    expected.push(change(C, ++v, 0, -1, at(0), at(240)));
    v += updateStep - 1;
    expected.push(change(C, v, 0, 1, at(0), at(300)));
    expected.push(change(C, ++v, 0, -1, at(0), at(300)));
    expected.push(change(C, ++v, 1, 1, at(600), at(630)));
    expected.push(change(C, ++v, 1, -1, at(600), at(630)));
    v += updateStep - 1;
    expected.push(change(C, v, 1, 1, at(660), at(690)));
    expected.push(change(C, ++v, 1, -1, at(660), at(690)));
    expect(await versionOf(C)).toBe(v);
    expect(await since(C, v0)).toEqual(ordered(expected));

    // A hold moved to another provider: removed from C, added to A, each at its own version.
    const moved = await insertHold(C, at(700), at(730));
    const [a0, c0] = [await versionOf(providerA), await versionOf(C)];
    await f.t.db.updateTable('slot_holds').set({ provider_id: providerA }).where('id', '=', moved).execute();
    expect(await since(C, c0)).toEqual([change(C, c0 + 1, 1, -1, at(700), at(730))]);
    expect(await since(providerA, a0)).toEqual([change(providerA, a0 + 1, 1, 1, at(700), at(730))]);
    await f.t.db.deleteFrom('slot_holds').where('id', '=', moved).execute();
  });

  it('writes the log under row-level security, as the application role on a tenant', async () => {
    const start = DAY + 3 * 24 * 60 * MINUTE;
    const v0 = await versionOf(providerA);
    const id = await asTenant(clientId, () => insertAppointment(providerA, start, start + 15 * MINUTE));
    await asTenant(clientId, () => f.t.db.deleteFrom('appointments').where('id', '=', id).execute());
    expect(await since(providerA, v0)).toEqual([
      change(providerA, v0 + 1, 1, 1, start, start + 15 * MINUTE),
      change(providerA, v0 + 2, 1, -1, start, start + 15 * MINUTE),
    ]);
  });

  it('replays to exactly the busy periods in the tables after 200 random changes', async () => {
    // mulberry32: a fixed sequence, so a failure reproduces.
    let seed = 20_261_128;
    const random = (): number => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
    };
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    // New providers: their whole history is in the log (the seeded ones may have been pruned).
    const providers: number[] = [];
    for (const name of ['Replay One', 'Replay Two', 'Replay Three']) {
      const row = await f.t.db
        .insertInto('providers')
        .values({
          client_id: clientId,
          prefix: null,
          first_name: name,
          middle_name: null,
          last_name: `Busy log ${f.t.name}`,
          credentials: null,
          specialty: null,
          gender: null,
          bio: null,
          photo_url: null,
          online_bookable: 1,
          accepting_new_patients: 1,
          sort_order: 99,
          version: 1,
          created_at: NOW.getTime(),
          updated_at: NOW.getTime(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      providers.push(row.id);
    }
    const statuses = ['pending', 'booked', 'arrived', 'checked-in', 'fulfilled', 'noshow', 'cancelled'];
    const base = DAY + 40 * 24 * 60 * MINUTE;
    // Few, short, overlapping periods: equal periods (a multiset) and shared starts are common.
    const period = (): [number, number] => {
      const start = base + Math.floor(random() * 8) * 15 * MINUTE;
      return [start, start + (1 + Math.floor(random() * 3)) * 15 * MINUTE];
    };
    const rows: { table: 'appointments' | 'time_off' | 'slot_holds'; id: number }[] = [];
    for (let step = 0; step < 200; step++) {
      const r = random();
      if (rows.length === 0 || r < 0.4) {
        const table = pick(['appointments', 'appointments', 'time_off', 'slot_holds'] as const);
        const [start, end] = period();
        const provider = pick(providers);
        const id =
          table === 'appointments'
            ? await insertAppointment(provider, start, end, pick(statuses))
            : table === 'time_off'
              ? await insertTimeOff(provider, start, end)
              : await insertHold(provider, start, end);
        rows.push({ table, id });
      } else if (r < 0.8) {
        const row = pick(rows);
        const values: { provider_id?: number; start_at?: number; end_at?: number; status?: string } = {};
        if (random() < 0.4) values.provider_id = pick(providers);
        if (random() < 0.5) [values.start_at, values.end_at] = period();
        if (row.table === 'appointments' && (random() < 0.6 || Object.keys(values).length === 0))
          values.status = pick(statuses);
        if (Object.keys(values).length === 0) values.provider_id = pick(providers);
        if (row.table === 'appointments') await setAppointment(row.id, values);
        else
          await f.t.db
            .updateTable(row.table)
            .set(values as { provider_id?: number })
            .where('id', '=', row.id)
            .execute();
      } else {
        const index = Math.floor(random() * rows.length);
        const [row] = rows.splice(index, 1);
        await f.t.db.deleteFrom(row!.table).where('id', '=', row!.id).execute();
      }
    }

    const key = (kind: number, start: number, end: number) => `${kind}:${start}:${end}`;
    let replayed = 0;
    for (const provider of providers) {
      const version = await versionOf(provider);
      expect(version).toBeGreaterThan(20);
      expect(version).toBeLessThan(256); // never pruned: the log holds the provider's whole history
      const changes = await since(provider, 0);
      expect(changes[0]?.version).toBe(1);
      expect(changes.at(-1)?.version).toBe(version);
      // From nothing, in version order: every removal finds its period, the result is the tables.
      const busy = new Map<string, number>();
      for (const { kind, delta, startAt, endAt } of changes) {
        if (delta === 0) continue;
        const k = key(kind, startAt, endAt);
        const count = (busy.get(k) ?? 0) + delta;
        expect(
          count,
          `version removes ${k} of provider ${provider} that is not there`,
        ).toBeGreaterThanOrEqual(0);
        if (count === 0) busy.delete(k);
        else busy.set(k, count);
        replayed++;
      }
      const inTables = new Map<string, number>();
      const add = (kind: number, row: { start_at: number; end_at: number }) => {
        const k = key(kind, Number(row.start_at), Number(row.end_at));
        inTables.set(k, (inTables.get(k) ?? 0) + 1);
      };
      for (const row of await f.t.db
        .selectFrom('appointments')
        .select(['start_at', 'end_at'])
        .where('provider_id', '=', provider)
        .where('status', 'in', ['pending', 'booked', 'arrived', 'checked-in', 'fulfilled'])
        .execute())
        add(1, row);
      for (const row of await f.t.db
        .selectFrom('slot_holds')
        .select(['start_at', 'end_at'])
        .where('provider_id', '=', provider)
        .execute())
        add(1, row);
      for (const row of await f.t.db
        .selectFrom('time_off')
        .select(['start_at', 'end_at'])
        .where('provider_id', '=', provider)
        .execute())
        add(0, row);
      expect([...busy].sort()).toEqual([...inTables].sort());
    }
    expect(replayed).toBeGreaterThan(200);
    for (const row of rows) await f.t.db.deleteFrom(row.table).where('id', '=', row.id).execute();
  });

  it('has a row for every version of every provider, through the seed and many changes', async () => {
    const start = DAY + 4 * 24 * 60 * MINUTE;
    const ids: number[] = [];
    for (let index = 0; index < 40; index++) {
      const provider = [providerA, providerB, providerC][index % 3]!;
      const at = start + index * 30 * MINUTE;
      if (index % 4 === 3) ids.push(await insertTimeOff(provider, at, at + 30 * MINUTE));
      else
        ids.push(
          await insertAppointment(provider, at, at + 30 * MINUTE, index % 5 === 0 ? 'cancelled' : 'booked'),
        );
    }
    for (const [index, id] of ids.entries()) {
      if (index % 4 === 3) continue;
      if (index % 3 === 0)
        await setAppointment(id, { provider_id: [providerB, providerC, providerA][index % 3]! });
      else if (index % 3 === 1)
        await setAppointment(id, { status: index % 2 === 0 ? 'cancelled' : 'noshow' });
      else await f.t.db.deleteFrom('appointments').where('id', '=', id).execute();
    }

    const versions = await f.t.db
      .selectFrom('provider_busy_versions')
      .select(['provider_id', 'version'])
      .execute();
    expect(versions.length).toBeGreaterThan(3);
    for (const { provider_id: providerId, version } of versions) {
      const logged = await loggedVersions(providerId);
      const first = logged[0]!;
      // Contiguous up to the current version: every version raised has its row.
      expect(logged).toEqual(
        Array.from({ length: Number(version) - first + 1 }, (_, index) => first + index),
      );
      // The seed ran after the migration: nothing pruned unless the provider passed 256 versions.
      if (Number(version) < 256) expect(first).toBe(1);
    }
  });

  it('prunes a provider at each multiple of 64 to its last 256 versions', async () => {
    const start = DAY + 10 * 24 * 60 * MINUTE;
    let at = start;
    /** `count` time off rows in one statement: one version each. */
    async function raise(count: number): Promise<void> {
      const rows = Array.from({ length: count }, () => {
        at += 10 * MINUTE;
        return {
          client_id: clientId,
          provider_id: providerB,
          location_id: null,
          start_at: at,
          end_at: at + 5 * MINUTE,
          reason: null,
          created_at: NOW.getTime(),
        };
      });
      if (count > 0) await f.t.db.insertInto('time_off').values(rows).execute();
    }
    // Up to a version ≡ 63 (mod 64) past 384: the last prune (at 320 or later) left 256 + 63.
    const v0 = await versionOf(providerB);
    let target = Math.max(v0 + 1, 384);
    target += (63 - (target % 64) + 64) % 64;
    await raise(target - v0);
    expect(await versionOf(providerB)).toBe(target);
    let logged = await loggedVersions(providerB);
    expect(logged[0]).toBe(target - 63 - 255);
    expect(logged).toHaveLength(319);
    expect(logged.at(-1)).toBe(target);

    // One more: a multiple of 64, pruned to its last 256.
    await raise(1);
    logged = await loggedVersions(providerB);
    expect(logged[0]).toBe(target + 1 - 255);
    expect(logged).toHaveLength(256);
    // A reader that kept a version still logged sees every later one; an older one sees the gap.
    const after = await since(providerB, target - 191);
    expect(new Set(after.map((c) => c.version)).size).toBe(192);
    expect((await since(providerB, 0))[0]!.version).toBeGreaterThan(1);

    // Cheap otherwise: no prune until the next multiple.
    await raise(63);
    logged = await loggedVersions(providerB);
    expect(logged).toHaveLength(319);
    expect(logged[0]).toBe(target + 1 - 255);
  });

  it('reads busy periods and their versions in one snapshot', async () => {
    const serviceId = refs.service_id;
    const offering = (
      await f.t.db
        .selectFrom('provider_services')
        .select('provider_id')
        .where('service_id', '=', serviceId)
        .orderBy('provider_id')
        .execute()
    ).map((row) => row.provider_id);
    expect(offering.length).toBeGreaterThan(1);
    const [first, second] = [offering[0]!, offering[1]!];
    const base = DAY + 50 * 24 * 60 * MINUTE;
    await insertAppointment(first, base, base + 30 * MINUTE);
    await insertHold(first, base + 60 * MINUTE, base + 90 * MINUTE);
    await insertTimeOff(second, base, base + 240 * MINUTE);
    const query = { clientId, serviceId, fromMs: base - 24 * 60 * MINUTE, toMs: base + 24 * 60 * MINUTE };

    // The same periods as the booking re-check reads them, one record each, grouped per provider.
    const busyByProvider = async (q: BusyQuery) => {
      const grouped = new Map<number, ProviderBusy>();
      for (const record of await selectBusy(f.t.db, q)) {
        let entry = grouped.get(record.providerId);
        if (entry === undefined) grouped.set(record.providerId, (entry = { appointments: [], timeOff: [] }));
        (record.kind === 'appointment' ? entry.appointments : entry.timeOff).push(
          record.startAt,
          record.endAt,
        );
      }
      return grouped;
    };
    const versionsOf = async (ids: readonly number[]) =>
      new Map(await Promise.all(ids.map(async (id) => [id, await versionOf(id)] as const)));
    const snapshot = await selectBusySnapshot(f.t.db, query);
    expect(snapshot.busy).toEqual(await busyByProvider(query));
    expect(snapshot.busy.get(first)).toEqual({
      appointments: [base, base + 30 * MINUTE, base + 60 * MINUTE, base + 90 * MINUTE],
      timeOff: [],
    });
    expect(snapshot.versions).toEqual(await versionsOf(offering));
    expect(snapshot.versions.get(first)).toBeGreaterThan(0);

    // Narrowed like the periods: one provider, a list, an empty list.
    const one = await selectBusySnapshot(f.t.db, { ...query, providerId: second });
    expect(one.busy).toEqual(await busyByProvider({ ...query, providerId: second }));
    expect(one.versions).toEqual(await versionsOf([second]));
    const listed = await selectBusySnapshot(f.t.db, { ...query, providerIds: [first, second] });
    expect(listed.busy).toEqual(snapshot.busy);
    expect(listed.versions).toEqual(await versionsOf([first, second]));
    expect(await selectBusySnapshot(f.t.db, { ...query, providerIds: [] })).toEqual({
      busy: new Map(),
      versions: new Map(),
    });

    // A provider never changed (no version row) reads as version 0.
    const kept = await versionOf(second);
    await f.t.db.deleteFrom('provider_busy_versions').where('provider_id', '=', second).execute();
    try {
      const unversioned = await selectBusySnapshot(f.t.db, { ...query, providerId: second });
      expect(unversioned.versions).toEqual(new Map([[second, 0]]));
      expect(unversioned.busy.get(second)?.timeOff).toEqual([base, base + 240 * MINUTE]);
    } finally {
      await f.t.db
        .insertInto('provider_busy_versions')
        .values({ provider_id: second, version: kept })
        .execute();
    }
  });
});
