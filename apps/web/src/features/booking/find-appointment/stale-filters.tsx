import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Location } from '@scheduler/contract/scheduler-api';
import { useEffect, useState } from 'react';
import type { InsuranceCarrier } from '../api/insurance';
import { OfficeMessage } from '../components/office-message';
import { ANY_LOCATION, readInsuranceFilter } from '../lib/flow-state';
import { useBookingDispatch, useBookingSelector } from '../state/hooks';
import { setInsurance, setLocationId } from '../state/servicetype-slice';

export interface StaleFiltersInput {
  /** The plans offered now; undefined while loading. */
  carriers: readonly InsuranceCarrier[] | undefined;
  /** The locations of the catalogue now; undefined while loading. */
  locations: readonly Location[] | undefined;
}

/**
 * Filters kept from an earlier visit that no longer exist (a plan staff deactivated, a location
 * closed) are dropped — visibly: each leaves a notice saying what was removed, instead of a
 * search still filtering on it while the drop-down shows "Any insurance".
 */
export function useStaleFilters({ carriers, locations }: StaleFiltersInput) {
  const dispatch = useBookingDispatch();
  const insurance = readInsuranceFilter(useBookingSelector((state) => state.servicetype.insurance));
  const searchLocationId = useBookingSelector((state) => state.servicetype.locationId);
  // Kept as messages, not texts: they read in the language shown (the patient may switch).
  const [notices, setNotices] = useState<MessageDescriptor[]>([]);

  const planId = insurance?.planId ?? null;
  const planName = insurance?.name ?? '';
  useEffect(() => {
    if (planId === null || carriers === undefined) return;
    if (carriers.some((carrier) => carrier.plans.some((plan) => plan.planId === planId))) return;
    dispatch(setInsurance(null));
    const notice = planName
      ? msg`The insurance plan "${planName}" is no longer offered for online booking, so we removed it from your search. Times are shown for every provider.`
      : msg`The insurance plan you chose earlier is no longer offered for online booking, so we removed it from your search. Times are shown for every provider.`;
    setNotices((shown) => [...shown, notice]);
  }, [planId, planName, carriers, dispatch]);

  const locationFilter = searchLocationId === null ? null : String(searchLocationId);
  useEffect(() => {
    if (locationFilter === null || locationFilter === ANY_LOCATION || locations === undefined) return;
    if (locations.some((location) => location.id === locationFilter)) return;
    dispatch(setLocationId(ANY_LOCATION));
    setNotices((shown) => [
      ...shown,
      msg`The location you filtered on earlier no longer takes online bookings, so we removed it from your search. Times are shown for every location.`,
    ]);
  }, [locationFilter, locations, dispatch]);

  return { notices, dismiss: () => setNotices([]) };
}

/** The notices of dropped filters, with a button to put them away. */
export function StaleFilterNotices({
  notices,
  onDismiss,
}: {
  notices: readonly MessageDescriptor[];
  onDismiss: () => void;
}) {
  const { t, i18n } = useLingui();
  if (notices.length === 0) return null;
  return (
    <OfficeMessage
      severity="info"
      title={t`Your filters changed`}
      message={notices.map((notice) => i18n._(notice)).join(' ')}
    >
      <button type="button" className="btn btn--inherit" onClick={onDismiss}>
        <Trans>OK</Trans>
      </button>
    </OfficeMessage>
  );
}
