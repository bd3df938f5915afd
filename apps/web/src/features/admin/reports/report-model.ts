import type { AppointmentReportRow, GetChartReportResponse } from '@scheduler/contract/reports';
import { CANCELLED_BY_LABELS } from '@scheduler/contract/reports';
import { formatZonedDateTime } from '../../../lib/zoned-time';
import { formatIsoDate } from '../shared/format';
import { channelName } from '../shared/channel-names';
import type { CsvColumn } from './csv';

/**
 * What the Reports screen shows, as plain tables: each chart is drawn from one of these, and the
 * same rows are its table alternative and its CSV export.
 */

export interface ReportTable {
  /** Also the chart's caption and the CSV file's name. */
  title: string;
  /** Header of the label column ('Day', 'Channel' …). */
  labelHeader: string;
  rows: ReportTableRow[];
  /** Extra numeric columns after the count (the funnel's drop-off). */
  extraColumns: { key: 'dropOff' | 'dropOffRate' | 'conversionRate'; header: string }[];
  countHeader: string;
}

export interface ReportTableRow {
  key: string;
  label: string;
  /** The value as stored when the label is a name given to it (a channel's UTM slug): a tooltip, a CSV column. */
  raw?: string;
  count: number;
  dropOff?: number;
  dropOffRate?: number;
  conversionRate?: number;
}

export function formatPercent(rate: number): string {
  if (!Number.isFinite(rate)) return '0%';
  const percent = rate * 100;
  return `${percent >= 10 || percent === 0 ? Math.round(percent) : percent.toFixed(1)}%`;
}

/** The tables behind the charts of a chart report. */
export function chartTables(report: GetChartReportResponse): {
  byDay: ReportTable;
  byChannel: ReportTable;
  byService: ReportTable;
  byLocation: ReportTable;
  funnel: ReportTable;
} {
  const simple = (title: string, labelHeader: string, rows: ReportTableRow[]): ReportTable => ({
    title,
    labelHeader,
    rows,
    extraColumns: [],
    countHeader: 'Bookings',
  });
  return {
    byDay: simple(
      'Bookings over time',
      'Day',
      report.byDay.map((day) => ({ key: day.date, label: formatIsoDate(day.date), count: day.count })),
    ),
    byChannel: simple(
      'Bookings by channel',
      'Channel',
      report.byChannel.map((row) => ({
        key: row.channel,
        label: channelName(row.channel),
        raw: row.channel,
        count: row.count,
      })),
    ),
    byService: simple(
      'Bookings by service',
      'Service',
      report.byService.map((row) => ({ key: row.appointmentTypeId, label: row.name, count: row.count })),
    ),
    byLocation: simple(
      'Bookings by location',
      'Location',
      report.byLocation.map((row) => ({ key: row.locationId, label: row.name, count: row.count })),
    ),
    funnel: {
      title: 'Booking funnel',
      labelHeader: 'Step',
      countHeader: 'Sessions',
      extraColumns: [
        { key: 'dropOff', header: 'Dropped off' },
        { key: 'dropOffRate', header: 'Drop-off rate' },
        { key: 'conversionRate', header: 'Reached (of landing)' },
      ],
      rows: report.funnel.map((step) => ({
        key: step.step,
        label: step.label,
        count: step.sessions,
        dropOff: step.dropOff,
        dropOffRate: step.dropOffRate,
        conversionRate: step.conversionRate,
      })),
    },
  };
}

/** A cell of a report table as text ('12', '35%'). */
export function tableCell(row: ReportTableRow, key: ReportTable['extraColumns'][number]['key']): string {
  const value = row[key];
  if (value === undefined) return '';
  return key === 'dropOff' ? String(value) : formatPercent(value);
}

export function tableCsvColumns(table: ReportTable): CsvColumn<ReportTableRow>[] {
  return [
    { header: table.labelHeader, value: (row) => (table.labelHeader === 'Day' ? row.key : row.label) },
    ...(table.rows.some((row) => row.raw !== undefined)
      ? [{ header: `${table.labelHeader} (as stored)`, value: (row: ReportTableRow) => row.raw ?? '' }]
      : []),
    { header: table.countHeader, value: (row) => row.count },
    ...table.extraColumns.map((column) => ({
      header: column.header,
      value: (row: ReportTableRow) => {
        const value = row[column.key];
        if (value === undefined) return '';
        return column.key === 'dropOff' ? value : Number(value.toFixed(4));
      },
    })),
  ];
}

/** A one-sentence summary of a table, for the chart's accessible name. */
export function tableSummary(table: ReportTable): string {
  if (table.rows.length === 0) return `${table.title}: no data.`;
  const top = table.rows.reduce((best, row) => (row.count > best.count ? row : best));
  const total = table.rows.reduce((sum, row) => sum + row.count, 0);
  if (table.extraColumns.length > 0) {
    const first = table.rows[0];
    const last = table.rows[table.rows.length - 1];
    return `${table.title}: ${first?.count ?? 0} sessions at ${first?.label ?? ''}, ${last?.count ?? 0} reached ${
      last?.label ?? ''
    }.`;
  }
  return `${table.title}: ${total} in total; most ${top.label} (${top.count}).`;
}

/** Who cancelled an appointment, as the report and its export say it ('' when not cancelled or unknown). */
export function cancelledByText(cancelledBy: AppointmentReportRow['cancelledBy']): string {
  return cancelledBy === null ? '' : CANCELLED_BY_LABELS[cancelledBy];
}

/** Columns of the appointment report's CSV export (what the table shows, plus ids and UTC times). */
export const APPOINTMENT_CSV_COLUMNS: CsvColumn<AppointmentReportRow>[] = [
  { header: 'Appointment ID', value: (row) => row.appointmentId },
  { header: 'Date', value: (row) => row.dateLocal },
  { header: 'Time', value: (row) => formatZonedDateTime(row.startUtc, row.timeZone) },
  { header: 'Start (UTC)', value: (row) => row.startUtc },
  { header: 'End (UTC)', value: (row) => row.endUtc },
  { header: 'Time zone', value: (row) => row.timeZone },
  { header: 'Status', value: (row) => row.statusLabel },
  { header: 'Location', value: (row) => row.location.name },
  { header: 'Provider', value: (row) => row.provider.name },
  { header: 'Service', value: (row) => row.service.name },
  { header: 'Channel', value: (row) => channelName(row.channel) },
  { header: 'Channel (as stored)', value: (row) => row.channel },
  { header: 'New patient', value: (row) => (row.isNewPatient ? 'Yes' : 'No') },
  { header: 'Booked at (UTC)', value: (row) => row.createdAt },
  { header: 'Cancelled by', value: (row) => cancelledByText(row.cancelledBy) },
];

/** A report's date range as the screen states it: 'Jan 1, 2026 to Jan 30, 2026 (America/New_York)'. */
export function rangeText(range: { from: string; to: string; timeZone: string }): string {
  return `${formatIsoDate(range.from)} to ${formatIsoDate(range.to)} (${range.timeZone})`;
}
