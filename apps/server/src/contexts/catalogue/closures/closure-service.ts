/*
 * A location's closed days (issue 19, "Closures"): list, close a day, reopen it, and import a
 * year's US federal holidays (computed by the domain's holidays module, never typed in). Each
 * answer that changes or lists closures also lists the location's upcoming appointments on closed
 * days, for rebooking: they name patients, so those reads are audited; every change is audited.
 */
import type {
  Closure,
  ClosuresQuery,
  ClosuresResponse,
  CreateClosureRequest,
  CreateClosureResponse,
  DeleteClosureQuery,
  ImportUsFederalRequest,
  ImportUsFederalResponse,
} from '@scheduler/contract/admin/closures';
import type { AppointmentToRebook } from '@scheduler/contract/admin/rebooking';
import { DomainError } from '@scheduler/domain/errors';
import { usFederalHolidays } from '@scheduler/domain/holidays';
import { addCalendarDays } from '@scheduler/domain/local-date';
import { localDateOf, startOfLocalDay } from '@scheduler/domain/time-zone';
import type { AuditActor, AuditLog } from '../../../platform/audit/audit-log.ts';
import type { Db } from '../../../platform/db/database.ts';
import { selectAppointmentsToRebook } from '../../providers/index.ts';
import type { ClosureLocation, ClosureRecord, ClosureRepository } from './closure-repository.ts';

/** The longest range one list may ask for (about three years). */
const MAX_RANGE_DAYS = 3 * 366;

export interface ClosureService {
  list(actor: AuditActor, query: ClosuresQuery): Promise<ClosuresResponse>;
  create(actor: AuditActor, request: CreateClosureRequest): Promise<CreateClosureResponse>;
  remove(actor: AuditActor, query: DeleteClosureQuery): Promise<void>;
  importUsFederal(actor: AuditActor, request: ImportUsFederalRequest): Promise<ImportUsFederalResponse>;
}

export function toClosure(record: ClosureRecord): Closure {
  return {
    closureId: String(record.id),
    locationId: String(record.locationId),
    date: record.dateLocal,
    name: record.name,
    source: record.source,
  };
}

const appointmentIds = (appointments: readonly AppointmentToRebook[]) =>
  appointments.map((a) => Number(a.appointmentId));

/**
 * The list's dates: by default from the location's today to the end of next year (what the import
 * offers: this year's and next year's holidays); at most about three years.
 */
function listRange(query: ClosuresQuery, today: string): { from: string; to: string } {
  const from = query.from ?? today;
  const to = query.to ?? `${Number(from.slice(0, 4)) + 1}-12-31`;
  const refuse = (message: string) =>
    new DomainError('VALIDATION', undefined, { fields: [{ path: 'to', message, in: 'querystring' }] });
  if (to < from) throw refuse('End the range on or after its first date');
  if (to > addCalendarDays(from, MAX_RANGE_DAYS)) throw refuse('Ask for at most three years at a time');
  return { from, to };
}

export function createClosureService({
  db,
  repository,
  audit,
  now = () => new Date(),
}: {
  db: Db;
  repository: ClosureRepository;
  audit: AuditLog;
  now?: () => Date;
}): ClosureService {
  async function locationOrThrow(clientId: number, locationId: number): Promise<ClosureLocation> {
    const location = await repository.findLocation(clientId, locationId);
    if (location === undefined) throw new DomainError('NOT_FOUND');
    return location;
  }

  /** The location's upcoming active appointments on the given closed local dates. */
  function appointmentsOn(
    clientId: number,
    location: ClosureLocation,
    dates: readonly string[],
    nowMs: number,
  ): Promise<AppointmentToRebook[]> {
    const ranges = dates.map((date) => ({
      fromMs: startOfLocalDay(date, location.timeZone).getTime(),
      toMs: startOfLocalDay(addCalendarDays(date, 1), location.timeZone).getTime(),
    }));
    return selectAppointmentsToRebook(db, clientId, { locationId: location.id, ranges }, nowMs);
  }

  return {
    async list(actor, query) {
      const location = await locationOrThrow(actor.clientId, query.locationId);
      const at = now();
      const today = localDateOf(at, location.timeZone);
      const { from, to } = listRange(query, today);
      const [closures, upcoming] = await Promise.all([
        repository.list(actor.clientId, location.id, from, to),
        repository.datesFrom(actor.clientId, location.id, today),
      ]);
      const appointments = await appointmentsOn(actor.clientId, location, upcoming, at.getTime());
      await audit.recordFor(actor, 'location-closures.read', {
        type: 'location',
        id: location.id,
        details: { appointmentIds: appointmentIds(appointments) },
      });
      return {
        location: { locationId: String(location.id), name: location.name, timeZone: location.timeZone },
        today,
        closures: closures.map(toClosure),
        appointmentsToRebook: appointments,
      };
    },

    async create(actor, request) {
      const location = await locationOrThrow(actor.clientId, request.locationId);
      const at = now();
      const closure = await repository.insert(
        actor.clientId,
        { locationId: location.id, dateLocal: request.date, name: request.name, source: 'manual' },
        at.getTime(),
      );
      if (closure === undefined) {
        throw new DomainError('CONFLICT', 'This day is already closed at this location.');
      }
      const appointments = await appointmentsOn(actor.clientId, location, [closure.dateLocal], at.getTime());
      await audit.recordFor(actor, 'location-closure.create', {
        type: 'location',
        id: location.id,
        details: { closureId: closure.id, appointmentIds: appointmentIds(appointments) },
      });
      return { closure: toClosure(closure), appointmentsToRebook: appointments };
    },

    async remove(actor, query) {
      const location = await locationOrThrow(actor.clientId, query.locationId);
      const removed = await repository.remove(actor.clientId, location.id, query.date);
      if (removed === undefined) throw new DomainError('NOT_FOUND');
      await audit.recordFor(actor, 'location-closure.delete', {
        type: 'location',
        id: location.id,
        details: { closureId: removed.id },
      });
    },

    async importUsFederal(actor, request) {
      const location = await locationOrThrow(actor.clientId, request.locationId);
      const at = now();
      const holidays = usFederalHolidays(request.year);
      const { added, existing } = await repository.insertMissing(
        actor.clientId,
        location.id,
        holidays.map(({ dateLocal, name }) => ({ dateLocal, name })),
        'us-federal',
        at.getTime(),
      );
      const appointments = await appointmentsOn(
        actor.clientId,
        location,
        added.map((closure) => closure.dateLocal),
        at.getTime(),
      );
      await audit.recordFor(actor, 'location-closure.import', {
        type: 'location',
        id: location.id,
        details: {
          year: request.year,
          closureIds: added.map((closure) => closure.id),
          appointmentIds: appointmentIds(appointments),
        },
      });
      return {
        added: added.map(toClosure),
        alreadyClosed: existing.map((closure) => ({ date: closure.dateLocal, name: closure.name })),
        appointmentsToRebook: appointments,
      };
    },
  };
}
