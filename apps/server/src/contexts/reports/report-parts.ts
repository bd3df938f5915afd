/* What the report use cases share: the resolved range, the filter, a row's wire shape, small folds. */
import { APPOINTMENT_STATUS_LABELS } from '@scheduler/domain/appointment-status';
import { DomainError } from '@scheduler/domain/errors';
import { addCalendarDays, toDayNumber } from '@scheduler/domain/local-date';
import { REPORT_DEFAULT_RANGE_DAYS, REPORT_MAX_RANGE_DAYS } from '@scheduler/contract/reports';
import type {
  AppointmentReportRow,
  GetAppointmentReportQuery,
  ReportRange,
} from '@scheduler/contract/reports';
import { localDateOf, startOfLocalDay } from '@scheduler/domain/time-zone';
import { providerDisplayName } from '@scheduler/domain/providers';
import type {
  AppointmentReportRecord,
  ReportCatalogue,
  ReportFilter,
  ReportsRepository,
} from './reports-repository.ts';

export const iso = (epochMs: number): string => new Date(epochMs).toISOString();
export const HOUR_MS = 3_600_000;
export const QUARTER_HOUR_MS = 900_000;

export interface ReportsDeps {
  repository: ReportsRepository;
  now: () => number;
}

export interface ResolvedRange {
  range: ReportRange;
  from: number;
  before: number;
}

/**
 * `localDateOf` for many rows: the local date only changes on quarter hours (every zone's offset is
 * a multiple of 15 minutes), so one Intl conversion per zone and quarter hour is enough.
 */
export function localDateMemo(): (instant: number, timeZone: string) => string {
  const seen = new Map<string, string>();
  return (instant, timeZone) => {
    const key = `${timeZone}|${Math.floor(instant / QUARTER_HOUR_MS)}`;
    let date = seen.get(key);
    if (date === undefined) {
      date = localDateOf(instant, timeZone);
      seen.set(key, date);
    }
    return date;
  };
}

export function countsByKey<T>(
  items: readonly T[],
  keyOf: (item: T) => string,
  countOf: (item: T) => number,
) {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(keyOf(item), (counts.get(keyOf(item)) ?? 0) + countOf(item));
  return counts;
}

export function byCountThenName<T extends { count: number }>(nameOf: (item: T) => string) {
  return (a: T, b: T) => b.count - a.count || nameOf(a).localeCompare(nameOf(b));
}

/** The local-date range of a query (default: the last REPORT_DEFAULT_RANGE_DAYS days) as UTC instants. */
export async function resolveRange(
  { repository, now }: ReportsDeps,
  clientId: number,
  query: { from?: string | undefined; to?: string | undefined; timeZone?: string | undefined },
): Promise<ResolvedRange> {
  const timeZone = query.timeZone ?? (await repository.defaultTimeZone(clientId)) ?? 'UTC';
  const today = localDateOf(now(), timeZone);
  const to =
    query.to ??
    (query.from === undefined ? today : addCalendarDays(query.from, REPORT_DEFAULT_RANGE_DAYS - 1));
  const from = query.from ?? addCalendarDays(to, -(REPORT_DEFAULT_RANGE_DAYS - 1));
  const days = toDayNumber(to) - toDayNumber(from) + 1;
  if (days < 1 || days > REPORT_MAX_RANGE_DAYS) {
    const message = `Choose a range of at most ${REPORT_MAX_RANGE_DAYS} days`;
    throw new DomainError('VALIDATION', message, { fields: [{ path: 'to', message }] });
  }
  return {
    range: { from, to, timeZone },
    from: startOfLocalDay(from, timeZone).getTime(),
    before: startOfLocalDay(addCalendarDays(to, 1), timeZone).getTime(),
  };
}

export function filterOf(
  resolved: ResolvedRange,
  query: Pick<GetAppointmentReportQuery, 'locationId' | 'providerId' | 'appointmentTypeId' | 'channel'> & {
    status?: GetAppointmentReportQuery['status'];
  },
): ReportFilter {
  return {
    from: resolved.from,
    before: resolved.before,
    locationId: query.locationId,
    providerId: query.providerId,
    serviceId: query.appointmentTypeId,
    statuses: query.status,
    channel: query.channel,
  };
}

export function toRow(
  record: AppointmentReportRecord,
  catalogue: ReportCatalogue,
  dateOf: (instant: number, timeZone: string) => string,
): AppointmentReportRow {
  const location = catalogue.locations.get(record.locationId) ?? { name: '', timeZone: 'UTC' };
  const provider = catalogue.providers.get(record.providerId);
  return {
    appointmentId: String(record.appointmentId),
    startUtc: iso(record.startAt),
    endUtc: iso(record.endAt),
    timeZone: location.timeZone,
    dateLocal: dateOf(record.startAt, location.timeZone),
    status: record.status,
    statusLabel: APPOINTMENT_STATUS_LABELS[record.status],
    location: { locationId: String(record.locationId), name: location.name },
    provider: {
      providerId: String(record.providerId),
      name: provider === undefined ? '' : providerDisplayName(provider),
    },
    service: {
      appointmentTypeId: String(record.serviceId),
      name: catalogue.services.get(record.serviceId) ?? '',
    },
    channel: record.channel,
    isNewPatient: record.isNewPatient,
    createdAt: iso(record.createdAt),
    cancelledBy: record.status === 'cancelled' ? record.cancelledBy : null,
  };
}
