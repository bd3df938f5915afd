/*
 * Use cases of the reports (scheduler API `getAppointmentReport`, `report/*`). Ranges are local
 * dates of the brand's (or the requested) time zone, turned into UTC instants here; the
 * repository aggregates in SQL and this file only folds small grouped results.
 */
import { APPOINTMENT_STATUSES, APPOINTMENT_STATUS_LABELS } from '@scheduler/domain/appointment-status';
import { DomainError } from '@scheduler/domain/errors';
import { addCalendarDays, fromDayNumber, toDayNumber } from '@scheduler/domain/local-date';
import {
  APPOINTMENT_REPORT_CSV_COLUMNS,
  REPORT_CSV_MAX_ROWS,
  REPORT_DEFAULT_RANGE_DAYS,
  REPORT_MAX_RANGE_DAYS,
  funnelOf,
} from '@scheduler/contract/reports';
import type {
  AppointmentReportRow,
  GetAppointmentReportQuery,
  GetAppointmentReportResponse,
  GetChannelFiltersResponse,
  GetChartReportQuery,
  GetChartReportResponse,
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
import { WEBSITE_CHANNEL } from './reports-repository.ts';

const iso = (epochMs: number): string => new Date(epochMs).toISOString();
const HOUR_MS = 3_600_000;
const QUARTER_HOUR_MS = 900_000;

export interface CsvExport {
  csv: string;
  rows: number;
  truncated: boolean;
  range: ReportRange;
}

export interface ReportsService {
  appointmentReport(
    clientId: number,
    query: GetAppointmentReportQuery,
  ): Promise<GetAppointmentReportResponse>;
  appointmentReportCsv(clientId: number, query: GetAppointmentReportQuery): Promise<CsvExport>;
  channelFilters(clientId: number): Promise<GetChannelFiltersResponse>;
  chartReport(clientId: number, query: GetChartReportQuery): Promise<GetChartReportResponse>;
}

interface ResolvedRange {
  range: ReportRange;
  from: number;
  before: number;
}

/** A CSV cell: quoted when needed; a leading = + - @ is defused so spreadsheets do not run it. */
export function csvCell(value: string | number | boolean): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * `localDateOf` for many rows: the local date only changes on quarter hours (every zone's offset is
 * a multiple of 15 minutes), so one Intl conversion per zone and quarter hour is enough.
 */
function localDateMemo(): (instant: number, timeZone: string) => string {
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

function countsByKey<T>(items: readonly T[], keyOf: (item: T) => string, countOf: (item: T) => number) {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(keyOf(item), (counts.get(keyOf(item)) ?? 0) + countOf(item));
  return counts;
}

function byCountThenName<T extends { count: number }>(nameOf: (item: T) => string) {
  return (a: T, b: T) => b.count - a.count || nameOf(a).localeCompare(nameOf(b));
}

export function createReportsService({
  repository,
  now,
}: {
  repository: ReportsRepository;
  now: () => number;
}): ReportsService {
  async function resolveRange(
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

  function filterOf(
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

  function toRow(
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
    };
  }

  return {
    async appointmentReport(clientId, query) {
      const resolved = await resolveRange(clientId, query);
      const filter = filterOf(resolved, query);
      const [records, groups, catalogue] = await Promise.all([
        repository.appointmentRows(clientId, filter, {
          sort: query.sort,
          limit: query.pageSize,
          offset: (query.page - 1) * query.pageSize,
        }),
        repository.appointmentTotals(clientId, filter),
        repository.catalogue(clientId),
      ]);
      const total = groups.reduce((sum, group) => sum + group.count, 0);
      const byStatus = countsByKey(
        groups,
        (g) => g.status,
        (g) => g.count,
      );
      const byChannel = countsByKey(
        groups,
        (g) => g.channel,
        (g) => g.count,
      );
      const newPatients = groups.filter((g) => g.isNewPatient).reduce((sum, g) => sum + g.count, 0);
      return {
        range: resolved.range,
        items: records.map((record) => toRow(record, catalogue, localDateOf)),
        page: query.page,
        pageSize: query.pageSize,
        total,
        totals: {
          appointments: total,
          newPatients,
          existingPatients: total - newPatients,
          byStatus: APPOINTMENT_STATUSES.map((status) => ({
            status,
            label: APPOINTMENT_STATUS_LABELS[status],
            count: byStatus.get(status) ?? 0,
          })),
          byChannel: [...byChannel]
            .map(([channel, count]) => ({ channel, count }))
            .sort(byCountThenName((c) => c.channel)),
        },
      };
    },

    async appointmentReportCsv(clientId, query) {
      const resolved = await resolveRange(clientId, query);
      const [records, catalogue] = await Promise.all([
        repository.appointmentRows(clientId, filterOf(resolved, query), {
          sort: query.sort,
          limit: REPORT_CSV_MAX_ROWS + 1,
          offset: 0,
        }),
        repository.catalogue(clientId),
      ]);
      const truncated = records.length > REPORT_CSV_MAX_ROWS;
      const kept = truncated ? records.slice(0, REPORT_CSV_MAX_ROWS) : records;
      const lines = [APPOINTMENT_REPORT_CSV_COLUMNS.map(csvCell).join(',')];
      const dateOf = localDateMemo();
      for (const record of kept) {
        const row = toRow(record, catalogue, dateOf);
        lines.push(
          [
            row.appointmentId,
            row.dateLocal,
            row.startUtc,
            row.endUtc,
            row.timeZone,
            row.statusLabel,
            row.location.name,
            row.provider.name,
            row.service.name,
            row.channel,
            row.isNewPatient ? 'Yes' : 'No',
            row.createdAt,
          ]
            .map(csvCell)
            .join(','),
        );
      }
      return { csv: `${lines.join('\r\n')}\r\n`, rows: kept.length, truncated, range: resolved.range };
    },

    async channelFilters(clientId) {
      const seen = await repository.channels(clientId);
      const campaigns = seen
        .filter((channel) => channel !== WEBSITE_CHANNEL)
        .sort((a, b) => a.localeCompare(b));
      return { channelFilters: [WEBSITE_CHANNEL, ...campaigns] };
    },

    async chartReport(clientId, query) {
      const resolved = await resolveRange(clientId, query);
      const { timeZone } = resolved.range;
      const filter = filterOf(resolved, query);
      const firstDay = toDayNumber(resolved.range.from);
      const dayCount = toDayNumber(resolved.range.to) - firstDay + 1;
      // Local midnights of the range (one zone conversion per day, not per bucket).
      const dayStarts = Array.from({ length: dayCount + 1 }, (_, i) =>
        startOfLocalDay(fromDayNumber(firstDay + i), timeZone).getTime(),
      );
      // Hour buckets fold exactly into the local days when every local midnight of the range is on
      // a whole UTC hour (not in a zone of :30 or :45 offset, at any time of the range); quarter
      // hours always do (every zone's offset is a multiple of 15 minutes).
      const wholeHours = dayStarts.every((start) => start % HOUR_MS === 0);
      const bucketMs = wholeHours ? HOUR_MS : QUARTER_HOUR_MS;
      const [buckets, groups, funnelCounts, catalogue] = await Promise.all([
        repository.bookingsPerBucket(clientId, filter, bucketMs),
        repository.bookingTotals(clientId, filter),
        repository.funnelSessions(clientId, {
          from: resolved.from,
          before: resolved.before,
          channel: query.channel,
        }),
        repository.catalogue(clientId),
      ]);

      const perDay = new Array<number>(dayCount).fill(0);
      let day = 0;
      for (const bucket of [...buckets].sort((a, b) => a.bucketStart - b.bucketStart)) {
        while (day < dayCount && bucket.bucketStart >= (dayStarts[day + 1] ?? Number.POSITIVE_INFINITY))
          day++;
        if (day < dayCount && bucket.bucketStart >= (dayStarts[day] ?? 0)) {
          perDay[day] = (perDay[day] ?? 0) + bucket.count;
        }
      }
      const { bookings, byChannel } = groups;
      const byService = new Map([...groups.byService].map(([id, count]) => [String(id), count]));
      const byLocation = new Map([...groups.byLocation].map(([id, count]) => [String(id), count]));
      const funnel = funnelOf(funnelCounts);
      return {
        range: resolved.range,
        totals: { bookings, sessions: funnel[0]?.sessions ?? 0 },
        byDay: perDay.map((count, index) => ({ date: fromDayNumber(firstDay + index), count })),
        byChannel: [...byChannel]
          .map(([channel, count]) => ({ channel, count }))
          .sort(byCountThenName((c) => c.channel)),
        byService: [...byService]
          .map(([id, count]) => ({
            appointmentTypeId: id,
            name: catalogue.services.get(Number(id)) ?? '',
            count,
          }))
          .sort(byCountThenName((s) => s.name)),
        byLocation: [...byLocation]
          .map(([id, count]) => ({
            locationId: id,
            name: catalogue.locations.get(Number(id))?.name ?? '',
            count,
          }))
          .sort(byCountThenName((l) => l.name)),
        funnel,
      };
    },
  };
}
