/*
 * The front desk's schedule (issue 19): one location's providers, working hours, time off,
 * appointments, closed days and partners' unexpired holds (issue 20) over a range of its local
 * dates, every time as a UTC instant (the
 * screen draws them on the location's wall clock). Names patients, so every read is audited.
 */
import { DomainError } from '@scheduler/domain/errors';
import { addCalendarDays, compareIsoDates, dayOfWeek } from '@scheduler/domain/local-date';
import { confirmationNumberOf } from '@scheduler/domain/messages/format';
import { providerDisplayName } from '@scheduler/domain/providers';
import { localDateTimeToInstant, startOfLocalDay } from '@scheduler/domain/time-zone';
import type { ScheduleQuery, ScheduleResponse } from '@scheduler/contract/admin/schedule';
import type { AuditActor, AuditLog } from '../../../platform/audit/audit-log.ts';
import type { ScheduleHoursRecord, ScheduleRepository } from './schedule-repository.ts';

/** The location's closed local dates in [from, to] (contract 6: the catalogue's closures). */
export type ClosedDates = (
  clientId: number,
  locationId: number,
  from: string,
  to: string,
) => Promise<string[]>;

export interface ScheduleService {
  schedule(actor: AuditActor, query: ScheduleQuery): Promise<ScheduleResponse>;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** The local dates from `from` to `to`, both included. */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; compareIsoDates(date, to) <= 0; date = addCalendarDays(date, 1)) dates.push(date);
  return dates;
}

/**
 * A provider's working hours on one local date, as instants, sorted and merged where rows
 * overlap or touch. A row's minutes are wall-clock minutes of that date (1440: its end).
 */
export function hoursOn(
  rows: readonly ScheduleHoursRecord[],
  date: string,
  timeZone: string,
): { startMs: number; endMs: number }[] {
  const weekday = dayOfWeek(date);
  const intervals = rows
    .filter(
      (row) =>
        row.weekday === weekday &&
        row.endMinute > row.startMinute &&
        (row.effectiveFrom === null || compareIsoDates(row.effectiveFrom, date) <= 0) &&
        (row.effectiveTo === null || compareIsoDates(date, row.effectiveTo) <= 0),
    )
    .map((row) => ({
      startMs: localDateTimeToInstant(date, row.startMinute, timeZone).getTime(),
      endMs: localDateTimeToInstant(date, row.endMinute, timeZone).getTime(),
    }))
    .filter((interval) => interval.endMs > interval.startMs)
    .sort((a, b) => a.startMs - b.startMs);
  const merged: { startMs: number; endMs: number }[] = [];
  for (const interval of intervals) {
    const last = merged.at(-1);
    if (last !== undefined && interval.startMs <= last.endMs)
      last.endMs = Math.max(last.endMs, interval.endMs);
    else merged.push({ ...interval });
  }
  return merged;
}

export function createScheduleService({
  repository,
  audit,
  closedDates,
  now,
}: {
  repository: ScheduleRepository;
  audit: AuditLog;
  closedDates: ClosedDates;
  /** The app's clock: holds expired by now are not shown (their time is free). */
  now: () => Date;
}): ScheduleService {
  return {
    async schedule(actor, query) {
      const location = await repository.findLocation(actor.clientId, query.locationId);
      if (location === undefined) throw new DomainError('NOT_FOUND');
      const zone = location.timeZone;
      const range = {
        fromMs: startOfLocalDay(query.from, zone).getTime(),
        toMs: startOfLocalDay(addCalendarDays(query.to, 1), zone).getTime(),
      };
      const providers = await repository.providersAt(actor.clientId, location.id, range);
      const providerIds = providers.map((provider) => provider.id);
      const [hours, timeOff, appointments, closures, holds] = await Promise.all([
        repository.workingHours(actor.clientId, location.id, providerIds),
        repository.timeOff(actor.clientId, location.id, providerIds, range),
        repository.appointments(actor.clientId, location.id, range),
        closedDates(actor.clientId, location.id, query.from, query.to),
        repository.holds(actor.clientId, location.id, providerIds, range, now().getTime()),
      ]);
      const hoursByProvider = new Map<number, ScheduleHoursRecord[]>();
      for (const row of hours) {
        const rows = hoursByProvider.get(row.providerId) ?? [];
        rows.push(row);
        hoursByProvider.set(row.providerId, rows);
      }
      const dates = datesBetween(query.from, query.to);

      await audit.recordFor(actor, 'schedule.read', {
        type: 'location',
        id: location.id,
        details: {
          from: query.from,
          to: query.to,
          appointmentIds: appointments.map((appointment) => appointment.id),
          patientIds: [...new Set(appointments.map((appointment) => appointment.patientId))],
        },
      });

      return {
        location: { locationId: String(location.id), name: location.name, timeZone: zone },
        from: query.from,
        to: query.to,
        providers: providers.map((provider) => ({
          providerId: String(provider.id),
          displayName: providerDisplayName(provider),
          retired: provider.retired,
        })),
        days: providers.flatMap((provider) =>
          dates.map((date) => ({
            providerId: String(provider.id),
            date,
            hours: hoursOn(hoursByProvider.get(provider.id) ?? [], date, zone).map((interval) => ({
              startUtc: iso(interval.startMs),
              endUtc: iso(interval.endMs),
            })),
          })),
        ),
        timeOff: timeOff.map((period) => ({
          providerId: String(period.providerId),
          startUtc: iso(period.startAt),
          endUtc: iso(period.endAt),
          thisLocationOnly: period.locationId !== null,
        })),
        appointments: appointments.map((appointment) => ({
          appointmentId: String(appointment.id),
          providerId: String(appointment.providerId),
          startUtc: iso(appointment.startAt),
          endUtc: iso(appointment.endAt),
          status: appointment.status,
          patientId: String(appointment.patientId),
          patientName: `${appointment.patientFirstName} ${appointment.patientLastName}`,
          serviceName: appointment.serviceName,
          confirmationNumber: confirmationNumberOf(appointment.id),
        })),
        closures: [...new Set(closures)].sort().map((date) => ({ date })),
        holds: holds.map((hold) => ({
          holdId: String(hold.id),
          providerId: String(hold.providerId),
          startUtc: iso(hold.startAt),
          endUtc: iso(hold.endAt),
          expiresAtUtc: iso(hold.expiresAt),
          partnerName: hold.partnerName,
        })),
      };
    },
  };
}
