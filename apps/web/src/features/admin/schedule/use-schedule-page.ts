import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { todayIn } from '../../../lib/zoned-time';
import { fetchFilters, patientKeys } from '../shared/api/patient-management-api';
import { useSchedule } from './schedule-api';
import { dateParam, rangeOf, type ScheduleViewName } from './schedule-range';

/**
 * What the Schedule shows, kept in the URL (`?location=3&date=2026-11-27&view=week`) so a reload or
 * a shared link shows the same page: the location (default the first), the date (default the
 * location's today), the view (default day), and the schedule's answer for them.
 */
export function useSchedulePage(clientId: string) {
  const [params, setParams] = useSearchParams();
  const options = useQuery({
    queryKey: patientKeys.filters(clientId),
    queryFn: ({ signal }) => fetchFilters(clientId, signal),
    staleTime: 5 * 60_000,
  });
  const locations = options.data?.locations ?? [];
  const location =
    locations.find((candidate) => candidate.locationId === params.get('location')) ?? locations[0];
  const timeZone = location?.timeZone ?? 'UTC';
  const today = todayIn(timeZone);
  const date = dateParam(params.get('date')) ?? today;
  const view: ScheduleViewName = params.get('view') === 'week' ? 'week' : 'day';
  const range = rangeOf(view, date);
  const schedule = useSchedule(clientId, location?.locationId ?? '', range.from, range.to);
  const data =
    schedule.data && schedule.data.location.locationId === location?.locationId ? schedule.data : undefined;

  const update = useCallback(
    (changes: Record<string, string>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) next.set(key, value);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return { options, locations, location, timeZone, today, date, view, schedule, data, update };
}
