import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { GetProvidersResponse, Location, ProviderCard } from '@scheduler/contract/scheduler-api';
import './find-appointment.css';
import { lazy, useCallback, useMemo, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { LoadingScreen } from '../../../components/loading-screen';
import { i18n } from '../../../i18n/catalogs';
import { useLocations, useServiceTypes } from '../api/get-catalogue';
import { useSchedulerConfig } from '../api/get-config';
import { useInsuranceCarriers } from '../api/insurance';
import { useBookingScope } from '../api/scope';
import { StepPage } from '../components/step-page';
import type { WaitlistTarget } from '../components/waitlist-dialog';
import {
  ANY_LOCATION,
  providerDisplayName,
  readLocation,
  readProvider,
  readService,
  readTime,
  type ChosenLocation,
} from '../lib/flow-state';
import { useBookingSelector } from '../state/hooks';
import { useBookingAnalytics, usePageView } from '../use-booking-analytics';
import { DayChooser } from './day-chooser';
import { FiltersDisclosure } from './filters-disclosure';
import { FindDialogs, SelectedTimeBar } from './find-appointment-parts';
import { ResultsColumn, type ResultsContext } from './search-results';
import type { Place } from './slot-label';
import { slotKey } from './slot-parts';
import { StaleFilterNotices, useStaleFilters } from './stale-filters';
import { useFindSearch } from './slot-link-choice';
import { SlotLinkOpening } from './slot-link-opening';
import { slotParamOf } from './slot-link-params';
import { useSlotChoice } from './use-slot-choice';

// The filters (Material UI's slider, text field and checkboxes) load when first shown (a phone
// shows them only when asked): the times are plain buttons, so the step's first paint loads no
// Material UI. The dialogs load when first opened (find-appointment-parts.tsx).
const FiltersPanel = lazy(async () => ({ default: (await import('./filters-panel')).FiltersPanel }));

/** Each location's name, zone and phone (catalogue) with its distance from the patient's ZIP (search). */
function usePlaces(
  locationById: ReadonlyMap<string, Location>,
  result: GetProvidersResponse | undefined,
): (locationId: string) => Place {
  const { t } = useLingui();
  const distanceById = useMemo(
    () =>
      new Map(
        (result?.locations ?? []).map((location) => [location.locationId, location.distanceMiles ?? null]),
      ),
    [result],
  );
  return useCallback(
    (id: string): Place => {
      const location = locationById.get(id);
      return {
        locationId: id,
        name: location?.name ?? t`another location`,
        timeZone: location?.timeZone ?? null,
        phone: location?.phone ?? null,
        distanceMiles: distanceById.get(id) ?? null,
      };
    },
    [locationById, distanceById, t],
  );
}

/** 'Cleaning at Midtown', or the service alone when every location is searched (active language). */
function introOf(serviceName: string, location: ChosenLocation | null): string {
  if (!location || location.LocationId === ANY_LOCATION) return serviceName;
  const locationName = location.name;
  return i18n._(msg`${serviceName} at ${locationName}`);
}

/** The locations offering the service online (all online ones while the services load). */
function onlineLocationsOf(locations: Location[], offeredAt: readonly string[] | undefined): Location[] {
  return locations.filter(
    (location) => location.onlineEnabled && (offeredAt === undefined || offeredAt.includes(location.id)),
  );
}

/**
 * Step 2: a provider and a time, within the booking window. A slot deep link (`?slot=…`, issue 20)
 * is opened first (slot-link-opening.tsx), then the step shows it (slot-link-choice.tsx).
 */
export function FindAppointmentScreen() {
  const slot = slotParamOf(useLocation().search);
  return slot === null ? <FindAppointmentStep /> : <SlotLinkOpening slot={slot} />;
}

function FindAppointmentStep() {
  const { t } = useLingui();
  const scope = useBookingScope();
  const navigate = useNavigate();
  const { search: urlSearch } = useLocation();
  const config = useSchedulerConfig(scope);
  const locationsQuery = useLocations(scope);
  const servicesQuery = useServiceTypes(scope);
  const carriersQuery = useInsuranceCarriers(scope);
  const { send } = useBookingAnalytics('findappointment');
  usePageView('findappointment');

  const service = readService(useBookingSelector((state) => state.servicetype.servicetype));
  const chosenLocation = readLocation(useBookingSelector((state) => state.servicetype.location));
  const selectedProvider = readProvider(useBookingSelector((state) => state.patientdetails.selectedProvider));
  const selectedTime = readTime(useBookingSelector((state) => state.patientdetails.selectedTime));
  const [waitlistTarget, setWaitlistTarget] = useState<WaitlistTarget | null>(null);

  const { bookAgain, slots, linkNotice } = useFindSearch(scope);
  const locations = useMemo(() => locationsQuery.data ?? [], [locationsQuery.data]);
  const locationById = useMemo(() => new Map(locations.map((place) => [place.id, place])), [locations]);
  const choice = useSlotChoice(locationById, send);
  const placeOf = usePlaces(locationById, slots.result);
  const staleFilters = useStaleFilters({ carriers: carriersQuery.data, locations: locationsQuery.data });
  const clientPhone = config.data?.client.phone ?? null;
  const phoneFor = (locationId: string | null | undefined): string | null =>
    (locationId ? locationById.get(locationId)?.phone : undefined) ?? chosenLocation?.phone ?? clientPhone;
  const context: ResultsContext = { placeOf, phoneFor, send };
  const pickDay = (picked: string) => {
    slots.setDay(picked);
    send({ action: 'click', eventLabel: 'pick_day', eventDetails: { day: picked } });
  };

  const onFilterChanged = useCallback(
    (label: string) => send({ action: 'click', eventLabel: `filter_${label}` }),
    [send],
  );

  // No service chosen (state from another flow): the landing step asks for it.
  if (!service)
    return <Navigate to={{ pathname: '../landing', search: urlSearch }} relative="path" replace />;
  if (config.isPending || locationsQuery.isPending) return <LoadingScreen />;

  const openProviderWaitlist = (provider: ProviderCard) => {
    const { searchLocationId } = slots;
    const locationId =
      (searchLocationId !== null && String(searchLocationId) !== ANY_LOCATION
        ? String(searchLocationId)
        : null) ??
      provider.locationIds[0] ??
      chosenLocation?.LocationId ??
      '';
    setWaitlistTarget({
      providerId: provider.providerId,
      locationId,
      label: providerDisplayName(provider),
      phone: phoneFor(locationId),
    });
    send({ action: 'click', eventLabel: 'waitlist_provider', context: { providerId: provider.providerId } });
  };

  const goTo = (step: string) =>
    void navigate({ pathname: `../${step}`, search: urlSearch }, { relative: 'path' });
  const selectedKey =
    selectedTime && selectedProvider ? slotKey(selectedTime.startUtc, selectedProvider.providerId) : null;
  const onlineLocations = onlineLocationsOf(
    locations,
    servicesQuery.data?.find((candidate) => candidate.appointmentTypeId === service.appointmentTypeId)
      ?.locationIds,
  );

  return (
    <StepPage heading={t`Find an appointment`} intro={introOf(service.name, chosenLocation)}>
      <StaleFilterNotices notices={staleFilters.notices} onDismiss={staleFilters.dismiss} />
      {linkNotice}

      <div className="find-layout">
        <div className="find-side">
          <DayChooser
            slots={slots}
            onPick={pickDay}
            phone={phoneFor(slots.searchingAll ? null : slots.searchLocation)}
          />
          <FiltersDisclosure>
            <FiltersPanel
              id="filters"
              locations={onlineLocations}
              carriers={carriersQuery.data ?? []}
              onChanged={onFilterChanged}
            />
          </FiltersDisclosure>
        </div>

        <ResultsColumn
          slots={slots}
          context={context}
          selectedKey={selectedKey}
          chosenLocationId={chosenLocation?.LocationId}
          bookAgain={bookAgain}
          onSelect={choice.onSelect}
          onWaitlist={openProviderWaitlist}
          onLocationWaitlist={setWaitlistTarget}
          onBack={() => goTo('landing')}
        />
      </div>

      {selectedTime && selectedProvider ? (
        <SelectedTimeBar
          time={selectedTime}
          provider={selectedProvider}
          place={placeOf(selectedTime.locationId)}
          onContinue={() => goTo('additionaldetails')}
        />
      ) : null}

      <FindDialogs
        choice={choice}
        chosenLocationName={chosenLocation?.name ?? ''}
        locationById={locationById}
        waitlist={{
          scope,
          target: waitlistTarget,
          appointmentTypeId: service.appointmentTypeId,
          config: config.data,
          onClose: () => setWaitlistTarget(null),
        }}
      />
    </StepPage>
  );
}
