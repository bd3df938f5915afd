import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { staffText } from '../shared/contract-texts';
import { addDays } from '../shared/format';
import { openSlotsByDay } from './slot-model';
import { fetchOpenSlots, SLOT_SEARCH_DAYS, type SlotSearch } from './waitlist-api';

/**
 * The free times of a waitlist entry's search, SLOT_SEARCH_DAYS at a time from `fromDate` (null:
 * from the first bookable day). `onMoved` runs when staff page to earlier or later times.
 */
export function useOpenSlots(base: Omit<SlotSearch, 'fromDate'> | null, onMoved: () => void) {
  const [fromDate, setFromDate] = useState<string | null>(null);
  const search: SlotSearch | null = base ? { ...base, fromDate } : null;
  const slots = useQuery({
    queryKey: ['admin', 'waitlist-slots', search],
    queryFn: ({ signal }) => {
      if (!search) throw new Error('no search');
      return fetchOpenSlots(search, signal);
    },
    enabled: search !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const days = useMemo(() => (slots.data ? openSlotsByDay(slots.data, SLOT_SEARCH_DAYS) : []), [slots.data]);
  const firstDay = slots.data?.window.earliest.slice(0, 10) ?? null;
  const windowEnd = slots.data?.window.latestDate ?? null;
  const refusal =
    slots.data?.providers.find((provider) => provider.noCapacity && provider.message)?.message ??
    slots.data?.locations.find((location) => location.noCapacity && location.message)?.message ??
    null;
  const unavailable = refusal === null ? null : staffText(refusal);

  const shiftDays = (days: number) => {
    const base = fromDate ?? firstDay;
    if (!base) return;
    const next = addDays(base, days);
    setFromDate(firstDay && next < firstDay ? null : next);
    onMoved();
  };

  return {
    searching: search !== null,
    slots,
    days,
    unavailable,
    earlier: () => shiftDays(-SLOT_SEARCH_DAYS),
    later: () => shiftDays(SLOT_SEARCH_DAYS),
    earlierDisabled: fromDate === null || slots.isFetching,
    laterDisabled:
      !slots.data ||
      slots.isFetching ||
      (windowEnd !== null && addDays(fromDate ?? firstDay ?? windowEnd, SLOT_SEARCH_DAYS) > windowEnd),
  };
}

export type OpenSlots = ReturnType<typeof useOpenSlots>;
