import { funnelOf, type GetChartReportResponse } from '@scheduler/contract/reports';
import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';
import { chartTables, formatPercent, tableCell, tableCsvColumns, tableSummary } from './report-model';

const report: GetChartReportResponse = {
  range: { from: '2026-03-01', to: '2026-03-03', timeZone: 'America/New_York' },
  totals: { bookings: 5, sessions: 40 },
  byDay: [
    { date: '2026-03-01', count: 1 },
    { date: '2026-03-02', count: 0 },
    { date: '2026-03-03', count: 4 },
  ],
  byChannel: [
    { channel: 'website', count: 3 },
    { channel: 'spring, promo', count: 2 },
  ],
  byService: [{ appointmentTypeId: '7', name: 'Cleaning', count: 5 }],
  byLocation: [{ locationId: '2', name: 'Midtown', count: 5 }],
  funnel: funnelOf({
    landing: 40,
    findappointment: 20,
    additionaldetails: 10,
    insurance: 8,
    identity: 6,
    thankyou: 5,
  }),
};

describe('report tables', () => {
  it('turns each part of the chart report into a table', () => {
    const tables = chartTables(report);
    expect(tables.byDay.rows.map((row) => [row.label, row.count])).toEqual([
      ['03/01/2026', 1],
      ['03/02/2026', 0],
      ['03/03/2026', 4],
    ]);
    // Channels by name, the stored value kept beside it (issue 19).
    expect(tables.byChannel.rows.map((row) => [row.label, row.raw])).toEqual([
      ['Practice website', 'website'],
      ['Spring, promo', 'spring, promo'],
    ]);
    expect(tables.funnel.rows[1]).toMatchObject({ label: 'Find appointment', count: 20, dropOff: 20 });
  });

  it('shows the funnel drop-off as counts and percentages', () => {
    const step = chartTables(report).funnel.rows[1];
    if (!step) throw new Error('no step');
    expect(tableCell(step, 'dropOff')).toBe('20');
    expect(tableCell(step, 'dropOffRate')).toBe('50%');
    expect(tableCell(step, 'conversionRate')).toBe('50%');
    expect(formatPercent(0.125)).toBe('13%');
    expect(formatPercent(0.05)).toBe('5.0%');
    expect(formatPercent(0)).toBe('0%');
  });

  it('summarises a table in one sentence for its chart', () => {
    const tables = chartTables(report);
    expect(tableSummary(tables.byChannel)).toBe(
      'Bookings by channel: 5 in total; most Practice website (3).',
    );
    expect(tableSummary(tables.funnel)).toBe('Booking funnel: 40 sessions at Landing, 5 reached Thank you.');
    expect(tableSummary({ ...tables.byService, rows: [] })).toBe('Bookings by service: no data.');
  });

  it('exports what a table shows, days as ISO dates', () => {
    const tables = chartTables(report);
    expect(toCsv(tableCsvColumns(tables.byDay), tables.byDay.rows)).toBe(
      'Day,Bookings\r\n2026-03-01,1\r\n2026-03-02,0\r\n2026-03-03,4\r\n',
    );
    expect(toCsv(tableCsvColumns(tables.byChannel), tables.byChannel.rows)).toBe(
      'Channel,Channel (as stored),Bookings\r\nPractice website,website,3\r\n"Spring, promo","spring, promo",2\r\n',
    );
    const funnel = toCsv(tableCsvColumns(tables.funnel), tables.funnel.rows).split('\r\n');
    expect(funnel[0]).toBe('Step,Sessions,Dropped off,Drop-off rate,Reached (of landing)');
    expect(funnel[2]).toBe('Find appointment,20,20,0.5,0.5');
  });
});
