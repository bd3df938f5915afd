/*
 * Use cases of the reports (scheduler API `getAppointmentReport`, `report/*`). Ranges are local
 * dates of the brand's (or the requested) time zone, turned into UTC instants here; the
 * repository aggregates in SQL and this file only folds small grouped results.
 */
import { APPOINTMENT_STATUSES, APPOINTMENT_STATUS_LABELS } from '@scheduler/domain/appointment-status';
import type {
  GetAppointmentReportQuery,
  GetAppointmentReportResponse,
  GetChannelFiltersResponse,
  GetChartReportQuery,
  GetChartReportResponse,
} from '@scheduler/contract/reports';
import { localDateOf } from '@scheduler/domain/time-zone';
import type { ReportsRepository } from './reports-repository.ts';
import { WEBSITE_CHANNEL } from './reports-repository.ts';

import { appointmentReportCsvOf } from './csv-report.ts';
import type { CsvExport } from './csv-report.ts';
import { chartReportOf } from './chart-report.ts';
import { byCountThenName, countsByKey, filterOf, resolveRange, toRow } from './report-parts.ts';

export { csvCell } from './csv-report.ts';
export type { CsvExport } from './csv-report.ts';

export interface ReportsService {
  appointmentReport(
    clientId: number,
    query: GetAppointmentReportQuery,
  ): Promise<GetAppointmentReportResponse>;
  appointmentReportCsv(clientId: number, query: GetAppointmentReportQuery): Promise<CsvExport>;
  channelFilters(clientId: number): Promise<GetChannelFiltersResponse>;
  chartReport(clientId: number, query: GetChartReportQuery): Promise<GetChartReportResponse>;
}

export function createReportsService(deps: {
  repository: ReportsRepository;
  now: () => number;
}): ReportsService {
  const { repository } = deps;
  return {
    async appointmentReport(clientId, query) {
      const resolved = await resolveRange(deps, clientId, query);
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
      return appointmentReportCsvOf(repository, clientId, await resolveRange(deps, clientId, query), query);
    },

    async channelFilters(clientId) {
      const seen = await repository.channels(clientId);
      const campaigns = seen
        .filter((channel) => channel !== WEBSITE_CHANNEL)
        .sort((a, b) => a.localeCompare(b));
      return { channelFilters: [WEBSITE_CHANNEL, ...campaigns] };
    },

    async chartReport(clientId, query) {
      return chartReportOf(repository, clientId, await resolveRange(deps, clientId, query), query);
    },
  };
}
