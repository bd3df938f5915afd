/*
 * The report roll-ups (migration 2026-11-26-004, kept by triggers) against the rows themselves:
 * random bookings, status changes, cancellations, reschedules, moves and deletions, then every
 * report figure, for random filter combinations and ranges in several time zones (offsets of whole
 * hours, half and quarter hours, across daylight-saving changes), must equal a direct count.
 */
import { APPOINTMENT_STATUSES } from '@scheduler/domain/appointment-status';
import { addCalendarDays, fromDayNumber, toDayNumber } from '@scheduler/domain/local-date';
import { localDateOf, startOfLocalDay } from '@scheduler/domain/time-zone';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/database.ts';
import type { AppointmentStatus } from '../../platform/db/schema.ts';
import { testDatabases } from '../../test/test-db.ts';
import type { TestDatabase } from '../../test/test-db.ts';
import { createReportsRepository } from './reports-repository.ts';
import type { ReportFilter } from './reports-repository.ts';
import { createReportsService } from './service.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** 2026-10-20T00:00Z: the data spans the European and US daylight-saving ends. */
const BASE = Date.UTC(2026, 9, 20);
const SPAN_DAYS = 30;
const ZONES = [
  'UTC',
  'America/New_York',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'America/St_Johns',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'Europe/Berlin',
];
const CHANNELS: (string | null)[] = ['website', null, 'spring-campaign', 'phone', 'autumn-campaign'];

/** A small deterministic generator (mulberry32). */
function randomFrom(seed: number) {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T;
  return { next, int, pick, chance: (p: number) => next() < p };
}
type Random = ReturnType<typeof randomFrom>;

interface Brand {
  clientId: number;
  locations: number[];
  services: number[];
  providers: number[];
  patient: number;
}

interface Row {
  id: number;
  client_id: number;
  start_at: number;
  created_at: number;
  status: AppointmentStatus;
  location_id: number;
  provider_id: number;
  service_id: number;
  channel: string | null;
  is_new_patient: number;
}

/** An insert of only the columns that matter here (the others keep their database defaults). */
async function insertId(
  db: Db,
  table: 'clients' | 'locations' | 'services' | 'providers' | 'patients',
  values: Record<string, unknown>,
): Promise<number> {
  const row = await db
    .insertInto(table)
    .values(values as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertBrand(db: Db, slug: string, zones: string[]): Promise<Brand> {
  const now = BASE;
  const client = await insertId(db, 'clients', { slug, name: slug, created_at: now, updated_at: now });
  const clientId = client;
  const locations: number[] = [];
  for (const [index, zone] of zones.entries()) {
    const row = await insertId(db, 'locations', {
      client_id: clientId,
      slug: `l${index}`,
      name: `Location ${index}`,
      address_line1: '1 Main St',
      city: 'Town',
      state: 'ST',
      postal_code: '00000',
      time_zone: zone,
      sort_order: index,
      created_at: now,
      updated_at: now,
    });
    locations.push(row);
  }
  const services: number[] = [];
  for (const index of [0, 1, 2]) {
    const row = await insertId(db, 'services', {
      client_id: clientId,
      name: `Service ${index}`,
      duration_minutes: 15,
      created_at: now,
      updated_at: now,
    });
    services.push(row);
  }
  const providers: number[] = [];
  for (const index of [0, 1, 2, 3]) {
    const row = await insertId(db, 'providers', {
      client_id: clientId,
      first_name: 'P',
      last_name: `${index}`,
      created_at: now,
      updated_at: now,
    });
    providers.push(row);
  }
  const patient = await insertId(db, 'patients', {
    client_id: clientId,
    first_name: 'Pat',
    last_name: 'Ient',
    normalized_name: 'pat ient',
    date_of_birth: '1980-01-01',
    created_at: now,
    updated_at: now,
  });
  return { clientId, locations, services, providers, patient };
}

/** Random appointments; every one on its own 15-minute slot of its provider. */
async function book(db: Db, brand: Brand, random: Random, count: number, used: Set<string>): Promise<void> {
  for (let i = 0; i < count; i++) {
    const provider = random.pick(brand.providers);
    let start = 0;
    do {
      start = BASE - 2 * DAY + random.int(0, (SPAN_DAYS + 4) * 96) * 15 * MINUTE;
    } while (used.has(`${provider}|${start}`));
    used.add(`${provider}|${start}`);
    const created = start - random.int(0, 20 * 24 * 60) * MINUTE;
    await db
      .insertInto('appointments')
      .values({
        scheduler_id: null,
        insurance_policy_id: null,
        idempotency_key: null,
        session_id: null,
        utm_source: null,
        utm_medium: null,
        utm_campaign: null,
        utm_term: null,
        rwg_token: null,
        reason: null,
        notes: null,
        cancel_reason: null,
        created_by_user_id: null,
        version: 1,
        client_id: brand.clientId,
        provider_id: provider,
        location_id: random.pick(brand.locations),
        service_id: random.pick(brand.services),
        patient_id: brand.patient,
        start_at: start,
        end_at: start + 15 * MINUTE,
        status: random.pick(APPOINTMENT_STATUSES),
        is_new_patient: random.chance(0.4) ? 1 : 0,
        channel: random.chance(0.05) ? '' : random.pick(CHANNELS),
        created_at: created,
        updated_at: created,
      })
      .execute();
  }
}

/** Status changes, cancellations, reschedules, moves, channel fixes and deletions at random. */
async function change(db: Db, brand: Brand, random: Random, count: number, used: Set<string>): Promise<void> {
  const ids = (
    await db.selectFrom('appointments').select('id').where('client_id', '=', brand.clientId).execute()
  ).map((row) => row.id);
  for (let i = 0; i < count; i++) {
    const id = random.pick(ids);
    const kind = random.int(0, 6);
    const update = db.updateTable('appointments').where('id', '=', id);
    if (kind === 0) await update.set({ status: 'cancelled', cancel_reason: 'test' }).execute();
    else if (kind === 1) await update.set({ status: random.pick(APPOINTMENT_STATUSES) }).execute();
    else if (kind === 2) await update.set({ status: 'entered-in-error' }).execute();
    else if (kind === 3) {
      const row = await db
        .selectFrom('appointments')
        .select('provider_id')
        .where('id', '=', id)
        .executeTakeFirst();
      if (row === undefined) continue;
      const start = BASE + random.int(0, SPAN_DAYS * 96) * 15 * MINUTE;
      if (used.has(`${row.provider_id}|${start}`)) continue;
      used.add(`${row.provider_id}|${start}`);
      await update.set({ start_at: start, end_at: start + 15 * MINUTE }).execute();
    } else if (kind === 4)
      await update
        .set({ location_id: random.pick(brand.locations), service_id: random.pick(brand.services) })
        .execute();
    else if (kind === 5)
      await update
        .set({ channel: random.pick(CHANNELS), is_new_patient: random.chance(0.5) ? 1 : 0 })
        .execute();
    else await db.deleteFrom('appointments').where('id', '=', id).execute();
    // An update that changes no counted column (fires no roll-up change).
    if (random.chance(0.2)) await update.set({ notes: 'seen' }).execute();
  }
}

const website = (channel: string | null): string =>
  channel === null || channel === '' ? 'website' : channel;

function matches(row: Row, filter: ReportFilter): boolean {
  if (filter.locationId !== undefined && row.location_id !== filter.locationId) return false;
  if (filter.providerId !== undefined && row.provider_id !== filter.providerId) return false;
  if (filter.serviceId !== undefined && row.service_id !== filter.serviceId) return false;
  if (filter.statuses !== undefined && filter.statuses.length > 0 && !filter.statuses.includes(row.status))
    return false;
  if (filter.channel !== undefined) {
    if (filter.channel === 'website') return row.channel === 'website' || row.channel === null;
    return row.channel === filter.channel;
  }
  return true;
}

function tally(entries: Iterable<[string, number]>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, n] of entries) if (n !== 0) out[key] = (out[key] ?? 0) + n;
  for (const key of Object.keys(out)) if (out[key] === 0) delete out[key];
  return out;
}

function randomFilter(brand: Brand, random: Random, other: Brand): Omit<ReportFilter, 'from' | 'before'> {
  return {
    locationId: random.chance(0.35) ? random.pick(brand.locations) : undefined,
    // Now and then another brand's provider: must match nothing.
    providerId: random.chance(0.25)
      ? random.pick(random.chance(0.9) ? brand.providers : other.providers)
      : undefined,
    serviceId: random.chance(0.35) ? random.pick(brand.services) : undefined,
    statuses: random.chance(0.35) ? APPOINTMENT_STATUSES.filter(() => random.chance(0.4)) : undefined,
    channel: random.chance(0.35) ? random.pick(['website', 'spring-campaign', 'phone', 'nobody']) : undefined,
  };
}

describe.each(testDatabases())('report roll-ups on $name', (target) => {
  let t: TestDatabase;
  let brand: Brand;
  let other: Brand;
  const random = randomFrom(20261126);

  beforeAll(async () => {
    t = await target.create();
    brand = await insertBrand(t.db, 'rollup-a', ['America/New_York', 'Asia/Kolkata', 'Pacific/Chatham']);
    other = await insertBrand(t.db, 'rollup-b', ['Europe/Berlin']);
    const used = new Set<string>();
    await book(t.db, brand, random, 500, used);
    await book(t.db, other, random, 60, used);
    await change(t.db, brand, random, 300, used);
    await change(t.db, other, random, 20, used);
    await book(t.db, brand, random, 100, used);
  }, 180_000);

  afterAll(async () => {
    await t.destroy();
  });

  async function rows(clientId: number): Promise<Row[]> {
    const found = await t.db
      .selectFrom('appointments')
      .select([
        'id',
        'client_id',
        'start_at',
        'created_at',
        'status',
        'location_id',
        'provider_id',
        'service_id',
        'channel',
        'is_new_patient',
      ])
      .where('client_id', '=', clientId)
      .execute();
    return found.map((row) => ({
      ...row,
      start_at: Number(row.start_at),
      created_at: Number(row.created_at),
      is_new_patient: Number(row.is_new_patient),
    }));
  }

  it('keeps every roll-up equal to a GROUP BY of the rows', async () => {
    for (const table of [
      'report_appointments_daily',
      'report_bookings_daily',
      'report_bookings_quarterly',
    ] as const) {
      const keys =
        table === 'report_appointments_daily'
          ? sql`client_id, day, location_id, service_id, status, channel, channel_null, is_new_patient`
          : table === 'report_bookings_daily'
            ? sql`client_id, day, location_id, service_id, channel, channel_null`
            : sql`client_id, dimension, value, quarter`;
      const counter = table === 'report_appointments_daily' ? sql`appointments` : sql`bookings`;
      const kept = await sql<{ n: number }>`select count(*) as n from (
          select ${keys}, ${counter} as n from ${sql.table(table)} where ${counter} <> 0
        ) as kept`.execute(t.db);
      expect(Number(kept.rows[0]?.n)).toBeGreaterThan(0);
    }
    const all = [...(await rows(brand.clientId)), ...(await rows(other.clientId))];
    const daily = await t.db.selectFrom('report_appointments_daily').selectAll().execute();
    expect(
      tally(
        daily.map((r) => [
          [
            r.client_id,
            r.day,
            r.location_id,
            r.service_id,
            r.status,
            r.channel,
            r.channel_null,
            r.is_new_patient,
          ].join('|'),
          Number(r.appointments),
        ]),
      ),
    ).toEqual(
      tally(
        all.flatMap((r) =>
          [
            [r.location_id, r.service_id],
            [r.location_id, 0],
            [0, r.service_id],
            [0, 0],
          ].map(([location, service]): [string, number] => [
            [
              r.client_id,
              Math.floor(r.start_at / DAY),
              location,
              service,
              r.status,
              r.channel ?? '',
              r.channel === null ? 1 : 0,
              r.is_new_patient,
            ].join('|'),
            1,
          ]),
        ),
      ),
    );
    const booked = all.filter((r) => r.status !== 'entered-in-error');
    const bookings = await t.db.selectFrom('report_bookings_daily').selectAll().execute();
    expect(
      tally(
        bookings.map((r) => [
          [r.client_id, r.day, r.location_id, r.service_id, r.channel, r.channel_null].join('|'),
          Number(r.bookings),
        ]),
      ),
    ).toEqual(
      tally(
        booked.map((r) => [
          [
            r.client_id,
            Math.floor(r.created_at / DAY),
            r.location_id,
            r.service_id,
            r.channel ?? '',
            r.channel === null ? 1 : 0,
          ].join('|'),
          1,
        ]),
      ),
    );
    const quarters = await t.db.selectFrom('report_bookings_quarterly').selectAll().execute();
    expect(
      tally(
        quarters.map((r) => [[r.client_id, r.dimension, r.value, r.quarter].join('|'), Number(r.bookings)]),
      ),
    ).toEqual(
      tally(
        booked.flatMap((r) => {
          const q = Math.floor(r.created_at / 900_000);
          return [
            [[r.client_id, 'all', '', q].join('|'), 1],
            [[r.client_id, 'location', r.location_id, q].join('|'), 1],
            [[r.client_id, 'service', r.service_id, q].join('|'), 1],
            [[r.client_id, 'channel', r.channel ?? 'website', q].join('|'), 1],
          ] as [string, number][];
        }),
      ),
    );
  });

  it('answers the appointment report and the chart report as the rows do, for random filters and ranges', async () => {
    const appointments = await rows(brand.clientId);
    const repository = createReportsRepository(t.db);
    const service = createReportsService({ repository, now: () => BASE + 20 * DAY });
    for (let round = 0; round < 60; round++) {
      const timeZone = random.pick(ZONES);
      const from = fromDayNumber(toDayNumber('2026-10-18') + random.int(0, SPAN_DAYS));
      // Mostly multi-day ranges, sometimes a single day.
      const to = addCalendarDays(from, random.chance(0.2) ? 0 : random.int(1, 25));
      const fromMs = startOfLocalDay(from, timeZone).getTime();
      const beforeMs = startOfLocalDay(addCalendarDays(to, 1), timeZone).getTime();
      const filter = randomFilter(brand, random, other);
      const context = JSON.stringify({ round, timeZone, from, to, filter });
      const query = {
        from,
        to,
        timeZone,
        locationId: filter.locationId,
        providerId: filter.providerId,
        appointmentTypeId: filter.serviceId,
        channel: filter.channel,
      };

      const byStart = appointments.filter(
        (r) => r.start_at >= fromMs && r.start_at < beforeMs && matches(r, { ...filter, from: 0, before: 0 }),
      );
      const sort = random.pick(['startUtc', '-startUtc'] as const);
      const report = await service.appointmentReport(brand.clientId, {
        ...query,
        status: filter.statuses === undefined ? undefined : [...filter.statuses],
        page: 1,
        pageSize: 500,
        sort,
        format: 'json',
      });
      expect(report.total, context).toBe(byStart.length);
      expect(report.totals.newPatients, context).toBe(byStart.filter((r) => r.is_new_patient === 1).length);
      expect(tally(report.totals.byStatus.map((s) => [s.status, s.count])), context).toEqual(
        tally(byStart.map((r) => [r.status, 1])),
      );
      expect(tally(report.totals.byChannel.map((c) => [c.channel, c.count])), context).toEqual(
        tally(byStart.map((r) => [website(r.channel), 1])),
      );
      const direction = sort === 'startUtc' ? 1 : -1;
      const ordered = [...byStart].sort((a, b) => direction * (a.start_at - b.start_at || a.id - b.id));
      expect(
        report.items.map((item) => item.appointmentId),
        context,
      ).toEqual(ordered.map((r) => String(r.id)));

      const booked = appointments.filter(
        (r) =>
          r.status !== 'entered-in-error' &&
          r.created_at >= fromMs &&
          r.created_at < beforeMs &&
          matches(r, { ...filter, statuses: undefined, from: 0, before: 0 }),
      );
      const chart = await service.chartReport(brand.clientId, query);
      expect(chart.totals.bookings, context).toBe(booked.length);
      expect(tally(chart.byDay.map((d) => [d.date, d.count])), context).toEqual(
        tally(booked.map((r) => [localDateOf(r.created_at, timeZone), 1])),
      );
      expect(tally(chart.byChannel.map((c) => [c.channel, c.count])), context).toEqual(
        tally(booked.map((r) => [website(r.channel), 1])),
      );
      expect(tally(chart.byService.map((s) => [s.appointmentTypeId, s.count])), context).toEqual(
        tally(booked.map((r) => [String(r.service_id), 1])),
      );
      expect(tally(chart.byLocation.map((l) => [l.locationId, l.count])), context).toEqual(
        tally(booked.map((r) => [String(r.location_id), 1])),
      );
    }
  }, 180_000);

  it('pages the rows exactly in every sort: placed by per-day counts, walked by booking time', async () => {
    const appointments = await rows(brand.clientId);
    const service = createReportsService({
      repository: createReportsRepository(t.db),
      now: () => BASE + 20 * DAY,
    });
    for (let round = 0; round < 80; round++) {
      const timeZone = random.pick(ZONES);
      // Short ranges (rows sorted in memory) and long ones (> 62 days: the booking-time walk).
      const from = fromDayNumber(toDayNumber('2026-10-18') + random.int(-120, SPAN_DAYS));
      const to = addCalendarDays(from, random.chance(0.5) ? random.int(0, 25) : random.int(63, 365));
      const fromMs = startOfLocalDay(from, timeZone).getTime();
      const beforeMs = startOfLocalDay(addCalendarDays(to, 1), timeZone).getTime();
      const filter: Omit<ReportFilter, 'from' | 'before'> = random.chance(0.25)
        ? {}
        : randomFilter(brand, random, other);
      const sort = random.pick(['startUtc', '-startUtc', 'createdAt', '-createdAt'] as const);
      const pageSize = random.int(1, 60);
      const matching = appointments.filter(
        (r) => r.start_at >= fromMs && r.start_at < beforeMs && matches(r, { ...filter, from: 0, before: 0 }),
      );
      // Sometimes a page past the last row.
      const page = random.int(1, Math.max(1, Math.ceil(matching.length / pageSize) + 1));
      const context = JSON.stringify({ round, timeZone, from, to, filter, sort, page, pageSize });
      const report = await service.appointmentReport(brand.clientId, {
        from,
        to,
        timeZone,
        locationId: filter.locationId,
        providerId: filter.providerId,
        appointmentTypeId: filter.serviceId,
        channel: filter.channel,
        status: filter.statuses === undefined ? undefined : [...filter.statuses],
        page,
        pageSize,
        sort,
        format: 'json',
      });
      const direction = sort.startsWith('-') ? -1 : 1;
      const key = (r: Row): number => (sort.endsWith('createdAt') ? r.created_at : r.start_at);
      const ordered = [...matching].sort((a, b) => direction * (key(a) - key(b) || a.id - b.id));
      expect(report.total, context).toBe(matching.length);
      expect(
        report.items.map((item) => item.appointmentId),
        context,
      ).toEqual(ordered.slice((page - 1) * pageSize, page * pageSize).map((r) => String(r.id)));
    }
  }, 180_000);
});
