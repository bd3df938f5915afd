import type { GetProvidersResponse, ProviderCard } from '@scheduler/contract/scheduler-api';
import { formatMessage } from '@scheduler/domain/messages';
import { isCancelled, shownErrorOf } from '../api/contract';
import { OfficeMessage } from '../components/office-message';
import type { WaitlistTarget } from '../components/waitlist-dialog';
import { formatDayLabel } from '../lib/slot-format';
import type { BookingEventInput } from '../use-booking-analytics';
import { DayPicker, ProviderCardView, TimeGrid, type SlotChoice } from './slot-parts';
import type { SlotSearch } from './use-slot-search';

/** The server's message when it refuses the search itself (spec section 8 texts), else null. */
function refusalOf(error: unknown): string | null {
  const shown = shownErrorOf(error);
  return shown.status === 409 || shown.status === 422 ? shown.message : null;
}

/** What the results need to name locations, find phones and report. */
export interface ResultsContext {
  locationName: (id: string) => string;
  phoneFor: (locationId: string | null | undefined) => string | null;
  send: (event: BookingEventInput) => void;
}

/** The time-grouped answer's times of `day`, as choices (provider assigned by the server). */
export function timeChoicesOf(result: GetProvidersResponse | undefined, day: string | null): SlotChoice[] {
  if (result?.groupBy !== 'time') return [];
  const providerById = new Map(result.providers.map((provider) => [provider.providerId, provider]));
  return result.timeGroups
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
    });
}

/** Locations the search found closed to online booking, each with its message and waitlist button. */
export function OfflineLocations({
  result,
  context,
  onWaitlist,
}: {
  result: GetProvidersResponse | undefined;
  context: ResultsContext;
  onWaitlist: (target: WaitlistTarget) => void;
}) {
  const { locationName, phoneFor, send } = context;
  const offline = result?.locations.filter((location) => location.noCapacity && location.message) ?? [];
  return offline.map((location) => (
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
            onWaitlist({
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
  ));
}

/** The search's failure (the server's refusal, or a retry), its loading line and its empty answer. */
export function SearchStatus({
  slots,
  context,
  chosenLocationId,
}: {
  slots: SlotSearch;
  context: ResultsContext;
  chosenLocationId: string | undefined;
}) {
  const { providersQuery, result, liveResult, search, availableDates, searchingAll, searchLocation } = slots;
  const { phoneFor } = context;
  const failed = providersQuery.isError && !isCancelled(providersQuery.error);
  const refusal = failed ? refusalOf(providersQuery.error) : null;
  return (
    <>
      {failed ? (
        refusal ? (
          <OfficeMessage message={refusal} phone={phoneFor(searchingAll ? null : searchLocation)} />
        ) : (
          <OfficeMessage
            severity="error"
            message="We could not load the available times. Please try again, or call our office to schedule."
            phone={phoneFor(chosenLocationId)}
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

      {result === undefined && search !== null && (providersQuery.isPending || liveResult !== undefined) ? (
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
    </>
  );
}

interface SlotListProps {
  slots: SlotSearch;
  context: ResultsContext;
  selectedKey: string | null;
  onSelect: (choice: SlotChoice) => void;
  onWaitlist: (provider: ProviderCard) => void;
}

/** The days with times, then the chosen day's times: one grid (grouped by time) or one card per provider. */
export function SlotList({ slots, context, selectedKey, onSelect, onWaitlist }: SlotListProps) {
  const { result, availableDates, day, setDay, searchingAll } = slots;
  const { locationName, phoneFor, send } = context;
  if (!result || availableDates.length === 0) return null;
  const timeChoices = timeChoicesOf(result, day);
  const bookableProviders = result.providers.filter((provider) => !provider.noCapacity);
  return (
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
              onWaitlist={onWaitlist}
            />
          ))}
        </div>
      )}
    </>
  );
}

/** Providers the search found with no online availability (each with its waitlist button). */
export function NoCapacityProviders({
  slots,
  context,
  onSelect,
  onWaitlist,
}: Omit<SlotListProps, 'selectedKey'>) {
  const { result, day, setDay, searchingAll } = slots;
  const providers = result?.providers.filter((provider) => provider.noCapacity) ?? [];
  if (providers.length === 0) return null;
  return (
    <section aria-labelledby="no-capacity-title" className="find-section">
      <h2 id="no-capacity-title" className="find-heading">
        Providers without online availability
      </h2>
      <div className="find-list">
        {providers.map((provider) => (
          <ProviderCardView
            key={provider.providerId}
            provider={provider}
            day={day}
            selectedKey={null}
            phone={context.phoneFor(provider.locationIds[0])}
            locationName={context.locationName}
            showLocation={searchingAll}
            onSelect={onSelect}
            onPickDay={setDay}
            onWaitlist={onWaitlist}
          />
        ))}
      </div>
    </section>
  );
}

/** The results beside the filters: progress, notices, the days and times, the providers without times. */
export function ResultsColumn({
  slots,
  context,
  selectedKey,
  chosenLocationId,
  onSelect,
  onWaitlist,
  onLocationWaitlist,
  onBack,
}: SlotListProps & {
  chosenLocationId: string | undefined;
  onLocationWaitlist: (target: WaitlistTarget) => void;
  onBack: () => void;
}) {
  return (
    <div className="find-results" aria-busy={slots.providersQuery.isFetching}>
      <div className="progress-slot">
        {slots.providersQuery.isFetching ? (
          <div className="progress" role="progressbar" aria-label="Loading times" />
        ) : null}
      </div>
      {slots.genders.length === 0 ? (
        <OfficeMessage
          severity="info"
          message="Choose at least one provider gender to see available times."
        />
      ) : null}
      <OfflineLocations result={slots.result} context={context} onWaitlist={onLocationWaitlist} />
      <SearchStatus slots={slots} context={context} chosenLocationId={chosenLocationId} />
      <SlotList
        slots={slots}
        context={context}
        selectedKey={selectedKey}
        onSelect={onSelect}
        onWaitlist={onWaitlist}
      />
      <NoCapacityProviders slots={slots} context={context} onSelect={onSelect} onWaitlist={onWaitlist} />
      <div className="find-back">
        <button type="button" className="btn btn--inherit" onClick={onBack}>
          Back
        </button>
      </div>
    </div>
  );
}
