import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { GetProvidersResponse } from '@scheduler/contract/scheduler-api';
import { isCancelled } from '../api/contract';
import { useProviderSearch, type ProviderSearch } from '../api/get-providers';
import type { BookingScope } from '../api/scope';
import { ANY_LOCATION, readInsuranceFilter, readLocation, readService, readTime } from '../lib/flow-state';
import { nextDayWithTimes } from '../lib/slot-format';
import { useBookingSelector } from '../state/hooks';
import { dayKeyOf, recallDay, rememberDay } from './remembered-day';

/**
 * The find-appointment step's search: built from the filters in the booking state (service,
 * location, genders, postal code and distance, insurance plan, new or existing patient) and the
 * chosen day (and, after "Book again", only the patient's own provider), sent through TanStack Query (a newer search cancels the one in flight; the previous
 * answer stays shown meanwhile), with the chosen day kept among the days that have times.
 *
 * `loadingTimes` is true until the answer for the chosen day is the one shown: the screen shows
 * skeletons then, never "No times" from the previous day's answer. The chosen day is remembered
 * (remembered-day.ts), so that coming back after a taken time opens the same day.
 */
export function useSlotSearch(
  scope: Pick<BookingScope, 'clientName' | 'scheduler'>,
  /** Only this provider's times ("Book again", book-again.tsx); null: every provider. */
  onlyProviderId: string | null = null,
) {
  const service = readService(useBookingSelector((state) => state.servicetype.servicetype));
  const chosenLocation = readLocation(useBookingSelector((state) => state.servicetype.location));
  const searchLocationId = useBookingSelector((state) => state.servicetype.locationId);
  const genderFilter = useBookingSelector((state) => state.servicetype.genderFilter);
  const postalCode = useBookingSelector((state) => state.servicetype.postalCode);
  const distance = useBookingSelector((state) => state.servicetype.distance);
  const insurance = readInsuranceFilter(useBookingSelector((state) => state.servicetype.insurance));
  const isExistingPatient = useBookingSelector((state) => state.patientdetails.isExistingPatient);
  const selectedTime = readTime(useBookingSelector((state) => state.patientdetails.selectedTime));

  const dayKey = dayKeyOf(scope, service?.appointmentTypeId ?? '');
  const [day, setDayState] = useState<string | null>(
    () => selectedTime?.dateLocal ?? recallDay(dayKey) ?? null,
  );
  const setDay = useCallback(
    (next: string) => {
      rememberDay(dayKey, next);
      setDayState(next);
    },
    [dayKey],
  );

  const genderKey = genderFilter
    .filter((option) => option.checked)
    .map((option) => option.value)
    .join(',');
  const genders = useMemo(
    () => (genderKey === '' ? [] : (genderKey.split(',') as ('M' | 'F')[])),
    [genderKey],
  );
  const searchLocation = String(searchLocationId ?? chosenLocation?.LocationId ?? ANY_LOCATION);
  const insurancePlanId = insurance?.planId ?? null;
  const maxDistance = distance[1];
  const appointmentTypeId = service?.appointmentTypeId ?? null;
  const search = useMemo<ProviderSearch | null>(
    () =>
      appointmentTypeId !== null && genders.length > 0
        ? {
            appointmentTypeId,
            locationId: searchLocation,
            genders,
            postalCode,
            maxDistance,
            insurancePlanId,
            providerId: onlyProviderId,
            isExistingPatient,
            fromDate: day,
            days: 1,
          }
        : null,
    [
      appointmentTypeId,
      searchLocation,
      genders,
      postalCode,
      maxDistance,
      insurancePlanId,
      onlyProviderId,
      isExistingPatient,
      day,
    ],
  );
  const providersQuery = useProviderSearch(scope, search);
  const liveResult = providersQuery.data;
  const liveDates = useMemo(() => liveResult?.availableDates ?? [], [liveResult]);

  // Keep the chosen day among the days that have times (the first one to begin with).
  useEffect(() => {
    if (!liveResult || providersQuery.isPlaceholderData) return;
    if (day !== null && liveDates.includes(day)) return;
    const next = nextDayWithTimes(liveDates, day) ?? liveDates[0] ?? null;
    if (next !== day && next !== null) setDay(next);
  }, [liveResult, providersQuery.isPlaceholderData, liveDates, day, setDay]);

  // The times (dozens of buttons) follow an answer at transition priority: React renders them in
  // slices, so that a slow phone stays responsive (no long task) while they appear.
  const result = useDeferredValue(liveResult);
  const availableDates = useMemo(() => result?.availableDates ?? [], [result]);

  const failed = providersQuery.isError && !isCancelled(providersQuery.error);
  const loadingTimes = isLoadingTimes({
    search,
    failed,
    liveResult,
    shown: result,
    isPlaceholderData: providersQuery.isPlaceholderData,
    day,
  });

  return {
    search,
    providersQuery,
    liveResult,
    result,
    availableDates,
    day,
    setDay,
    loadingTimes,
    failed,
    genders,
    searchLocation,
    searchLocationId,
    searchingAll: String(searchLocationId ?? ANY_LOCATION) === ANY_LOCATION,
  };
}

export type SlotSearch = ReturnType<typeof useSlotSearch>;

/**
 * Whether the times shown are not yet the chosen day's: no answer yet, the previous search's
 * answer kept as a placeholder, an answer not rendered yet (deferred), or one for another day.
 * The screen shows skeletons then — never "No times" taken from the previous day's answer.
 */
export function isLoadingTimes(state: {
  search: Pick<ProviderSearch, 'fromDate'> | null;
  failed: boolean;
  liveResult: GetProvidersResponse | undefined;
  shown: GetProvidersResponse | undefined;
  isPlaceholderData: boolean;
  day: string | null;
}): boolean {
  const { search, failed, liveResult, shown, isPlaceholderData, day } = state;
  if (search === null || failed) return false;
  const settled = liveResult !== undefined && !isPlaceholderData && shown === liveResult;
  if (settled && liveResult.availableDates.length === 0) return false; // nothing in the window
  return !(settled && day !== null && search.fromDate === day);
}
