/*
 * The roll-ups of migration 2026-11-26-008 against the rows themselves, on SQLite and PostgreSQL:
 * report_bookings_sliced_daily and report_bookings_hourly (kept by triggers on appointments) after
 * random bookings, status changes, moves, channel changes and deletions; report_funnel_daily (kept
 * by triggers on report_funnel_hourly) after random analytics events; then the chart report without
 * a filter (read from the new roll-ups) and with a channel filter (the funnel), for random ranges in
 * zones of whole, half and quarter-hour offsets, must equal a direct count of the rows.
 */
import { APPOINTMENT_STATUSES } from '@scheduler/domain/appointment-status';
import { addCalendarDays, fromDayNumber, toDayNumber } from '@scheduler/domain/local-date';
import { localDateOf, startOfLocalDay } from '@scheduler/domain/time-zone';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/database.ts';
import { testDatabases } from '../../test/test-db.ts';
import type { TestDatabase } from '../../test/test-db.ts';
import { createReportsRepository } from './reports-repository.ts';
import { createReportsService } from './service.ts';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const BASE = Date.UTC(2026, 9, 20);
const SPAN_DAYS = 30;
const ZONES = ['UTC', 'America/New_York', 'Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Lord_Howe'];
const CHANNELS: (string | null)[] = ['website', null, '', 'spring-campaign', 'phone'];
const PAGES = [
  'Landing',
  'landing',
  'Find Appointment',
  'findappointment',
  'Additional Details',
  'insurance',
  'Identity',
  'thankyou',
  'Other Page',
  null,
];

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

async function insertBrand(db: Db, slug: string, zone: string): Promise<Brand> {
  const now = BASE;
  const clientId = await insertId(db, 'clients', { slug, name: slug, created_at: now, updated_at: now });
  const locations: number[] = [];
  for (const index of [0, 1, 2]) {
    locations.push(
      await insertId(db, 'locations', {
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
      }),
    );
  }
  const services: number[] = [];
  for (const index of [0, 1, 2]) {
    services.push(
      await insertId(db, 'services', {
        client_id: clientId,
        name: `Service ${index}`,
        duration_minutes: 15,
        created_at: now,
        updated_at: now,
      }),
    );
  }
  const providers: number[] = [];
  for (const index of [0, 1, 2]) {
    providers.push(
      await insertId(db, 'providers', {
        client_id: clientId,
        first_name: 'P',
        last_name: `${index}`,
        created_at: now,
        updated_at: now,
      }),
    );
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

async function book(db: Db, brand: Brand, random: Random, count: number, used: Set<string>): Promise<void> {
  for (let i = 0; i < count; i++) {
    const provider = random.pick(brand.providers);
    let start = 0;
    do {
      start = BASE + random.int(0, (SPAN_DAYS + 4) * 96) * 15 * MINUTE;
    } while (used.has(`${provider}|${start}`));
    used.add(`${provider}|${start}`);
    const created = BASE - 2 * DAY + random.int(0, (SPAN_DAYS + 2) * 24 * 60) * MINUTE;
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
        channel: random.pick(CHANNELS),
        created_at: created,
        updated_at: created,
      })
      .execute();
  }
}

async function change(db: Db, brand: Brand, random: Random, count: number): Promise<void> {
  const ids = (
    await db.selectFrom('appointments').select('id').where('client_id', '=', brand.clientId).execute()
  ).map((row) => row.id);
  for (let i = 0; i < count; i++) {
    const id = random.pick(ids);
    const kind = random.int(0, 5);
    const update = db.updateTable('appointments').where('id', '=', id);
    if (kind === 0) await update.set({ status: 'entered-in-error' }).execute();
    else if (kind === 1) await update.set({ status: random.pick(APPOINTMENT_STATUSES) }).execute();
    else if (kind === 2)
      await update
        .set({ location_id: random.pick(brand.locations), service_id: random.pick(brand.services) })
        .execute();
    else if (kind === 3) await update.set({ channel: random.pick(CHANNELS) }).execute();
    else if (kind === 4) await update.set({ notes: 'seen' }).execute();
    else await db.deleteFrom('appointments').where('id', '=', id).execute();
  }
}

async function track(db: Db, brand: Brand, random: Random, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await db
      .insertInto('analytics_events')
      .values({
        client_id: brand.clientId,
        session_id: `s${random.int(0, 150)}`,
        page_path: null,
        page_name: random.pick(PAGES),
        event_label: null,
        action: null,
        location_id: null,
        alert: null,
        appointment_type_id: null,
        click_page_path: null,
        click_page_name: null,
        provider_id: null,
        event_details: null,
        is_existing_patient: null,
        utm_source: null,
        utm_medium: null,
        utm_campaign: null,
        utm_term: null,
        rwg_token: null,
        is_apt_booked: null,
        channel_filters: random.pick([null, 'website', 'spring-campaign']),
        created_at: BASE - 2 * DAY + random.int(0, (SPAN_DAYS + 2) * 24 * 60) * MINUTE,
      })
      .execute();
  }
}

function tally(entries: Iterable<[string, number]>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, n] of entries) out[key] = (out[key] ?? 0) + n;
  for (const key of Object.keys(out)) if (out[key] === 0) delete out[key];
  return out;
}

const shown = (channel: string | null): string => (channel === null || channel === '' ? 'website' : channel);

describe.each(testDatabases())('report roll-ups of migration 008 on $name', (target) => {
  let t: TestDatabase;
  let brand: Brand;
  let other: Brand;
  const random = randomFrom(20261208);

  beforeAll(async () => {
    t = await target.create();
    brand = await insertBrand(t.db, 'slices-a', 'America/New_York');
    other = await insertBrand(t.db, 'slices-b', 'Asia/Kolkata');
    const used = new Set<string>();
    await book(t.db, brand, random, 400, used);
    await book(t.db, other, random, 40, used);
    await change(t.db, brand, random, 200);
    await change(t.db, other, random, 20);
    await book(t.db, brand, random, 60, used);
    await track(t.db, brand, random, 900);
    await track(t.db, other, random, 100);
  }, 180_000);

  afterAll(async () => {
    await t.destroy();
  });

  async function bookings(clientId?: number) {
    let query = t.db
      .selectFrom('appointments')
      .select(['client_id', 'created_at', 'status', 'location_id', 'service_id', 'channel'])
      .where('status', '<>', 'entered-in-error');
    if (clientId !== undefined) query = query.where('client_id', '=', clientId);
    return (await query.execute()).map((row) => ({ ...row, created_at: Number(row.created_at) }));
  }

  it('keeps the sliced daily and hourly booking roll-ups equal to a GROUP BY of the rows', async () => {
    const rows = await bookings();
    const slicesOf = (r: (typeof rows)[number], asShown: boolean): [string, string][] => [
      ['all', ''],
      ['location', String(r.location_id)],
      ['service', String(r.service_id)],
      ['channel', asShown ? shown(r.channel) : (r.channel ?? 'website')],
    ];
    const daily = await t.db.selectFrom('report_bookings_sliced_daily').selectAll().execute();
    expect(daily.length).toBeGreaterThan(0);
    expect(
      tally(daily.map((r) => [[r.client_id, r.day, r.dimension, r.value].join('|'), Number(r.bookings)])),
    ).toEqual(
      tally(
        rows.flatMap((r) =>
          slicesOf(r, true).map(([dimension, value]): [string, number] => [
            [r.client_id, Math.floor(r.created_at / DAY), dimension, value].join('|'),
            1,
          ]),
        ),
      ),
    );
    const hourly = await t.db.selectFrom('report_bookings_hourly').selectAll().execute();
    expect(
      tally(hourly.map((r) => [[r.client_id, r.dimension, r.value, r.hour].join('|'), Number(r.bookings)])),
    ).toEqual(
      tally(
        rows.flatMap((r) =>
          slicesOf(r, false).map(([dimension, value]): [string, number] => [
            [r.client_id, dimension, value, Math.floor(r.created_at / HOUR)].join('|'),
            1,
          ]),
        ),
      ),
    );
  });

  it('keeps report_funnel_daily equal to report_funnel_hourly summed per day', async () => {
    const hourly = await t.db.selectFrom('report_funnel_hourly').selectAll().execute();
    const daily = await t.db.selectFrom('report_funnel_daily').selectAll().execute();
    expect(hourly.length).toBeGreaterThan(0);
    expect(
      tally(daily.map((r) => [[r.client_id, r.day, r.channel, r.step].join('|'), Number(r.sessions)])),
    ).toEqual(
      tally(
        hourly.map((r) => [
          [r.client_id, Math.floor(Number(r.hour_start) / DAY), r.channel, r.step].join('|'),
          Number(r.sessions),
        ]),
      ),
    );
  });

  it('answers the chart report without a filter (and its funnel with a channel) as the rows do', async () => {
    const rows = await bookings(brand.clientId);
    const steps = (
      await t.db
        .selectFrom('analytics_session_steps')
        .selectAll()
        .where('client_id', '=', brand.clientId)
        .execute()
    ).map((row) => ({ ...row, first_at: Number(row.first_at) }));
    const service = createReportsService({
      repository: createReportsRepository(t.db),
      now: () => BASE + 20 * DAY,
    });
    for (let round = 0; round < 40; round++) {
      const timeZone = random.pick(ZONES);
      const from = fromDayNumber(toDayNumber('2026-10-17') + random.int(0, SPAN_DAYS));
      const to = addCalendarDays(from, random.chance(0.2) ? 0 : random.int(1, 25));
      const fromMs = startOfLocalDay(from, timeZone).getTime();
      const beforeMs = startOfLocalDay(addCalendarDays(to, 1), timeZone).getTime();
      const channel = random.chance(0.3) ? random.pick(['website', 'spring-campaign']) : undefined;
      const context = JSON.stringify({ round, timeZone, from, to, channel });
      const chart = await service.chartReport(brand.clientId, { from, to, timeZone, channel });

      const booked = rows.filter(
        (r) =>
          r.created_at >= fromMs &&
          r.created_at < beforeMs &&
          (channel === undefined ||
            (channel === 'website' ? r.channel === 'website' || r.channel === null : r.channel === channel)),
      );
      expect(chart.totals.bookings, context).toBe(booked.length);
      expect(tally(chart.byDay.map((d) => [d.date, d.count])), context).toEqual(
        tally(booked.map((r) => [localDateOf(r.created_at, timeZone), 1])),
      );
      expect(tally(chart.byChannel.map((c) => [c.channel, c.count])), context).toEqual(
        tally(booked.map((r) => [shown(r.channel), 1])),
      );
      expect(tally(chart.byService.map((s) => [s.appointmentTypeId, s.count])), context).toEqual(
        tally(booked.map((r) => [String(r.service_id), 1])),
      );
      expect(tally(chart.byLocation.map((l) => [l.locationId, l.count])), context).toEqual(
        tally(booked.map((r) => [String(r.location_id), 1])),
      );
      // The funnel: sessions whose first view of a step lies in the hours from the one holding
      // `from` up to `before`.
      const firstHour = Math.floor(fromMs / HOUR) * HOUR;
      const reached = steps.filter(
        (s) =>
          s.first_at >= firstHour &&
          Math.floor(s.first_at / HOUR) * HOUR < beforeMs &&
          (channel === undefined || s.channel === channel),
      );
      expect(tally(chart.funnel.map((f) => [f.step, f.sessions])), context).toEqual(
        tally(reached.map((s) => [s.step, 1])),
      );
    }
  }, 180_000);
});
