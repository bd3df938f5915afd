/*
 * GET /api/scheduler/admin/front-desk/free-times (issue 19): the times staff may book on one local
 * day at a location for a service, per provider — by the engine (the one engine site, contract 2)
 * with the staff rules of decision 012: working hours, time off, closed days and other
 * appointments hold; the online booking window does not, and providers who are not bookable online
 * are included. A time sooner than the scheduler's minimum notice is listed with the rule it
 * overrides (booking it needs a reason). For a reschedule, the appointment's own time is free.
 */
import { addCalendarDays } from '@scheduler/domain/local-date';
import { providerDisplayName } from '@scheduler/domain/providers';
import { startOfLocalDay } from '@scheduler/domain/time-zone';
import type { FreeTimesQuery, FreeTimesResponse } from '@scheduler/contract/admin/front-desk';
import { DomainError } from '@scheduler/domain/errors';
import { LOCATION_NOT_FOUND_MESSAGE, SERVICE_NOT_FOUND_MESSAGE } from '@scheduler/domain/messages';
import type { AuditActor } from '../../../platform/audit/audit-log.ts';
import { notFound, selectLocations } from '../../catalogue/index.ts';
import { bookingTransactionOf } from '../booking/booking-repository.ts';
import { computeAvailability } from '../engine.ts';
import { toEngineBusy, toEngineHours, toEngineLocation, toEngineProvider } from '../engine-input.ts';
import type { FrontDeskDeps } from './book-service.ts';
import { selectManagedOwnTime, selectService, selectStaffScope } from './front-desk-repository.ts';
import { closedDatesUntil, overriddenRules } from './staff-slot.ts';

export function createFreeTimes({ db, now }: FrontDeskDeps) {
  return async function freeTimes(actor: AuditActor, query: FreeTimesQuery): Promise<FreeTimesResponse> {
    const at = now();
    const { clientId } = actor;
    const service = await selectService(db, clientId, query.appointmentTypeId);
    if (service === undefined) throw notFound(SERVICE_NOT_FOUND_MESSAGE, 'appointmentTypeId');
    const [location] = await selectLocations(db, clientId, {
      locationId: query.locationId,
      serviceId: service.id,
    });
    if (location === undefined) throw notFound(LOCATION_NOT_FOUND_MESSAGE, 'locationId');
    const dayStart = startOfLocalDay(query.date, location.timeZone).getTime();
    const dayEnd = startOfLocalDay(addCalendarDays(query.date, 1), location.timeZone).getTime();
    const answer: FreeTimesResponse = {
      date: query.date,
      timeZone: location.timeZone,
      location: { locationId: String(location.id), name: location.name },
      providers: [],
    };
    if (!location.offersService || dayEnd <= at.getTime()) return answer;

    const reads = bookingTransactionOf(db);
    const only = query.providerId === undefined ? {} : { providerId: query.providerId };
    const providers = await reads.listProviders({
      clientId,
      serviceId: service.id,
      locationIds: [location.id],
      ...only,
    });
    if (providers.length === 0) return answer;
    const longestMs = Math.max(
      ...providers.map((p) => (p.durationMinutes ?? service.durationMinutes) * 60_000),
    );
    const [hours, busy, own, scope, closed] = await Promise.all([
      reads.listWorkingHours({ clientId, serviceId: service.id, locationIds: [location.id], ...only }),
      reads.listBusy({
        clientId,
        serviceId: service.id,
        fromMs: dayStart,
        toMs: dayEnd + longestMs,
        ...only,
      }),
      query.appointmentId === undefined ? undefined : selectManagedOwnTime(db, clientId, query.appointmentId),
      selectStaffScope(db, clientId, null),
      closedDatesUntil(db, clientId, location, at, dayStart),
    ]);
    // A closed day offers no time (contract 6); earlier closed days do not count towards the notice.
    const closures = closed.includes(query.date)
      ? [{ locationId: String(location.id), dateLocal: query.date }]
      : [];
    if (query.appointmentId !== undefined && own === undefined) throw new DomainError('NOT_FOUND');
    // A reschedule: the appointment's own time does not block its new one.
    const others =
      own === undefined
        ? busy
        : busy.filter(
            (b) =>
              !(
                b.kind === 'appointment' &&
                b.providerId === own.providerId &&
                b.startAt === own.startAt &&
                b.endAt === own.endAt
              ),
          );
    const result = computeAvailability({
      now: at,
      window: {
        earliest: new Date(Math.max(dayStart, at.getTime())),
        latestExclusive: new Date(dayEnd + longestMs),
      },
      service: { id: String(service.id), durationMinutes: service.durationMinutes },
      locations: [toEngineLocation(location)],
      providers: providers.map(toEngineProvider),
      workingHours: toEngineHours(hours),
      ...toEngineBusy(others),
      closures,
      options: { includeOfflineProviders: true },
    });
    for (const entry of result.providers) {
      const record = entry.provider.record;
      const slots = entry.locations
        .flatMap((at_) => at_.slots)
        .filter((slot) => slot.dateLocal === query.date);
      answer.providers.push({
        providerId: String(record.id),
        name: providerDisplayName(record),
        onlineBookable: record.onlineBookable,
        times: slots.map((slot) => ({
          startUtc: new Date(slot.startUtcMs).toISOString(),
          endUtc: new Date(slot.endUtcMs).toISOString(),
          timeLocal: slot.timeLocal,
          overrides:
            scope === undefined
              ? []
              : overriddenRules(scope.settings, at, location.timeZone, slot.startUtcMs, closed),
        })),
      });
    }
    return answer;
  };
}
