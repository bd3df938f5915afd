import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { GetProvidersResponse, ProviderCard } from '@scheduler/contract/scheduler-api';
import { formatPhoneForDisplay } from '@scheduler/domain/text';
import { i18n } from '../../../i18n/catalogs';
import { shownErrorOf } from '../api/contract';
import { OfficeMessage } from '../components/office-message';
import type { WaitlistTarget } from '../components/waitlist-dialog';
import { translateKnown } from '../../../lib/error-texts';
import { telHref } from '../lib/phone';
import { formatDayLabel, formatLongDay } from '../lib/slot-format';
import type { BookingEventInput } from '../use-booking-analytics';
import { BookAgainNotice, type BookAgainFilter } from './book-again';
import type { Place } from './slot-label';
import { ProviderCardView, SlotGroups, type SlotChoice, type SlotEnv } from './slot-parts';
import { SPEC_REFUSAL_TEXTS } from '../../../lib/spec-refusal-texts';
import { useIntlLocale } from './use-intl-locale';

const ANY_PROVIDER = msg`Any provider`;
import type { SlotSearch } from './use-slot-search';

/** The server's message when it refuses the search itself (spec section 8 texts), else null. */
function refusalOf(error: unknown): string | null {
  const shown = shownErrorOf(error);
  return shown.status === 409 || shown.status === 422 ? shown.message : null;
}

/** What the results need to name locations, find phones and report. */
export interface ResultsContext {
  placeOf: (locationId: string) => Place;
  phoneFor: (locationId: string | null | undefined) => string | null;
  send: (event: BookingEventInput) => void;
  /** The patient's zone (the browser's when undefined). */
  viewerZone?: string | undefined;
}

/** The slice of the search the results read (the hook's answer, or a test's). */
export type ResultsSearch = Pick<
  SlotSearch,
  | 'result'
  | 'liveResult'
  | 'search'
  | 'availableDates'
  | 'day'
  | 'setDay'
  | 'loadingTimes'
  | 'failed'
  | 'searchingAll'
  | 'searchLocation'
  | 'genders'
> & {
  providersQuery: Pick<SlotSearch['providersQuery'], 'error' | 'isFetching' | 'refetch'>;
};

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
          name: provider?.name ?? i18n._(ANY_PROVIDER),
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
  const { i18n: active } = useLingui();
  const { placeOf, phoneFor, send } = context;
  const offline = result?.locations.filter((location) => location.noCapacity && location.message) ?? [];
  return offline.map((location) => {
    const name = placeOf(location.locationId).name;
    return (
      <OfficeMessage
        key={location.locationId}
        severity="info"
        title={name}
        message={
          location.message !== null
            ? translateKnown(active, location.message)
            : active._(SPEC_REFUSAL_TEXTS.LOCATION_NO_CAPACITY)
        }
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
                label: name,
                phone: phoneFor(location.locationId),
              });
              send({
                action: 'click',
                eventLabel: 'waitlist_location',
                context: { locationId: location.locationId },
              });
            }}
          >
            <Trans>Join the waitlist for {name}</Trans>
          </button>
        ) : null}
      </OfficeMessage>
    );
  });
}

/** The search's failure (the server's refusal, or a retry) and its empty answer. */
export function SearchStatus({
  slots,
  context,
  chosenLocationId,
}: {
  slots: ResultsSearch;
  context: ResultsContext;
  chosenLocationId: string | undefined;
}) {
  const { t } = useLingui();
  const { providersQuery, result, availableDates, searchingAll, searchLocation, failed, loadingTimes } =
    slots;
  const { phoneFor } = context;
  const refusal = failed ? refusalOf(providersQuery.error) : null;
  return (
    <>
      {failed ? (
        refusal ? (
          <OfficeMessage message={refusal} phone={phoneFor(searchingAll ? null : searchLocation)} />
        ) : (
          <OfficeMessage
            severity="error"
            message={t`We could not load the available times. Please try again, or call our office to schedule.`}
            phone={phoneFor(chosenLocationId)}
          >
            <button
              type="button"
              className="btn btn--contained"
              onClick={() => void providersQuery.refetch()}
            >
              <Trans>Try again</Trans>
            </button>
          </OfficeMessage>
        )
      ) : null}

      {result && !loadingTimes && availableDates.length === 0 ? (
        <div role="status" className="find-empty">
          <p>
            <Trans>No online times match your search within the booking window.</Trans>
          </p>
          <p>
            <Trans>Try another location or clear some filters, or call our office to schedule.</Trans>
          </p>
        </div>
      ) : null}
    </>
  );
}

/** Placeholder times while the chosen day's answer loads (announced once as "Loading times"). */
export function TimesSkeleton() {
  const { t } = useLingui();
  return (
    <div className="times-skeleton" role="status" aria-label={t`Loading available times`}>
      <span className="visually-hidden">
        <Trans>Loading available times...</Trans>
      </span>
      <div className="skeleton skeleton--heading" aria-hidden="true" />
      <div className="slot-grid" aria-hidden="true">
        {Array.from({ length: 8 }, (_, index) => (
          <div key={index} className="skeleton skeleton--slot" />
        ))}
      </div>
    </div>
  );
}

/** How far ahead online booking goes, and the phone for later dates. */
export function WindowEndNote({ latestDate, phone }: { latestDate: string; phone: string | null }) {
  const lastDay = formatLongDay(latestDate, useIntlLocale());
  const phoneText = phone ? formatPhoneForDisplay(phone) : '';
  return (
    <p className="window-end">
      <Trans>Online booking is open through {lastDay}.</Trans>{' '}
      {phone ? (
        <Trans>
          For later dates, call{' '}
          <a href={telHref(phone)} className="phone-link">
            {phoneText}
          </a>
          .
        </Trans>
      ) : (
        <Trans>For later dates, please call our office.</Trans>
      )}
    </p>
  );
}

interface SlotListProps {
  slots: ResultsSearch;
  context: ResultsContext;
  selectedKey: string | null;
  onSelect: (choice: SlotChoice) => void;
  onWaitlist: (provider: ProviderCard) => void;
}

function envOf(
  result: GetProvidersResponse | undefined,
  context: ResultsContext,
  selectedKey: string | null,
  onSelect: (choice: SlotChoice) => void,
): SlotEnv {
  return {
    placeOf: context.placeOf,
    locationOrder: result?.locations.map((location) => location.locationId) ?? [],
    viewerZone: context.viewerZone,
    selectedKey,
    onSelect,
  };
}

/**
 * The chosen day's times: one list (grouped by time; by location when searching every location)
 * or one card per provider. Skeletons while the day's answer loads — never "No times" meanwhile.
 */
export function SlotList({ slots, context, selectedKey, onSelect, onWaitlist }: SlotListProps) {
  const { t } = useLingui();
  const { result, availableDates, day, setDay, searchingAll, loadingTimes } = slots;
  const { phoneFor, send } = context;
  if (loadingTimes) return <TimesSkeleton />;
  if (!result || availableDates.length === 0) return null;
  const env = envOf(result, context, selectedKey, onSelect);
  const timeChoices = timeChoicesOf(result, day);
  const bookableProviders = result.providers.filter((provider) => !provider.noCapacity);
  const dayLabel = day ? formatDayLabel(day) : '';
  return (
    <>
      <h2 className="find-heading" aria-live="polite">
        {day ? t`Times on ${dayLabel}` : t`Times`}
      </h2>
      {result.groupBy === 'time' ? (
        timeChoices.length > 0 ? (
          <SlotGroups choices={timeChoices} env={env} showProvider idPrefix="times" />
        ) : (
          <p>
            <Trans>No times on this day. Choose another day.</Trans>
          </p>
        )
      ) : (
        <div className="find-list">
          {bookableProviders.map((provider) => (
            <ProviderCardView
              key={provider.providerId}
              provider={provider}
              day={day}
              env={env}
              phone={phoneFor(provider.locationIds[0])}
              showLocation={searchingAll}
              onPickDay={(picked) => {
                setDay(picked);
                send({ action: 'click', eventLabel: 'next_available', eventDetails: { day: picked } });
              }}
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
  const { result, day, setDay, searchingAll, loadingTimes } = slots;
  const providers = result?.providers.filter((provider) => provider.noCapacity) ?? [];
  if (providers.length === 0 || loadingTimes) return null;
  const env = envOf(result, context, null, onSelect);
  return (
    <section aria-labelledby="no-capacity-title" className="find-section">
      <h2 id="no-capacity-title" className="find-heading">
        <Trans>Providers without online availability</Trans>
      </h2>
      <div className="find-list">
        {providers.map((provider) => (
          <ProviderCardView
            key={provider.providerId}
            provider={provider}
            day={day}
            env={env}
            phone={context.phoneFor(provider.locationIds[0])}
            showLocation={searchingAll}
            onPickDay={setDay}
            onWaitlist={onWaitlist}
          />
        ))}
      </div>
    </section>
  );
}

/** The results beside the calendar: progress, notices, the chosen day's times, the providers without times. */
export function ResultsColumn({
  slots,
  context,
  selectedKey,
  chosenLocationId,
  bookAgain,
  onSelect,
  onWaitlist,
  onLocationWaitlist,
  onBack,
}: SlotListProps & {
  chosenLocationId: string | undefined;
  /** "Book again": the patient's own provider first (book-again.tsx). */
  bookAgain?: BookAgainFilter | undefined;
  onLocationWaitlist: (target: WaitlistTarget) => void;
  onBack: () => void;
}) {
  const { t } = useLingui();
  return (
    <div className="find-results" aria-busy={slots.providersQuery.isFetching}>
      <div className="progress-slot">
        {slots.providersQuery.isFetching ? (
          <div className="progress" role="progressbar" aria-label={t`Loading times`} />
        ) : null}
      </div>
      {slots.genders.length === 0 ? (
        <OfficeMessage
          severity="info"
          message={t`Choose at least one provider gender to see available times.`}
        />
      ) : null}
      {bookAgain ? (
        <BookAgainNotice
          filter={bookAgain}
          result={slots.result}
          phone={context.phoneFor(chosenLocationId)}
          send={context.send}
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
          <Trans>Back</Trans>
        </button>
      </div>
    </div>
  );
}
