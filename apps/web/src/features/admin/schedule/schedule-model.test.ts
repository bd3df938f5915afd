import type { ScheduleResponse } from '@scheduler/contract/admin/schedule';
import { APPOINTMENT_STATUSES } from '@scheduler/domain/appointment-status';
import { describe, expect, it } from 'vitest';
import { exactContrastRatio } from '../../../lib/colour';
import { buildScheduleModel, isWorkingTime, STATUS_COLOURS } from './schedule-model';
import { rangeOf, stepDate } from './schedule-range';

const appointment = (
  id: string,
  providerId: string,
  startUtc: string,
  endUtc: string,
  status = 'booked',
) => ({
  appointmentId: id,
  providerId,
  startUtc,
  endUtc,
  status: status as ScheduleResponse['appointments'][number]['status'],
  patientId: `9${id}`,
  patientName: `Patient ${id}`,
  serviceName: 'Cleaning',
  confirmationNumber: 'K7M-4QXD',
});

// A Chicago location on Friday 27 November 2026 (CST, UTC−6).
const DATA: ScheduleResponse = {
  location: { locationId: '3', name: 'Lakeview', timeZone: 'America/Chicago' },
  from: '2026-11-27',
  to: '2026-11-27',
  providers: [
    { providerId: '1', displayName: 'Dr. Ana Ruiz', retired: false },
    { providerId: '2', displayName: 'Dr. Ben Cole', retired: false },
  ],
  days: [
    {
      providerId: '1',
      date: '2026-11-27',
      hours: [{ startUtc: '2026-11-27T14:00:00.000Z', endUtc: '2026-11-27T23:00:00.000Z' }],
    },
    { providerId: '2', date: '2026-11-27', hours: [] },
  ],
  timeOff: [
    {
      providerId: '1',
      startUtc: '2026-11-27T18:00:00.000Z',
      endUtc: '2026-11-27T19:00:00.000Z',
      thisLocationOnly: false,
    },
  ],
  appointments: [
    appointment('10', '1', '2026-11-27T14:00:00.000Z', '2026-11-27T14:30:00.000Z'),
    appointment('11', '2', '2026-11-28T01:00:00.000Z', '2026-11-28T01:30:00.000Z', 'arrived'),
    appointment('12', '1', '2026-11-27T15:00:00.000Z', '2026-11-27T15:30:00.000Z', 'cancelled'),
  ],
  closures: [],
  holds: [],
};

describe('schedule model', () => {
  it("puts every block on the location's wall clock with the zone named", () => {
    const model = buildScheduleModel(DATA);
    expect(model.providers).toEqual([
      { id: '1', title: 'Dr. Ana Ruiz' },
      { id: '2', title: 'Dr. Ben Cole' },
    ]);
    const first = model.appointments[0]!;
    expect([first.start.getHours(), first.start.getMinutes(), first.resourceId]).toEqual([8, 0, '1']);
    expect(first.timeText).toBe('8:00 AM – 8:30 AM CT');
    expect(first.accessibleName).toBe(
      'Patient 10, Cleaning, 8:00 AM – 8:30 AM CT, Confirmed, with Dr. Ana Ruiz, confirmation K7M-4QXD',
    );
    expect(model.timeOff[0]).toMatchObject({ resourceId: '1', timeText: '12:00 PM – 1:00 PM CT' });
    expect(model.timeOff[0]!.start.getHours()).toBe(12);
  });

  it('hides cancelled appointments unless asked, and filters providers', () => {
    expect(buildScheduleModel(DATA).appointments.map((block) => block.id)).toEqual(['10', '11']);
    expect(buildScheduleModel(DATA, { showCancelled: true }).appointments.map((block) => block.id)).toEqual([
      '10',
      '11',
      '12',
    ]);
    const onlyBen = buildScheduleModel(DATA, { providerIds: new Set(['2']) });
    expect(onlyBen.providers.map((provider) => provider.id)).toEqual(['2']);
    expect(onlyBen.appointments.map((block) => block.id)).toEqual(['11']);
    expect(onlyBen.timeOff).toEqual([]);
  });

  it('shows the hours that matter: working hours and appointments, 8 to 6 when there is none', () => {
    const model = buildScheduleModel(DATA);
    // Working hours 8:00–17:00; an appointment at 7:00 PM (01:00 UTC the next day).
    expect([model.firstHour, model.lastHour]).toEqual([8, 20]);
    // No appointment: the working hours only (8:00–17:00), not a default 6 PM.
    const onlyWorkingHours = buildScheduleModel({ ...DATA, appointments: [] });
    expect([onlyWorkingHours.firstHour, onlyWorkingHours.lastHour]).toEqual([8, 17]);
    const empty = buildScheduleModel({ ...DATA, days: [], appointments: [] });
    expect([empty.firstHour, empty.lastHour]).toEqual([8, 18]);
  });

  it('shades working time per provider, and none on a closed day', () => {
    const model = buildScheduleModel(DATA);
    expect(isWorkingTime(model, '1', new Date(2026, 10, 27, 8, 0))).toBe(true);
    expect(isWorkingTime(model, '1', new Date(2026, 10, 27, 16, 45))).toBe(true);
    expect(isWorkingTime(model, '1', new Date(2026, 10, 27, 17, 0))).toBe(false);
    expect(isWorkingTime(model, '1', new Date(2026, 10, 27, 7, 45))).toBe(false);
    expect(isWorkingTime(model, '2', new Date(2026, 10, 27, 10, 0))).toBe(false);
    const closed = buildScheduleModel({ ...DATA, closures: [{ date: '2026-11-27' }] });
    expect(isWorkingTime(closed, '1', new Date(2026, 10, 27, 10, 0))).toBe(false);
  });

  it('colours every status with text of at least 4.5:1 contrast', () => {
    for (const status of APPOINTMENT_STATUSES) {
      const colours = STATUS_COLOURS[status];
      expect(exactContrastRatio(colours.text, colours.background), status).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('schedule range', () => {
  it('shows a day, or the week from Sunday, and steps by a day or a week', () => {
    expect(rangeOf('day', '2026-11-27')).toEqual({ from: '2026-11-27', to: '2026-11-27' });
    expect(rangeOf('week', '2026-11-27')).toEqual({ from: '2026-11-22', to: '2026-11-28' });
    expect(rangeOf('week', '2026-11-22')).toEqual({ from: '2026-11-22', to: '2026-11-28' });
    expect(stepDate('day', '2026-12-31', 1)).toBe('2027-01-01');
    expect(stepDate('week', '2026-03-05', -1)).toBe('2026-02-26');
  });
});
