import type { Location, ProviderCard } from '@scheduler/contract/scheduler-api';
import { formatMessage } from '@scheduler/domain/messages';
import {
  Suspense,
  lazy,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { setSelectedProvider, setSelectedTime } from '../../../app/slices/patientdetails-slice';
import { setLocation, setLocationSwitchPopUpOpen } from '../../../app/slices/servicetype-slice';
import { setStepper } from '../../../app/slices/stepper-slice';
import { LoadingScreen } from '../../../components/loading-screen';
import { WithMuiTheme } from '../../../lib/theme-control';
import { isCancelled, shownErrorOf } from '../api/contract';
import { useLocations, useServiceTypes } from '../api/get-catalogue';
import { useSchedulerConfig } from '../api/get-config';
import { useProviderSearch, type ProviderSearch } from '../api/get-providers';
import { useInsuranceCarriers } from '../api/insurance';
import { useBookingScope } from '../api/scope';
import { advanceStepper } from '../booking-steps';
import { OfficeMessage } from '../components/office-message';
import { StepPage } from '../components/step-page';
import type { WaitlistTarget } from '../components/waitlist-dialog';
import {
  ANY_LOCATION,
  providerDisplayName,
  readInsuranceFilter,
  readLocation,
  readProvider,
  readService,
  readTime,
} from '../lib/flow-state';
import { newUuid } from '../lib/ids';
import { formatDayLabel, formatSlotTime } from '../lib/slot-format';
import { useBookingAnalytics, usePageView } from '../use-booking-analytics';
import { DayPicker, ProviderCardView, TimeGrid, slotKey, type SlotChoice } from './slot-parts';

// The dialogs load when first opened: the waitlist form (react-hook-form, zod, the patient fields)
// and the location-switch dialog are not needed to show the times. So do the filters (Material UI's
// slider, text field and checkboxes), which a phone shows only when asked; the times are plain
// buttons, so that the step's first paint loads no Material UI.
const FiltersPanel = lazy(async () => ({ default: (await import('./filters-panel')).FiltersPanel }));
const WaitlistDialog = lazy(async () => ({
  default: (await import('../components/waitlist-dialog')).WaitlistDialog,
}));
const LocationSwitchDialog = lazy(async () => ({
  default: (await import('./location-switch-dialog')).LocationSwitchDialog,
}));

/** The server's message when it refuses the search itself (spec section 8 texts), else null. */
function refusalOf(error: unknown): string | null {
  const shown = shownErrorOf(error);
  return shown.status === 409 || shown.status === 422 ? shown.message : null;
}

/** Step 2: a provider and a time, within the booking window. */
export function FindAppointmentScreen() {
  const scope = useBookingScope();
  const navigate = useNavigate();
  const { search: urlSearch } = useLocation();
  const dispatch = useAppDispatch();
  const config = useSchedulerConfig(scope);
  const locationsQuery = useLocations(scope);
  const servicesQuery = useServiceTypes(scope);
  const carriersQuery = useInsuranceCarriers(scope);
  const { send } = useBookingAnalytics('findappointment');
  usePageView('findappointment');

  const stepper = useAppSelector((state) => state.stepper.stepper);
  const service = readService(useAppSelector((state) => state.servicetype.servicetype));
  const chosenLocation = readLocation(useAppSelector((state) => state.servicetype.location));
  const searchLocationId = useAppSelector((state) => state.servicetype.locationId);
  const genderFilter = useAppSelector((state) => state.servicetype.genderFilter);
  const postalCode = useAppSelector((state) => state.servicetype.postalCode);
  const distance = useAppSelector((state) => state.servicetype.distance);
  const insurance = readInsuranceFilter(useAppSelector((state) => state.servicetype.insurance));
  const switchOpen = useAppSelector((state) => state.servicetype.isLocationSwitchPopUpOpen);
  const isExistingPatient = useAppSelector((state) => state.patientdetails.isExistingPatient);
  const selectedProvider = readProvider(useAppSelector((state) => state.patientdetails.selectedProvider));
  const selectedTime = readTime(useAppSelector((state) => state.patientdetails.selectedTime));

  const [day, setDay] = useState<string | null>(selectedTime?.dateLocal ?? null);
  const [pending, setPending] = useState<SlotChoice | null>(null);
  const [waitlistTarget, setWaitlistTarget] = useState<WaitlistTarget | null>(null);
  // Mounted from its first opening on (so that it can animate its closing).
  const [switchMounted, setSwitchMounted] = useState(false);
  if (switchOpen && !switchMounted) setSwitchMounted(true);

  const genderKey = genderFilter
    .filter((option) => option.checked)
    .map((option) => option.value)
    .join(',');
  const genders = useMemo(
    () => (genderKey === '' ? [] : (genderKey.split(',') as ('M' | 'F')[])),
    [genderKey],
  );
  const serviceId = service?.appointmentTypeId ?? null;
  const searchLocation = String(searchLocationId ?? chosenLocation?.LocationId ?? ANY_LOCATION);
  const insurancePlanId = insurance?.planId ?? null;
  const maxDistance = distance[1];
  const search = useMemo<ProviderSearch | null>(
    () =>
      serviceId !== null && genders.length > 0
        ? {
            appointmentTypeId: serviceId,
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
    [serviceId, searchLocation, genders, postalCode, maxDistance, insurancePlanId, isExistingPatient, day],
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

  // A dialog left open by a reload has no time to confirm any more.
  useEffect(() => {
    if (switchOpen && pending === null) dispatch(setLocationSwitchPopUpOpen(false));
  }, [switchOpen, pending, dispatch]);

  const locations = useMemo(() => locationsQuery.data ?? [], [locationsQuery.data]);
  const locationById = useMemo(
    () => new Map(locations.map((location) => [location.id, location])),
    [locations],
  );
  const locationName = useCallback(
    (id: string) => locationById.get(id)?.name ?? 'another location',
    [locationById],
  );
  const clientPhone = config.data?.client.phone ?? null;
  const phoneFor = (locationId: string | null | undefined): string | null =>
    (locationId ? locationById.get(locationId)?.phone : undefined) ?? chosenLocation?.phone ?? clientPhone;

  const onFilterChanged = useCallback(
    (label: string) => send({ action: 'click', eventLabel: `filter_${label}` }),
    [send],
  );

  // No service chosen (state from another flow): the landing step asks for it.
  if (!service)
    return <Navigate to={{ pathname: '../landing', search: urlSearch }} relative="path" replace />;
  if (config.isPending || locationsQuery.isPending) return <LoadingScreen />;

  const commit = (choice: SlotChoice) => {
    const reused =
      selectedTime &&
      selectedTime.startUtc === choice.slot.startUtc &&
      selectedProvider?.providerId === choice.provider.providerId
        ? selectedTime.idempotencyKey
        : null;
    dispatch(setSelectedProvider({ ...choice.provider }));
    dispatch(
      setSelectedTime({
        startUtc: choice.slot.startUtc,
        dateLocal: choice.slot.dateLocal,
        timeLocal: choice.slot.timeLocal,
        locationId: choice.slot.locationId,
        idempotencyKey: reused ?? newUuid(),
      }),
    );
    dispatch(setStepper(advanceStepper(stepper, 1)));
    send({
      action: 'click',
      eventLabel: 'select_time',
      clickPageName: 'additionaldetails',
      eventDetails: {
        dateLocal: choice.slot.dateLocal,
        timeLocal: choice.slot.timeLocal,
        locationId: choice.slot.locationId,
      },
      context: { providerId: choice.provider.providerId, locationId: choice.slot.locationId },
    });
    void navigate({ pathname: '../additionaldetails', search: urlSearch }, { relative: 'path' });
  };

  const onSelect = (choice: SlotChoice) => {
    const chosenId = chosenLocation?.LocationId ?? ANY_LOCATION;
    if (chosenId !== ANY_LOCATION && chosenId !== choice.slot.locationId) {
      setPending(choice);
      dispatch(setLocationSwitchPopUpOpen(true));
      send({
        action: 'click',
        eventLabel: 'location_switch_prompt',
        context: { locationId: choice.slot.locationId },
      });
      return;
    }
    commit(choice);
  };

  const closeSwitch = () => {
    dispatch(setLocationSwitchPopUpOpen(false));
    setPending(null);
  };
  const confirmSwitch = () => {
    const choice = pending;
    const target: Location | undefined = choice ? locationById.get(choice.slot.locationId) : undefined;
    closeSwitch();
    if (!choice) return;
    if (target)
      dispatch(
        setLocation({ LocationId: target.id, name: target.name, slug: target.slug, phone: target.phone }),
      );
    send({
      action: 'click',
      eventLabel: 'location_switch_confirm',
      context: { locationId: choice.slot.locationId },
    });
    commit(choice);
  };

  const openProviderWaitlist = (provider: ProviderCard) => {
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

  const selectedKey =
    selectedTime && selectedProvider ? slotKey(selectedTime.startUtc, selectedProvider.providerId) : null;
  const searchingAll = String(searchLocationId ?? ANY_LOCATION) === ANY_LOCATION;
  const providerById = new Map((result?.providers ?? []).map((provider) => [provider.providerId, provider]));
  const offlineLocations =
    result?.locations.filter((location) => location.noCapacity && location.message) ?? [];
  const noCapacityProviders = result?.providers.filter((provider) => provider.noCapacity) ?? [];
  const offeredAt = servicesQuery.data?.find(
    (candidate) => candidate.appointmentTypeId === service.appointmentTypeId,
  )?.locationIds;
  const onlineLocations = locations.filter(
    (location) => location.onlineEnabled && (offeredAt === undefined || offeredAt.includes(location.id)),
  );

  const timeChoices: SlotChoice[] =
    result?.groupBy === 'time'
      ? result.timeGroups
          .filter((group) => group.dateLocal === day)
          .map((group) => {
            const provider = providerById.get(group.assignedProviderId);
            return {
              slot: {
                startUtc: group.startUtc,
                dateLocal: group.dateLocal,
                timeLocal: group.timeLocal,
                locationId: group.locationId,
              },
              provider: {
                providerId: group.assignedProviderId,
                name: provider?.name ?? 'Any provider',
                credentials: provider?.credentials ?? null,
                photoUrl: provider?.photoUrl ?? null,
              },
            };
          })
      : [];
  const bookableProviders = result?.providers.filter((provider) => !provider.noCapacity) ?? [];

  return (
    <StepPage
      heading="Find an appointment"
      intro={`${service.name}${chosenLocation && chosenLocation.LocationId !== ANY_LOCATION ? ` at ${chosenLocation.name}` : ''}`}
    >
      {selectedTime && selectedProvider ? (
        <section aria-label="Your selected time" className="selected-time">
          <p>
            Selected:{' '}
            <strong>
              {formatDayLabel(selectedTime.dateLocal)} at {formatSlotTime(selectedTime.timeLocal)}
            </strong>{' '}
            with {providerDisplayName(selectedProvider)} at {locationName(selectedTime.locationId)}
          </p>
          <button
            type="button"
            className="btn btn--contained"
            onClick={() =>
              void navigate({ pathname: '../additionaldetails', search: urlSearch }, { relative: 'path' })
            }
          >
            Continue with this time
          </button>
        </section>
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

        <div className="find-results" aria-busy={providersQuery.isFetching}>
          <div className="progress-slot">
            {providersQuery.isFetching ? (
              <div className="progress" role="progressbar" aria-label="Loading times" />
            ) : null}
          </div>

          {genders.length === 0 ? (
            <OfficeMessage
              severity="info"
              message="Choose at least one provider gender to see available times."
            />
          ) : null}

          {offlineLocations.map((location) => (
            <OfficeMessage
              key={location.locationId}
              severity="info"
              title={locationName(location.locationId)}
              message={location.message ?? formatMessage('LOCATION_NO_CAPACITY')}
              phone={phoneFor(location.locationId)}
            >
              {location.waitlistAllowed ? (
                <button
                  type="button"
                  className="btn btn--contained"
                  onClick={() => {
                    setWaitlistTarget({
                      providerId: null,
                      locationId: location.locationId,
                      label: locationName(location.locationId),
                      phone: phoneFor(location.locationId),
                    });
                    send({
                      action: 'click',
                      eventLabel: 'waitlist_location',
                      context: { locationId: location.locationId },
                    });
                  }}
                >
                  Join the waitlist for {locationName(location.locationId)}
                </button>
              ) : null}
            </OfficeMessage>
          ))}

          {providersQuery.isError && !isCancelled(providersQuery.error) ? (
            refusalOf(providersQuery.error) ? (
              <OfficeMessage
                message={refusalOf(providersQuery.error) ?? ''}
                phone={phoneFor(searchingAll ? null : searchLocation)}
              />
            ) : (
              <OfficeMessage
                severity="error"
                message="We could not load the available times. Please try again, or call our office to schedule."
                phone={phoneFor(chosenLocation?.LocationId)}
              >
                <button
                  type="button"
                  className="btn btn--contained"
                  onClick={() => void providersQuery.refetch()}
                >
                  Try again
                </button>
              </OfficeMessage>
            )
          ) : null}

          {result === undefined &&
          search !== null &&
          (providersQuery.isPending || liveResult !== undefined) ? (
            <div role="status" className="find-status">
              Loading available times...
            </div>
          ) : null}

          {result && availableDates.length === 0 ? (
            <div role="status" className="find-empty">
              <p>No online times match your search within the booking window.</p>
              <p>Try another location or clear some filters, or call our office to schedule.</p>
            </div>
          ) : null}

          {result && availableDates.length > 0 ? (
            <>
              <DayPicker
                days={availableDates}
                selected={day}
                onPick={(picked) => {
                  setDay(picked);
                  send({ action: 'click', eventLabel: 'pick_day', eventDetails: { day: picked } });
                }}
              />
              <h2 className="find-heading" aria-live="polite">
                {day ? `Times on ${formatDayLabel(day)}` : 'Times'}
              </h2>
              {result.groupBy === 'time' ? (
                timeChoices.length > 0 ? (
                  <TimeGrid
                    choices={timeChoices}
                    selectedKey={selectedKey}
                    detailOf={(choice) =>
                      searchingAll
                        ? `${choice.provider.name} · ${locationName(choice.slot.locationId)}`
                        : `with ${choice.provider.name}`
                    }
                    onSelect={onSelect}
                  />
                ) : (
                  <p>No times on this day. Choose another day.</p>
                )
              ) : (
                <div className="find-list">
                  {bookableProviders.map((provider) => (
                    <ProviderCardView
                      key={provider.providerId}
                      provider={provider}
                      day={day}
                      selectedKey={selectedKey}
                      phone={phoneFor(provider.locationIds[0])}
                      locationName={locationName}
                      showLocation={searchingAll}
                      onSelect={onSelect}
                      onPickDay={setDay}
                      onWaitlist={openProviderWaitlist}
                    />
                  ))}
                </div>
              )}
            </>
          ) : null}

          {noCapacityProviders.length > 0 ? (
            <section aria-labelledby="no-capacity-title" className="find-section">
              <h2 id="no-capacity-title" className="find-heading">
                Providers without online availability
              </h2>
              <div className="find-list">
                {noCapacityProviders.map((provider) => (
                  <ProviderCardView
                    key={provider.providerId}
                    provider={provider}
                    day={day}
                    selectedKey={null}
                    phone={phoneFor(provider.locationIds[0])}
                    locationName={locationName}
                    showLocation={searchingAll}
                    onSelect={onSelect}
                    onPickDay={setDay}
                    onWaitlist={openProviderWaitlist}
                  />
                ))}
              </div>
            </section>
          ) : null}

          <div className="find-back">
            <button
              type="button"
              className="btn btn--inherit"
              onClick={() =>
                void navigate({ pathname: '../landing', search: urlSearch }, { relative: 'path' })
              }
            >
              Back
            </button>
          </div>
        </div>
      </div>

      {switchMounted ? (
        <Suspense fallback={null}>
          <WithMuiTheme>
            <LocationSwitchDialog
              open={switchOpen}
              choice={pending}
              chosenLocationName={chosenLocation?.name ?? ''}
              slotLocation={pending ? (locationById.get(pending.slot.locationId) ?? null) : null}
              onKeepLooking={closeSwitch}
              onSwitch={confirmSwitch}
            />
          </WithMuiTheme>
        </Suspense>
      ) : null}
      {waitlistTarget && config.data ? (
        <Suspense fallback={null}>
          <WithMuiTheme>
            <WaitlistDialog
              scope={scope}
              target={waitlistTarget}
              appointmentTypeId={service.appointmentTypeId}
              settings={config.data.settings}
              today={config.data.today}
              onClose={() => setWaitlistTarget(null)}
            />
          </WithMuiTheme>
        </Suspense>
      ) : null}
    </StepPage>
  );
}

const WIDE = '(min-width: 900px)';

function subscribeWide(onChange: () => void): () => void {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * On phones the filters fold behind a button; from the md breakpoint they sit beside the results.
 * Folded, they are not rendered (nor their code loaded) until first shown.
 */
function FiltersDisclosure({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState(false);
  const wide = useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia(WIDE).matches,
    () => true,
  );
  if ((open || wide) && !shown) setShown(true);
  return (
    <div>
      <button
        type="button"
        className="btn filters-toggle"
        aria-expanded={open}
        aria-controls="filters-region"
        onClick={() => setOpen((value) => !value)}
      >
        {open ? 'Hide filters' : 'Show filters'}
      </button>
      <div id="filters-region" className={open ? 'filters-body filters-body--open' : 'filters-body'}>
        {shown ? (
          <Suspense fallback={null}>
            <WithMuiTheme>{children}</WithMuiTheme>
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
