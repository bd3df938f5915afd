import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type { AppointmentReportRow, FunnelStep, GetChartReportResponse } from '@scheduler/contract/reports';
import { i18n } from '../../../i18n/catalogs';
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
  /** The label column holds days (exported as ISO dates). */
  labelIsDate?: boolean;
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
    countHeader: t`Bookings`,
  });
  return {
    byDay: {
      ...simple(
        t`Bookings over time`,
        t`Day`,
        report.byDay.map((day) => ({ key: day.date, label: formatIsoDate(day.date), count: day.count })),
      ),
      labelIsDate: true,
    },
    byChannel: simple(
      t`Bookings by channel`,
      t`Channel`,
      report.byChannel.map((row) => ({
        key: row.channel,
        label: channelName(row.channel),
        raw: row.channel,
        count: row.count,
      })),
    ),
    byService: simple(
      t`Bookings by service`,
      t`Service`,
      report.byService.map((row) => ({ key: row.appointmentTypeId, label: row.name, count: row.count })),
    ),
    byLocation: simple(
      t`Bookings by location`,
      t`Location`,
      report.byLocation.map((row) => ({ key: row.locationId, label: row.name, count: row.count })),
    ),
    funnel: {
      title: t`Booking funnel`,
      labelHeader: t`Step`,
      countHeader: t`Sessions`,
      extraColumns: [
        { key: 'dropOff', header: t`Dropped off` },
        { key: 'dropOffRate', header: t`Drop-off rate` },
        { key: 'conversionRate', header: t`Reached (of landing)` },
      ],
      rows: report.funnel.map((step) => ({
        key: step.step,
        label: funnelStepLabel(step.step, step.label),
        count: step.sessions,
        dropOff: step.dropOff,
        dropOffRate: step.dropOffRate,
        conversionRate: step.conversionRate,
      })),
    },
  };
}

/** The funnel's step names (the API's English labels, translatable here). */
const FUNNEL_STEP_NAMES: Readonly<Record<FunnelStep, MessageDescriptor>> = {
  landing: msg`Landing`,
  findappointment: msg`Find appointment`,
  additionaldetails: msg`Additional details`,
  insurance: msg`Insurance`,
  identity: msg`Identity`,
  thankyou: msg`Thank you`,
};

function funnelStepLabel(step: FunnelStep, fallback: string): string {
  const name = FUNNEL_STEP_NAMES[step] as MessageDescriptor | undefined;
  return name ? i18n._(name) : fallback;
}

/** A cell of a report table as text ('12', '35%'). */
export function tableCell(row: ReportTableRow, key: ReportTable['extraColumns'][number]['key']): string {
  const value = row[key];
  if (value === undefined) return '';
  return key === 'dropOff' ? String(value) : formatPercent(value);
}

export function tableCsvColumns(table: ReportTable): CsvColumn<ReportTableRow>[] {
  return [
    { header: table.labelHeader, value: (row) => (table.labelIsDate ? row.key : row.label) },
    ...(table.rows.some((row) => row.raw !== undefined)
      ? [{ header: t`${table.labelHeader} (as stored)`, value: (row: ReportTableRow) => row.raw ?? '' }]
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
  if (table.rows.length === 0) return t`${table.title}: no data.`;
  const top = table.rows.reduce((best, row) => (row.count > best.count ? row : best));
  const total = table.rows.reduce((sum, row) => sum + row.count, 0);
  if (table.extraColumns.length > 0) {
    const first = table.rows[0];
    const last = table.rows[table.rows.length - 1];
    const title = table.title;
    const firstCount = first?.count ?? 0;
    const firstLabel = first?.label ?? '';
    const lastCount = last?.count ?? 0;
    const lastLabel = last?.label ?? '';
    return t`${title}: ${firstCount} sessions at ${firstLabel}, ${lastCount} reached ${lastLabel}.`;
  }
  const title = table.title;
  const topLabel = top.label;
  const topCount = top.count;
  return t`${title}: ${total} in total; most ${topLabel} (${topCount}).`;
}

/** Who cancelled an appointment, as the report and its export say it ('' when not cancelled or unknown). */
export function cancelledByText(cancelledBy: AppointmentReportRow['cancelledBy']): string {
  if (cancelledBy === null) return '';
  // The same words as the contract's CANCELLED_BY_LABELS, translatable.
  return cancelledBy === 'patient' ? t`Patient (online)` : t`Staff`;
}

/** Columns of the appointment report's CSV export (what the table shows, plus ids and UTC times). */
export function appointmentCsvColumns(): CsvColumn<AppointmentReportRow>[] {
  return [
    { header: t`Appointment ID`, value: (row) => row.appointmentId },
    { header: t`Date`, value: (row) => row.dateLocal },
    { header: t`Time`, value: (row) => formatZonedDateTime(row.startUtc, row.timeZone) },
    { header: t`Start (UTC)`, value: (row) => row.startUtc },
    { header: t`End (UTC)`, value: (row) => row.endUtc },
    { header: t`Time zone`, value: (row) => row.timeZone },
    { header: t`Status`, value: (row) => row.statusLabel },
    { header: t`Location`, value: (row) => row.location.name },
    { header: t`Provider`, value: (row) => row.provider.name },
    { header: t`Service`, value: (row) => row.service.name },
    { header: t`Channel`, value: (row) => channelName(row.channel) },
    { header: t`Channel (as stored)`, value: (row) => row.channel },
    { header: t`New patient`, value: (row) => (row.isNewPatient ? t`Yes` : t`No`) },
    { header: t`Booked at (UTC)`, value: (row) => row.createdAt },
    { header: t`Cancelled by`, value: (row) => cancelledByText(row.cancelledBy) },
  ];
}

/** A report's date range as the screen states it: 'Jan 1, 2026 to Jan 30, 2026 (America/New_York)'. */
export function rangeText(range: { from: string; to: string; timeZone: string }): string {
  const from = formatIsoDate(range.from);
  const to = formatIsoDate(range.to);
  const zone = range.timeZone;
  return t`${from} to ${to} (${zone})`;
}
