/* The chart report: bookings per local day, per channel, service and location, and the funnel. */
import { fromDayNumber, toDayNumber } from '@scheduler/domain/local-date';
import { funnelOf } from '@scheduler/contract/reports';
import type { GetChartReportQuery, GetChartReportResponse } from '@scheduler/contract/reports';
import { startOfLocalDay } from '@scheduler/domain/time-zone';
import type { ReportsRepository } from './reports-repository.ts';

import { HOUR_MS, QUARTER_HOUR_MS, byCountThenName, filterOf } from './report-parts.ts';
import type { ResolvedRange } from './report-parts.ts';

/** The chart of `resolved` (bookings by booking time; the funnel by first view of each step). */
export async function chartReportOf(
  repository: ReportsRepository,
  clientId: number,
  resolved: ResolvedRange,
  query: GetChartReportQuery,
): Promise<GetChartReportResponse> {
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
    while (day < dayCount && bucket.bucketStart >= (dayStarts[day + 1] ?? Number.POSITIVE_INFINITY)) day++;
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
}
