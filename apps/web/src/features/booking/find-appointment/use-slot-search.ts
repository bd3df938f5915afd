import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useProviderSearch, type ProviderSearch } from '../api/get-providers';
import type { BookingScope } from '../api/scope';
import { ANY_LOCATION, readInsuranceFilter, readLocation, readService, readTime } from '../lib/flow-state';
import { useBookingSelector } from '../state/hooks';

/**
 * The find-appointment step's search: built from the filters in the booking state (service,
 * location, genders, postal code and distance, insurance plan, new or existing patient) and the
 * chosen day, sent through TanStack Query (a newer search cancels the one in flight; the previous
 * answer stays shown meanwhile), with the chosen day kept among the days that have times.
 */
export function useSlotSearch(scope: Pick<BookingScope, 'clientName' | 'scheduler'>) {
  const service = readService(useBookingSelector((state) => state.servicetype.servicetype));
  const chosenLocation = readLocation(useBookingSelector((state) => state.servicetype.location));
  const searchLocationId = useBookingSelector((state) => state.servicetype.locationId);
  const genderFilter = useBookingSelector((state) => state.servicetype.genderFilter);
  const postalCode = useBookingSelector((state) => state.servicetype.postalCode);
  const distance = useBookingSelector((state) => state.servicetype.distance);
  const insurance = readInsuranceFilter(useBookingSelector((state) => state.servicetype.insurance));
  const isExistingPatient = useBookingSelector((state) => state.patientdetails.isExistingPatient);
  const selectedTime = readTime(useBookingSelector((state) => state.patientdetails.selectedTime));

  const [day, setDay] = useState<string | null>(selectedTime?.dateLocal ?? null);

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
    const next =
      (day === null ? undefined : liveDates.find((candidate) => candidate > day)) ?? liveDates[0] ?? null;
    if (next !== day && next !== null) setDay(next);
  }, [liveResult, providersQuery.isPlaceholderData, liveDates, day]);

  // The times (dozens of buttons) follow an answer at transition priority: React renders them in
  // slices, so that a slow phone stays responsive (no long task) while they appear.
  const result = useDeferredValue(liveResult);
  const availableDates = useMemo(() => result?.availableDates ?? [], [result]);

  return {
    search,
    providersQuery,
    liveResult,
    result,
    availableDates,
    day,
    setDay,
    genders,
    searchLocation,
    searchLocationId,
    searchingAll: String(searchLocationId ?? ANY_LOCATION) === ANY_LOCATION,
  };
}

export type SlotSearch = ReturnType<typeof useSlotSearch>;
