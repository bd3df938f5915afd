import type { ProviderCard } from '@scheduler/contract/scheduler-api';
import { lazy, useCallback, useMemo, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { LoadingScreen } from '../../../components/loading-screen';
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
} from '../lib/flow-state';
import { useBookingSelector } from '../state/hooks';
import { useBookingAnalytics, usePageView } from '../use-booking-analytics';
import { FiltersDisclosure } from './filters-disclosure';
import { FindDialogs, SelectedTimeBar } from './find-appointment-parts';
import { ResultsColumn, type ResultsContext } from './search-results';
import { slotKey } from './slot-parts';
import { useSlotChoice } from './use-slot-choice';
import { useSlotSearch } from './use-slot-search';

// The filters (Material UI's slider, text field and checkboxes) load when first shown (a phone
// shows them only when asked): the times are plain buttons, so the step's first paint loads no
// Material UI. The dialogs load when first opened (find-appointment-parts.tsx).
const FiltersPanel = lazy(async () => ({ default: (await import('./filters-panel')).FiltersPanel }));

/** Step 2: a provider and a time, within the booking window. */
export function FindAppointmentScreen() {
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

  const slots = useSlotSearch(scope);
  const locations = useMemo(() => locationsQuery.data ?? [], [locationsQuery.data]);
  const locationById = useMemo(
    () => new Map(locations.map((location) => [location.id, location])),
    [locations],
  );
  const choice = useSlotChoice(locationById, send);
  const locationName = useCallback(
    (id: string) => locationById.get(id)?.name ?? 'another location',
    [locationById],
  );
  const clientPhone = config.data?.client.phone ?? null;
  const phoneFor = (locationId: string | null | undefined): string | null =>
    (locationId ? locationById.get(locationId)?.phone : undefined) ?? chosenLocation?.phone ?? clientPhone;
  const context: ResultsContext = { locationName, phoneFor, send };

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
  const offeredAt = servicesQuery.data?.find(
    (candidate) => candidate.appointmentTypeId === service.appointmentTypeId,
  )?.locationIds;
  const onlineLocations = locations.filter(
    (location) => location.onlineEnabled && (offeredAt === undefined || offeredAt.includes(location.id)),
  );

  return (
    <StepPage
      heading="Find an appointment"
      intro={`${service.name}${chosenLocation && chosenLocation.LocationId !== ANY_LOCATION ? ` at ${chosenLocation.name}` : ''}`}
    >
      {selectedTime && selectedProvider ? (
        <SelectedTimeBar
          time={selectedTime}
          provider={selectedProvider}
          locationName={locationName}
          onContinue={() => goTo('additionaldetails')}
        />
      ) : null}

      <div className="find-layout">
        <FiltersDisclosure>
          <FiltersPanel
            id="filters"
            locations={onlineLocations}
            carriers={carriersQuery.data ?? []}
            onChanged={onFilterChanged}
          />
        </FiltersDisclosure>

        <ResultsColumn
          slots={slots}
          context={context}
          selectedKey={selectedKey}
          chosenLocationId={chosenLocation?.LocationId}
          onSelect={choice.onSelect}
          onWaitlist={openProviderWaitlist}
          onLocationWaitlist={setWaitlistTarget}
          onBack={() => goTo('landing')}
        />
      </div>

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
