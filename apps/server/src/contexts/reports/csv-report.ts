/* The appointment report as CSV (at most REPORT_CSV_MAX_ROWS rows; spreadsheet formulas defused). */
import {
  APPOINTMENT_REPORT_CSV_COLUMNS,
  CANCELLED_BY_LABELS,
  REPORT_CSV_MAX_ROWS,
} from '@scheduler/contract/reports';
import type { GetAppointmentReportQuery, ReportRange } from '@scheduler/contract/reports';
import type { ReportsRepository } from './reports-repository.ts';

import { filterOf, localDateMemo, toRow } from './report-parts.ts';
import type { ResolvedRange } from './report-parts.ts';

export interface CsvExport {
  csv: string;
  rows: number;
  truncated: boolean;
  range: ReportRange;
}

/** A CSV cell: quoted when needed; a leading = + - @ is defused so spreadsheets do not run it. */
export function csvCell(value: string | number | boolean): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV of `resolved`, in the order asked. */
export async function appointmentReportCsvOf(
  repository: ReportsRepository,
  clientId: number,
  resolved: ResolvedRange,
  query: GetAppointmentReportQuery,
): Promise<CsvExport> {
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
        row.cancelledBy === null ? '' : CANCELLED_BY_LABELS[row.cancelledBy],
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return { csv: `${lines.join('\r\n')}\r\n`, rows: kept.length, truncated, range: resolved.range };
}
