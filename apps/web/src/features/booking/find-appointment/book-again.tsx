import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { GetProvidersResponse } from '@scheduler/contract/scheduler-api';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { i18n } from '../../../i18n/catalogs';
import { shownErrorOf } from '../api/contract';
import type { BookingScope } from '../api/scope';
import { OfficeMessage } from '../components/office-message';
import type { BookAgainState } from '../landing/returning-patient';
import {
  ANY_LOCATION,
  providerDisplayName,
  readLocation,
  readProvider,
  readService,
} from '../lib/flow-state';
import { useBookingSelector } from '../state/hooks';
import type { BookingEventInput } from '../use-booking-analytics';
import { SPEC_REFUSAL_TEXTS } from '../../../lib/spec-refusal-texts';
import { useSlotSearch, type SlotSearch } from './use-slot-search';

/**
 * "Book again" (landing/returning-patient.tsx) opens this step with the router's history state
 * `{ bookAgain: { providerId } }`: the step then searches that provider's times only (getProviders'
 * `providerId`), says so ("Showing times with Dr. Emily Carter, DDS") and offers "Show all providers".
 *
 * The history state survives a reload (the browser keeps it), but it is honoured only while the
 * restored flow state is still the one "Book again" set: an existing patient, a service, one chosen
 * location, and no time chosen with another provider. Otherwise — and after "Show all providers" —
 * it is removed from the history entry (replace), so a reload cannot bring it back. Nothing of it
 * goes into the persisted booking state, whose restore rules stay as they are.
 */

/** Same shape as the contract's ids (packages/contract common.ts ID_PATTERN). */
const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** The provider id of a "Book again" history state; null for anything else (the state is untrusted). */
export function readBookAgainProviderId(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const bookAgain = (state as Partial<Record<keyof BookAgainState, unknown>>).bookAgain;
  if (typeof bookAgain !== 'object' || bookAgain === null) return null;
  const providerId = (bookAgain as Record<string, unknown>).providerId;
  return typeof providerId === 'string' && ID_PATTERN.test(providerId) ? providerId : null;
}

export interface BookAgainFlow {
  isExistingPatient: boolean;
  hasService: boolean;
  /** The location chosen on the landing (null when none). */
  locationId: string | null;
  /** The provider of the time chosen so far (null when none). */
  selectedProviderId: string | null;
}

/** Whether the flow state is still the one "Book again" set up for `providerId`. */
export function bookAgainApplies(flow: BookAgainFlow, providerId: string): boolean {
  return (
    flow.isExistingPatient &&
    flow.hasService &&
    flow.locationId !== null &&
    flow.locationId !== ANY_LOCATION &&
    (flow.selectedProviderId === null || flow.selectedProviderId === providerId)
  );
}

/** What the provider-only search answered, to decide whether to fall back to every provider. */
export interface BookAgainAnswer {
  providerId: string;
  /** The search failed (not cancelled). */
  failed: boolean;
  error: unknown;
  /** The answer to the provider-only search itself (not a placeholder from another search). */
  answer: GetProvidersResponse | undefined;
}

/**
 * The notice to show when the provider's own times cannot be shown (then every provider's are), or
 * null while they can (or are still loading): the provider cannot be booked online (the server's
 * refusal, its spec text), or has no online time left in the booking window that matches the
 * other filters (or is no longer among the providers of the service). In the active language.
 */
export function bookAgainFallback({ providerId, failed, error, answer }: BookAgainAnswer): string | null {
  const everyone = i18n._(msg`Times are shown for every provider.`);
  if (failed) {
    const shown = shownErrorOf(error);
    if (shown.code === 'PROVIDER_NOT_ONLINE')
      return `${i18n._(SPEC_REFUSAL_TEXTS.PROVIDER_NOT_ONLINE)} ${everyone}`;
    if (shown.status !== null && shown.status >= 400 && shown.status < 500)
      return i18n._(msg`We could not search your provider's times. Times are shown for every provider.`);
    return null; // a network or server failure: "Try again" as for any search
  }
  if (answer === undefined) return null;
  const provider = answer.providers.find((candidate) => candidate.providerId === providerId);
  if (provider && !provider.noCapacity && answer.availableDates.length > 0) return null;
  if (!provider)
    return i18n._(
      msg`No online times with your provider match your search in the booking window. Times are shown for every provider.`,
    );
  const name = providerDisplayName(provider);
  return i18n._(
    msg`No online times with ${name} match your search in the booking window. Times are shown for every provider.`,
  );
}

/** The provider's name as the answer gives it, or null while unknown. */
export function bookAgainProviderName(
  answer: GetProvidersResponse | undefined,
  providerId: string,
): string | null {
  const provider = answer?.providers.find((candidate) => candidate.providerId === providerId);
  return provider ? providerDisplayName(provider) : null;
}

/**
 * The "Book again" provider filter of the find-a-time step: `providerId` to search with (null:
 * every provider), `showAll` ("Show all providers"), `fallBack` (the provider's times cannot be
 * shown: every provider's, with a notice).
 */
export function useBookAgainFilter() {
  const location = useLocation();
  const navigate = useNavigate();
  const isExistingPatient = useBookingSelector((state) => state.patientdetails.isExistingPatient);
  const service = readService(useBookingSelector((state) => state.servicetype.servicetype));
  const chosenLocation = readLocation(useBookingSelector((state) => state.servicetype.location));
  const selectedProvider = readProvider(useBookingSelector((state) => state.patientdetails.selectedProvider));
  const [notice, setNotice] = useState<string | null>(null);
  const [shownAll, setShownAll] = useState(false);

  const requested = readBookAgainProviderId(location.state);
  const applies =
    requested !== null &&
    bookAgainApplies(
      {
        isExistingPatient,
        hasService: service !== null,
        locationId: chosenLocation?.LocationId ?? null,
        selectedProviderId: selectedProvider?.providerId ?? null,
      },
      requested,
    );
  const providerId = applies ? requested : null;

  const { pathname, search, hash } = location;
  const forget = useCallback(() => {
    void navigate({ pathname, search, hash }, { replace: true, state: null });
  }, [navigate, pathname, search, hash]);

  // A history state the flow no longer backs (a new patient, another location, a time with
  // another provider): dropped, so that it cannot come back later in this history entry. (With no
  // service at all the step sends the patient to the landing: nothing to drop then.)
  const stale = requested !== null && !applies && service !== null;
  useEffect(() => {
    if (stale) forget();
  }, [stale, forget]);

  const showAll = useCallback(() => {
    setShownAll(true);
    setNotice(null);
    forget();
  }, [forget]);
  const fallBack = useCallback(
    (message: string) => {
      setNotice(message);
      forget();
    },
    [forget],
  );
  const dismissNotice = useCallback(() => setNotice(null), []);

  return { providerId, showAll, shownAll, notice, fallBack, dismissNotice };
}

export type BookAgainFilter = ReturnType<typeof useBookAgainFilter>;

/** Falls back to every provider when the provider-only answer says their times cannot be shown. */
export function useBookAgainFallback(
  filter: BookAgainFilter,
  slots: Pick<SlotSearch, 'search' | 'liveResult' | 'failed'> & {
    providersQuery: Pick<SlotSearch['providersQuery'], 'error' | 'isPlaceholderData'>;
  },
) {
  const { providerId, fallBack } = filter;
  // The provider-only answer itself (not a placeholder kept from another search).
  const own = providerId !== null && slots.search?.providerId === providerId;
  const message =
    providerId === null || !own
      ? null
      : bookAgainFallback({
          providerId,
          failed: slots.failed,
          error: slots.providersQuery.error,
          answer: slots.providersQuery.isPlaceholderData ? undefined : slots.liveResult,
        });
  useEffect(() => {
    if (message !== null) fallBack(message);
  }, [message, fallBack]);
}

/**
 * The step's slot search, with the "Book again" provider filter and its fall-back; `linkProviderId`
 * (a slot deep link's provider, slot-link-choice.tsx) searches that provider's times instead.
 */
export function useBookAgainSearch(
  scope: Pick<BookingScope, 'clientName' | 'scheduler'>,
  linkProviderId: string | null = null,
) {
  const bookAgain = useBookAgainFilter();
  const slots = useSlotSearch(scope, linkProviderId ?? bookAgain.providerId);
  useBookAgainFallback(bookAgain, slots);
  return { bookAgain, slots };
}

/**
 * "Showing times with Dr. Emily Carter, DDS" with "Show all providers"; after that button, a short
 * confirmation that takes the focus (the button is gone); or the notice of a fall-back.
 */
export function BookAgainNotice({
  filter,
  result,
  phone,
  send,
}: {
  filter: BookAgainFilter;
  /** The answer shown (the provider's name once it gives it). */
  result: GetProvidersResponse | undefined;
  phone: string | null;
  send: (event: BookingEventInput) => void;
}) {
  const { t } = useLingui();
  const confirmation = useRef<HTMLParagraphElement>(null);
  const { providerId, shownAll, notice } = filter;
  useEffect(() => {
    if (shownAll && providerId === null) confirmation.current?.focus();
  }, [shownAll, providerId]);

  if (notice !== null)
    return (
      <OfficeMessage severity="info" title={t`Your provider`} message={notice} phone={phone}>
        <button type="button" className="btn btn--inherit" onClick={filter.dismissNotice}>
          <Trans>OK</Trans>
        </button>
      </OfficeMessage>
    );
  if (providerId !== null) {
    const name = bookAgainProviderName(result, providerId) ?? t`your provider`;
    return (
      <section className="book-again" aria-label={t`Your provider`}>
        <p role="status">
          <Trans>
            Showing times with <strong>{name}</strong>
          </Trans>
        </p>
        <button
          type="button"
          className="btn btn--inherit"
          onClick={() => {
            filter.showAll();
            send({ action: 'click', eventLabel: 'show_all_providers' });
          }}
        >
          <Trans>Show all providers</Trans>
        </button>
      </section>
    );
  }
  if (shownAll)
    return (
      <p ref={confirmation} tabIndex={-1} role="status" className="book-again book-again--all">
        <Trans>Showing times with every provider.</Trans>
      </p>
    );
  return null;
}
