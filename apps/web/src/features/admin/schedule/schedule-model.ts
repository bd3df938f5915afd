/**
 * The schedule's answer (contract admin/schedule.ts) turned into what the calendar draws: provider
 * columns (resources), appointment blocks, time-off blocks, partners' holds (issue 20), and the
 * working hours and closed days that shade its slots, every instant mapped to the location's wall clock (zone-mapping.ts).
 * Pure: built once per answer, so that rendering does no date arithmetic of its own.
 */
import { i18n } from '../../../i18n/catalogs';
import { msg } from '@lingui/core/macro';
import type { AppointmentStatus } from '@scheduler/domain/appointment-status';
import type { ScheduleAppointment, ScheduleHold, ScheduleResponse } from '@scheduler/contract/admin/schedule';
import { clockTimeText, zoneLabel } from '../../../lib/zoned-time';
import { appointmentStatusLabel } from '../shared/status-labels';
import { calendarDateText, offsetAt, toCalendarDate } from './zone-mapping';

export interface ProviderColumn {
  id: string;
  title: string;
}

export interface AppointmentBlock {
  kind: 'appointment';
  id: string;
  resourceId: string;
  start: Date;
  end: Date;
  appointment: ScheduleAppointment;
  providerName: string;
  statusLabel: string;
  /** '9:00 AM – 9:30 AM CT' */
  timeText: string;
  /** What a screen reader hears: patient, service, time with zone, status, confirmation number. */
  accessibleName: string;
}

export interface TimeOffBlock {
  kind: 'timeOff';
  id: string;
  resourceId: string;
  start: Date;
  end: Date;
  timeText: string;
  accessibleName: string;
}

export type ScheduleBlock = AppointmentBlock | TimeOffBlock;

/**
 * A trusted partner's hold (issue 20): the time is claimed until it expires, so it is neither free
 * nor an appointment. Drawn by the provider's column itself (day-column.tsx), not as a library event:
 * it is not dragged, not selected as a free time and opens nothing.
 */
export interface HoldBlock {
  kind: 'hold';
  id: string;
  resourceId: string;
  start: Date;
  end: Date;
  hold: ScheduleHold;
  /** 'Held for County Care Finder until 10:05 AM ET' (the expiry on the location's clock). */
  heldText: string;
  /** '9:00 AM – 9:30 AM CT' */
  timeText: string;
  /** What a screen reader hears: the held text, the time with zone, the provider. */
  accessibleName: string;
}

export interface ScheduleModel {
  timeZone: string;
  providers: ProviderColumn[];
  appointments: AppointmentBlock[];
  timeOff: TimeOffBlock[];
  /** Partners' holds, by start. */
  holds: HoldBlock[];
  /** The holds per `${providerId} ${date}` (every local date a hold covers), for the columns. */
  holdsByDay: Map<string, HoldBlock[]>;
  /** Working hours per `${providerId} ${date}`: [start, end) pairs of calendar-date ms, sorted. */
  hours: Map<string, number[]>;
  /** Closed local dates of the location. */
  closures: Set<string>;
  /** First and last hour of the day worth showing (working hours and appointments; 8–18 when none). */
  firstHour: number;
  lastHour: number;
}

/** A hold's colours: distinct from every status, the text at least 4.5:1 on the background. */
export const HOLD_COLOURS = { background: '#FCE4EC', text: '#6D1035', border: '#A3124F' } as const;

/** Statuses drawn only when asked ("Show cancelled"): they hold no time. */
export const HIDDEN_BY_DEFAULT: readonly AppointmentStatus[] = ['cancelled', 'entered-in-error'];

/**
 * Block colours per status: background, text and border. Every text reaches 4.5:1 on its
 * background (schedule-model.test.ts measures them as axe does).
 */
export const STATUS_COLOURS: Readonly<
  Record<AppointmentStatus, { background: string; text: string; border: string }>
> = {
  pending: { background: '#FFF1CC', text: '#5C3D00', border: '#B07A00' },
  booked: { background: '#1A5DAB', text: '#FFFFFF', border: '#0F3E75' },
  arrived: { background: '#6A3FB0', text: '#FFFFFF', border: '#48287D' },
  'checked-in': { background: '#00695C', text: '#FFFFFF', border: '#004A40' },
  fulfilled: { background: '#2E6B30', text: '#FFFFFF', border: '#1D471F' },
  noshow: { background: '#B3261E', text: '#FFFFFF', border: '#7A1712' },
  cancelled: { background: '#EEEEEE', text: '#424242', border: '#9E9E9E' },
  'entered-in-error': { background: '#F5F5F5', text: '#5C5C5C', border: '#9E9E9E' },
};

const zoneLabels = new Map<string, string>();

/** The zone's short name at `ms` ('CT'), asked of Intl once per zone and offset. */
function zoneAt(timeZone: string, ms: number): string {
  const key = `${timeZone} ${offsetAt(timeZone, ms)}`;
  let label = zoneLabels.get(key);
  if (label === undefined) {
    label = zoneLabel(timeZone, ms);
    zoneLabels.set(key, label);
  }
  return label;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** '9:00 AM' of a calendar date (already on the location's wall clock). */
function clockOf(date: Date): string {
  return clockTimeText(`${pad(date.getHours())}:${pad(date.getMinutes())}`) ?? '';
}

/** '9:00 AM – 9:30 AM CT' ('… CDT – … CST' style only where the zone's name changes in between). */
function timeRange(start: Date, end: Date, startUtc: string, endUtc: string, timeZone: string): string {
  const startZone = zoneAt(timeZone, Date.parse(startUtc));
  const endZone = zoneAt(timeZone, Date.parse(endUtc));
  const from = clockOf(start);
  const to = clockOf(end);
  return startZone === endZone
    ? i18n._(msg`${from} – ${to} ${endZone}`)
    : i18n._(msg`${from} ${startZone} – ${to} ${endZone}`);
}

/** 'Ana Ruiz, Cleaning, 9:00 AM – 9:30 AM CT, Confirmed, with Dr. Lee, confirmation ABC123'. */
function appointmentName(
  appointment: ScheduleAppointment,
  timeText: string,
  statusLabel: string,
  providerName: string,
): string {
  const { patientName, serviceName, confirmationNumber } = appointment;
  return i18n._(
    msg`${patientName}, ${serviceName}, ${timeText}, ${statusLabel}, with ${providerName}, confirmation ${confirmationNumber}`,
  );
}

function timeOffName(providerName: string, timeText: string): string {
  return i18n._(msg`Time off, ${providerName}, ${timeText}`);
}

/** 'Held for County Care Finder until 10:05 AM ET'. */
function heldTextOf(partnerName: string, expires: Date, zone: string): string {
  const until = clockOf(expires);
  return i18n._(msg`Held for ${partnerName} until ${until} ${zone}`);
}

function holdName(heldText: string, timeText: string, providerName: string): string {
  return i18n._(msg`${heldText}, ${timeText}, with ${providerName}`);
}

export function buildScheduleModel(
  data: ScheduleResponse,
  options: { providerIds?: ReadonlySet<string> | null; showCancelled?: boolean } = {},
): ScheduleModel {
  const timeZone = data.location.timeZone;
  const wanted = options.providerIds ?? null;
  const providers = data.providers
    .filter((provider) => wanted === null || wanted.has(provider.providerId))
    .map((provider) => ({ id: provider.providerId, title: provider.displayName }));
  const shown = new Set(providers.map((provider) => provider.id));
  const names = new Map(data.providers.map((provider) => [provider.providerId, provider.displayName]));

  // The span of working hours and appointments (fewer time slots drawn); 8 AM to 6 PM when there is none.
  let firstMinute = Number.POSITIVE_INFINITY;
  let lastMinute = Number.NEGATIVE_INFINITY;
  const stretch = (start: Date, end: Date) => {
    const startMinute = start.getHours() * 60 + start.getMinutes();
    const sameDay = calendarDateText(start) === calendarDateText(end);
    const endMinute = sameDay ? end.getHours() * 60 + end.getMinutes() : 24 * 60;
    firstMinute = Math.min(firstMinute, startMinute);
    lastMinute = Math.max(lastMinute, endMinute);
  };

  const hours = new Map<string, number[]>();
  for (const day of data.days) {
    if (!shown.has(day.providerId)) continue;
    const pairs: number[] = [];
    for (const interval of day.hours) {
      const start = toCalendarDate(interval.startUtc, timeZone);
      const end = toCalendarDate(interval.endUtc, timeZone);
      pairs.push(start.getTime(), end.getTime());
      stretch(start, end);
    }
    if (pairs.length > 0) hours.set(`${day.providerId} ${day.date}`, pairs);
  }

  const appointments: AppointmentBlock[] = [];
  for (const appointment of data.appointments) {
    if (!shown.has(appointment.providerId)) continue;
    if (!options.showCancelled && HIDDEN_BY_DEFAULT.includes(appointment.status)) continue;
    const start = toCalendarDate(appointment.startUtc, timeZone);
    const end = toCalendarDate(appointment.endUtc, timeZone);
    stretch(start, end);
    const statusLabel = appointmentStatusLabel(appointment.status);
    const timeText = timeRange(start, end, appointment.startUtc, appointment.endUtc, timeZone);
    const providerName = names.get(appointment.providerId) ?? '';
    appointments.push({
      kind: 'appointment',
      id: appointment.appointmentId,
      resourceId: appointment.providerId,
      start,
      end,
      appointment,
      providerName,
      statusLabel,
      timeText,
      accessibleName: appointmentName(appointment, timeText, statusLabel, providerName),
    });
  }

  const timeOff: TimeOffBlock[] = data.timeOff
    .filter((period) => shown.has(period.providerId))
    .map((period, index) => {
      const start = toCalendarDate(period.startUtc, timeZone);
      const end = toCalendarDate(period.endUtc, timeZone);
      const timeText = timeRange(start, end, period.startUtc, period.endUtc, timeZone);
      return {
        kind: 'timeOff' as const,
        id: `time-off-${index}`,
        resourceId: period.providerId,
        start,
        end,
        timeText,
        accessibleName: timeOffName(names.get(period.providerId) ?? '', timeText),
      };
    });

  const holds: HoldBlock[] = [];
  const holdsByDay = new Map<string, HoldBlock[]>();
  for (const hold of data.holds) {
    if (!shown.has(hold.providerId)) continue;
    const start = toCalendarDate(hold.startUtc, timeZone);
    const end = toCalendarDate(hold.endUtc, timeZone);
    stretch(start, end);
    const expiresMs = Date.parse(hold.expiresAtUtc);
    const heldText = heldTextOf(
      hold.partnerName,
      toCalendarDate(expiresMs, timeZone),
      zoneAt(timeZone, expiresMs),
    );
    const timeText = timeRange(start, end, hold.startUtc, hold.endUtc, timeZone);
    const block: HoldBlock = {
      kind: 'hold',
      id: `hold-${hold.holdId}`,
      resourceId: hold.providerId,
      start,
      end,
      hold,
      heldText,
      timeText,
      accessibleName: holdName(heldText, timeText, names.get(hold.providerId) ?? ''),
    };
    holds.push(block);
    // Its start's date, and its end's where it runs past midnight.
    const dates = new Set([calendarDateText(start)]);
    const last = new Date(end.getTime() - 1);
    if (last >= start) dates.add(calendarDateText(last));
    for (const date of dates) {
      const key = `${hold.providerId} ${date}`;
      const list = holdsByDay.get(key) ?? [];
      list.push(block);
      holdsByDay.set(key, list);
    }
  }

  return {
    timeZone,
    providers,
    appointments,
    timeOff,
    holds,
    holdsByDay,
    hours,
    closures: new Set(data.closures.map((closure) => closure.date)),
    firstHour: Number.isFinite(firstMinute) ? Math.floor(firstMinute / 60) : 8,
    lastHour: Number.isFinite(lastMinute) ? Math.max(1, Math.min(24, Math.ceil(lastMinute / 60))) : 18,
  };
}

/** True when `providerId` works at the calendar time `slot` (a calendar date, see zone-mapping.ts). */
export function isWorkingTime(model: ScheduleModel, providerId: string, slot: Date): boolean {
  const date = calendarDateText(slot);
  if (model.closures.has(date)) return false;
  const pairs = model.hours.get(`${providerId} ${date}`);
  if (pairs === undefined) return false;
  const ms = slot.getTime();
  for (let index = 0; index < pairs.length; index += 2) {
    if (ms >= (pairs[index] ?? 0) && ms < (pairs[index + 1] ?? 0)) return true;
  }
  return false;
}
