import { APPOINTMENT_STATUSES, APPOINTMENT_STATUS_LABELS } from '@scheduler/domain/appointment-status';
import type {
  GetAppointmentReportResponse,
  GetChannelFiltersResponse,
  GetChartReportResponse,
} from '@scheduler/contract/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppointmentStatus } from '../../platform/db/schema.ts';
import { insertAppointment, insertPatient } from '../../test/patient-management-fixture.ts';
import type { PublicFixture } from '../../test/public-api-fixture.ts';
import { createPublicFixture, query } from '../../test/public-api-fixture.ts';
import { loginAsDemo } from '../../test/staff-login.ts';
import type { StaffLogin } from '../../test/staff-login.ts';
import { testDatabases } from '../../test/test-db.ts';
import { csvCell } from './service.ts';

type Role = 'owner' | 'staff' | 'viewer';
const HOUR = 3_600_000;
/** June 2027 in New York: the demo has no appointments then (it covers 21 days around 2026-11-25). */
const JUNE_1 = Date.UTC(2027, 5, 1, 4); // local midnight, EDT
const CAMPAIGN = 'pm-report-campaign';

interface Planned {
  day: number;
  hour: number;
  status: AppointmentStatus;
  channel: string | null;
  isNewPatient: boolean;
  location: 0 | 1;
  provider: 0 | 1;
  service: 0 | 1;
}

/** Twelve appointments over three days, booked on the day before each. */
const PLAN: Planned[] = [
  {
    day: 0,
    hour: 13,
    status: 'booked',
    channel: 'website',
    isNewPatient: true,
    location: 0,
    provider: 0,
    service: 0,
  },
  {
    day: 0,
    hour: 14,
    status: 'booked',
    channel: CAMPAIGN,
    isNewPatient: false,
    location: 0,
    provider: 0,
    service: 1,
  },
  {
    day: 0,
    hour: 15,
    status: 'pending',
    channel: null,
    isNewPatient: true,
    location: 1,
    provider: 1,
    service: 0,
  },
  {
    day: 0,
    hour: 16,
    status: 'cancelled',
    channel: CAMPAIGN,
    isNewPatient: false,
    location: 1,
    provider: 1,
    service: 1,
  },
  {
    day: 1,
    hour: 13,
    status: 'fulfilled',
    channel: 'website',
    isNewPatient: false,
    location: 0,
    provider: 0,
    service: 0,
  },
  {
    day: 1,
    hour: 14,
    status: 'noshow',
    channel: 'website',
    isNewPatient: true,
    location: 0,
    provider: 1,
    service: 0,
  },
  {
    day: 1,
    hour: 15,
    status: 'booked',
    channel: CAMPAIGN,
    isNewPatient: true,
    location: 1,
    provider: 0,
    service: 1,
  },
  {
    day: 1,
    hour: 16,
    status: 'arrived',
    channel: 'website',
    isNewPatient: false,
    location: 1,
    provider: 1,
    service: 1,
  },
  {
    day: 2,
    hour: 13,
    status: 'checked-in',
    channel: 'website',
    isNewPatient: false,
    location: 0,
    provider: 0,
    service: 0,
  },
  {
    day: 2,
    hour: 14,
    status: 'booked',
    channel: CAMPAIGN,
    isNewPatient: false,
    location: 0,
    provider: 1,
    service: 1,
  },
  {
    day: 2,
    hour: 15,
    status: 'entered-in-error',
    channel: 'website',
    isNewPatient: true,
    location: 1,
    provider: 0,
    service: 0,
  },
  {
    day: 2,
    hour: 23,
    status: 'booked',
    channel: 'website',
    isNewPatient: false,
    location: 1,
    provider: 1,
    service: 0,
  },
];

describe.each(testDatabases())('report API on $name', (target) => {
  let f: PublicFixture;
  const as: Partial<Record<Role, StaffLogin>> = {};
  let brand: number;
  let locations: [number, number];
  let providers: [number, number];
  let services: [number, number];

  beforeAll(async () => {
    f = await createPublicFixture(target);
    for (const role of ['owner', 'staff', 'viewer'] as const) as[role] = await loginAsDemo(f.app, role);
    brand = f.brightsmile.clientId;
    locations = Object.values(f.brightsmile.locations).slice(0, 2) as [number, number];
    providers = Object.values(f.brightsmile.providers).slice(0, 2) as [number, number];
    services = Object.values(f.brightsmile.services).slice(0, 2) as [number, number];
    const patientId = await insertPatient(f.t.db, { clientId: brand, firstName: 'Rita', lastName: 'Report' });
    for (const [index, plan] of PLAN.entries()) {
      const startAt = JUNE_1 + plan.day * 24 * HOUR + plan.hour * HOUR;
      await insertAppointment(f.t.db, {
        clientId: brand,
        patientId,
        providerId: providers[plan.provider],
        locationId: locations[plan.location],
        serviceId: services[plan.service],
        startAt,
        status: plan.status,
        channel: plan.channel,
        isNewPatient: plan.isNewPatient,
        // Booked the day before, one minute apart.
        createdAt: startAt - 24 * HOUR + index * 60_000,
      });
    }
    // The patient cancelled the cancelled one online (issue 18: who cancelled is kept and reported).
    await f.t.db
      .updateTable('appointments')
      .set({ cancelled_by: 'patient' })
      .where('client_id', '=', brand)
      .where('status', '=', 'cancelled')
      .where('start_at', '>=', JUNE_1)
      .execute();
  });
  afterAll(async () => {
    await f.close();
  });

  function get(role: Role | null, path: string, params: Record<string, string | number | undefined> = {}) {
    return f.app.inject({
      method: 'GET',
      url: `/api/scheduler/${path}?${query({ clientId: brand, timeZone: 'America/New_York', ...params })}`,
      headers: role === null ? {} : as[role]!.bearerHeaders,
    });
  }
  async function report(params: Record<string, string | number | undefined> = {}, role: Role = 'viewer') {
    const response = await get(role, 'report/getAppointmentReport', {
      from: '2027-06-01',
      to: '2027-06-03',
      ...params,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<GetAppointmentReportResponse>();
  }
  const matching = (predicate: (plan: Planned) => boolean) => PLAN.filter(predicate).length;

  describe('access', () => {
    it.each([
      'getAppointmentReport',
      'report/getAppointmentReport',
      'report/getChannelFilters',
      'report/getChartReport',
    ])(
      'answers %s without a session with 401, to a viewer with 200, and for another brand with 403',
      async (path) => {
        expect((await get(null, path)).statusCode).toBe(401);
        const viewer = await get('viewer', path);
        expect(viewer.statusCode, viewer.body).toBe(200);
        const foreign = await get('staff', path, { clientId: f.northside.clientId });
        expect(foreign.statusCode, foreign.body).toBe(403);
      },
    );
  });

  describe('GET getAppointmentReport', () => {
    it('totals exactly the appointments of the range, by status, channel and new/existing patient', async () => {
      const body = await report();
      expect(body.range).toEqual({ from: '2027-06-01', to: '2027-06-03', timeZone: 'America/New_York' });
      expect(body.total).toBe(PLAN.length);
      expect(body.totals.appointments).toBe(PLAN.length);
      expect(body.totals.newPatients).toBe(matching((p) => p.isNewPatient));
      expect(body.totals.existingPatients).toBe(matching((p) => !p.isNewPatient));
      for (const { status, count } of body.totals.byStatus) {
        expect(count, status).toBe(matching((p) => p.status === status));
      }
      // Every status, in the workflow's order, with the labels the patient page shows (issue 19).
      expect(body.totals.byStatus.map(({ status, label }) => [status, label])).toEqual(
        APPOINTMENT_STATUSES.map((status) => [status, APPOINTMENT_STATUS_LABELS[status]]),
      );
      expect(body.totals.byChannel).toEqual([
        { channel: 'website', count: matching((p) => p.channel !== CAMPAIGN) },
        { channel: CAMPAIGN, count: matching((p) => p.channel === CAMPAIGN) },
      ]);
      expect(body.items).toHaveLength(PLAN.length);
      expect(body.items[0]).toMatchObject({
        startUtc: new Date(JUNE_1 + 13 * HOUR).toISOString(),
        dateLocal: '2027-06-01',
        status: 'booked',
        statusLabel: 'Confirmed',
        channel: 'website',
        isNewPatient: true,
        location: { locationId: String(locations[0]) },
        provider: { providerId: String(providers[0]) },
        service: { appointmentTypeId: String(services[0]) },
      });
      // The 23:00 appointment of 3 June is still 3 June in New York (03:00 UTC on the 4th).
      expect(body.items.at(-1)).toMatchObject({ dateLocal: '2027-06-03' });
      expect(JSON.stringify(body)).not.toContain('Rita');
    });

    it('applies every filter and pages on the server', async () => {
      const count = async (params: Record<string, string | number>) => (await report(params)).total;
      expect(await count({ locationId: locations[1] })).toBe(matching((p) => p.location === 1));
      expect(await count({ providerId: providers[0] })).toBe(matching((p) => p.provider === 0));
      expect(await count({ appointmentTypeId: services[1] })).toBe(matching((p) => p.service === 1));
      expect(await count({ status: 'booked,pending' })).toBe(
        matching((p) => ['booked', 'pending'].includes(p.status)),
      );
      expect(await count({ channel: CAMPAIGN })).toBe(matching((p) => p.channel === CAMPAIGN));
      expect(await count({ channel: 'website' })).toBe(matching((p) => p.channel !== CAMPAIGN));
      expect(await count({ from: '2027-06-02', to: '2027-06-02' })).toBe(matching((p) => p.day === 1));
      expect(await count({ locationId: locations[0], channel: 'website', status: 'booked' })).toBe(
        matching((p) => p.location === 0 && p.channel !== CAMPAIGN && p.status === 'booked'),
      );

      const page1 = await report({ pageSize: 5 });
      const page3 = await report({ pageSize: 5, page: 3 });
      expect(page1.items).toHaveLength(5);
      expect(page3.items).toHaveLength(PLAN.length - 10);
      expect(page1.total).toBe(PLAN.length);
      const latestFirst = await report({ sort: '-startUtc', pageSize: 1 });
      expect(latestFirst.items[0]?.dateLocal).toBe('2027-06-03');
    });

    it('answers the same on both paths', async () => {
      const params = { from: '2027-06-01', to: '2027-06-03', channel: CAMPAIGN };
      const a = await get('staff', 'getAppointmentReport', params);
      const b = await get('staff', 'report/getAppointmentReport', params);
      expect(a.statusCode).toBe(200);
      expect(a.json()).toEqual(b.json());
    });

    it('exports every matching row as CSV', async () => {
      const response = await get('viewer', 'report/getAppointmentReport', {
        from: '2027-06-01',
        to: '2027-06-03',
        format: 'csv',
        pageSize: 2,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toContain(
        'appointment-report-2027-06-01-to-2027-06-03.csv',
      );
      expect(response.headers['x-report-truncated']).toBe('false');
      const lines = response.body.trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        'Appointment ID,Date,Start (UTC),End (UTC),Time zone,Status,Location,Provider,Service,Channel,New patient,Booked at (UTC),Cancelled by',
      );
      expect(lines).toHaveLength(PLAN.length + 1);
      expect(lines[1]).toContain(',2027-06-01,');
      expect(lines[1]).toContain(',Confirmed,');
      expect(lines[1]).toMatch(/,$/);
      const cancelled = lines.filter((line) => line.includes(',Cancelled,'));
      expect(cancelled).toHaveLength(matching((p) => p.status === 'cancelled'));
      for (const line of cancelled) expect(line).toMatch(/,Patient \(online\)$/);
    });

    it('says who cancelled a cancelled appointment, and nothing for the others', async () => {
      const body = await report();
      for (const item of body.items)
        expect(item.cancelledBy, item.status).toBe(item.status === 'cancelled' ? 'patient' : null);
    });

    it('defuses spreadsheet formulas and quotes commas in CSV cells', () => {
      expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
      expect(csvCell('Smith, Jr.')).toBe('"Smith, Jr."');
      expect(csvCell(42)).toBe('42');
    });

    it('refuses a range longer than 366 days or reversed', async () => {
      expect(
        (await get('viewer', 'report/getAppointmentReport', { from: '2025-01-01', to: '2026-12-31' }))
          .statusCode,
      ).toBe(400);
      expect(
        (await get('viewer', 'report/getAppointmentReport', { from: '2027-06-03', to: '2027-06-01' }))
          .statusCode,
      ).toBe(400);
    });
  });

  describe('dates outside 1900-01-01…2999-12-31', () => {
    it.each(['report/getAppointmentReport', 'report/getChartReport'])(
      'answers %s with 400 VALIDATION naming the field',
      async (path) => {
        for (const date of ['9999-12-31', '3000-01-01', '1899-12-31']) {
          const response = await get('viewer', path, { from: date, to: date });
          expect(response.statusCode, response.body).toBe(400);
          const body = response.json<{
            error: { code: string; details: { fields: { path: string; message: string }[] } };
          }>();
          expect(body.error.code).toBe('VALIDATION');
          expect(body.error.details.fields.map((field) => field.path).sort()).toEqual(['from', 'to']);
          expect(body.error.details.fields[0]?.message).toBe(
            'Enter a date between 1900-01-01 and 2999-12-31',
          );
        }
        for (const [from, to] of [
          ['1900-01-01', '1900-12-31'],
          ['2999-01-01', '2999-12-31'],
        ]) {
          const response = await get('viewer', path, { from, to });
          expect(response.statusCode, response.body).toBe(200);
        }
      },
    );
  });

  describe('GET report/getChannelFilters', () => {
    it("lists 'website' first, then every campaign seen for the brand", async () => {
      const response = await get('viewer', 'report/getChannelFilters');
      const { channelFilters } = response.json<GetChannelFiltersResponse>();
      expect(channelFilters[0]).toBe('website');
      expect(channelFilters).toContain(CAMPAIGN);
      expect(new Set(channelFilters).size).toBe(channelFilters.length);
      expect([...channelFilters.slice(1)].sort((a, b) => a.localeCompare(b))).toEqual(
        channelFilters.slice(1),
      );
    });
  });

  describe('GET report/getChartReport', () => {
    it('counts bookings by day, channel, service and location (entered-in-error aside)', async () => {
      // Booked the day before each appointment: 31 May to 2 June.
      const response = await get('viewer', 'report/getChartReport', { from: '2027-05-31', to: '2027-06-02' });
      expect(response.statusCode, response.body).toBe(200);
      const chart = response.json<GetChartReportResponse>();
      const counted = PLAN.filter((p) => p.status !== 'entered-in-error');
      expect(chart.totals.bookings).toBe(counted.length);
      expect(chart.byDay).toEqual([
        { date: '2027-05-31', count: counted.filter((p) => p.day === 0).length },
        { date: '2027-06-01', count: counted.filter((p) => p.day === 1).length },
        // The 23:00 (EDT) appointment was booked at 03:00 UTC on 3 June, still 2 June in New York.
        { date: '2027-06-02', count: counted.filter((p) => p.day === 2).length },
      ]);
      expect(chart.byChannel).toEqual([
        { channel: 'website', count: counted.filter((p) => p.channel !== CAMPAIGN).length },
        { channel: CAMPAIGN, count: counted.filter((p) => p.channel === CAMPAIGN).length },
      ]);
      expect(chart.byService.map((s) => [Number(s.appointmentTypeId), s.count]).sort()).toEqual(
        [0, 1].map((i) => [services[i as 0 | 1], counted.filter((p) => p.service === i).length]).sort(),
      );
      expect(chart.byLocation.reduce((sum, l) => sum + l.count, 0)).toBe(counted.length);
      expect(chart.byLocation.every((l) => l.name !== '')).toBe(true);

      const filtered = (
        await get('viewer', 'report/getChartReport', {
          from: '2027-05-31',
          to: '2027-06-02',
          locationId: locations[0],
        })
      ).json<GetChartReportResponse>();
      expect(filtered.totals.bookings).toBe(counted.filter((p) => p.location === 0).length);
    });

    it('builds the booking funnel from analytics events, with drop-off per step', async () => {
      const steps = ['landing', 'findappointment', 'additionaldetails', 'insurance', 'identity', 'thankyou'];
      // Session i reaches step i (six sessions: 6 land, 5 find, … 1 thanks); plus repeated views.
      for (let session = 0; session < steps.length; session++) {
        for (const step of steps.slice(0, session + 1)) {
          for (const action of ['pageView', 'click']) {
            const response = await f.app.inject({
              method: 'POST',
              url: '/api/scheduler/updateUserSession',
              payload: {
                sessionId: `funnel-${target.name}-${session}`,
                clientId: 'brightsmile',
                pagePath: `/brightsmile/main/all/${step}`,
                pageName: step,
                action,
                channelFilters: 'pm-funnel-campaign',
              },
            });
            expect(response.statusCode, response.body).toBe(200);
          }
        }
      }
      const response = await get('viewer', 'report/getChartReport', {
        from: '2026-11-25',
        to: '2026-11-25',
        channel: 'pm-funnel-campaign',
      });
      expect(response.statusCode, response.body).toBe(200);
      const { funnel, totals } = response.json<GetChartReportResponse>();
      expect(funnel.map((s) => [s.step, s.sessions, s.dropOff])).toEqual([
        ['landing', 6, 0],
        ['findappointment', 5, 1],
        ['additionaldetails', 4, 1],
        ['insurance', 3, 1],
        ['identity', 2, 1],
        ['thankyou', 1, 1],
      ]);
      expect(funnel[5]?.conversionRate).toBeCloseTo(1 / 6);
      expect(funnel[1]?.dropOffRate).toBeCloseTo(1 / 6);
      expect(totals.sessions).toBe(6);
      // The demo's own sessions (other campaigns) count without the channel filter.
      const all = (
        await get('viewer', 'report/getChartReport', { from: '2026-11-01', to: '2026-11-25' })
      ).json<GetChartReportResponse>();
      expect(all.funnel[0]!.sessions).toBeGreaterThan(6);
    });
  });
});
