import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { GetProvidersResponse, ProviderCard, SlotResponse } from '@scheduler/contract/scheduler-api';
import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { zonedTimeLabel } from '../../../lib/zoned-time';
import type { BookingScope } from '../api/scope';
import { advanceStepper } from '../booking-steps';
import { OfficeMessage } from '../components/office-message';
import { readProvider, readTime } from '../lib/flow-state';
import { newUuid } from '../lib/ids';
import { useBookingDispatch, useBookingSelector } from '../state/hooks';
import { setSelectedProvider, setSelectedTime } from '../state/patientdetails-slice';
import { setStepper } from '../state/stepper-slice';
import { useBookAgainSearch } from './book-again';
import { readSlotLinkState, type SlotLinkState } from './slot-link-params';
import type { SlotSearch } from './use-slot-search';

/**
 * The find-a-time step after a slot deep link opened it (slot-link-opening.tsx; history state
 * `{ slotLink }`): that provider's times on the slot's day, and the slot selected when the search
 * offers it — ready for "Continue with this time" — with a sentence naming it on its location's
 * clock ("Your chosen time is selected: Tue, Dec 1, 9:00 AM ET"); else "That time is no longer
 * available. Choose another time below." above the provider's times. "Show all providers" drops
 * the filter (and the history state, so a reload does not bring it back).
 */

/** Rendered with `i18n._(LINK_GONE_MESSAGE)`. */
export const LINK_GONE_MESSAGE = msg`That time is no longer available. Choose another time below.`;

/** 'replaced': the patient chose another time since (nothing to say about the link any more). */
export type SlotLinkStatus = 'checking' | 'selected' | 'gone' | 'replaced';

/** The linked slot in a search answer, with its provider's card; null when not offered. */
export function linkedSlotOf(
  link: Pick<SlotLinkState, 'providerId' | 'locationId' | 'startUtc'>,
  answer: GetProvidersResponse | undefined,
): { card: ProviderCard; slot: SlotResponse } | null {
  const card = answer?.providers.find((candidate) => candidate.providerId === link.providerId);
  const start = Date.parse(link.startUtc);
  const slot = card?.slots.find(
    (candidate) => candidate.locationId === link.locationId && Date.parse(candidate.startUtc) === start,
  );
  return card && slot ? { card, slot } : null;
}

/**
 * Where the link stands: 'selected' (the chosen time is the link's), 'replaced' (another time is
 * chosen), 'gone' (not offered when the
 * link was opened, or the answer for its provider has no such time), else 'checking' (no answer
 * yet, or one for another day that still has times).
 */
export function slotLinkStatusOf(input: {
  link: SlotLinkState;
  selected: { providerId: string; startUtc: string } | null;
  /** The settled answer of the link provider's search, and the day it was asked for. */
  answer: GetProvidersResponse | undefined;
  fromDate: string | null;
}): SlotLinkStatus {
  const { link, selected, answer, fromDate } = input;
  if (selected)
    return selected.providerId === link.providerId &&
      Date.parse(selected.startUtc) === Date.parse(link.startUtc)
      ? 'selected'
      : 'replaced';
  if (!link.free) return 'gone';
  if (answer === undefined) return 'checking';
  if (!answer.availableDates.includes(link.dateLocal)) return 'gone';
  if (fromDate !== link.dateLocal) return 'checking';
  return linkedSlotOf(link, answer) ? 'checking' : 'gone';
}

/** The link of the history entry and the way to drop it. */
function useSlotLinkFilter() {
  const location = useLocation();
  const navigate = useNavigate();
  const link = readSlotLinkState(location.state);
  const { pathname, search, hash } = location;
  const forget = useCallback(() => {
    void navigate({ pathname, search, hash }, { replace: true, state: null });
  }, [navigate, pathname, search, hash]);
  return { link, forget };
}

/** Selects the linked time once the provider's answer offers it (nothing chosen yet). */
function useSelectLinkedSlot(link: SlotLinkState | null, slots: SlotSearch): SlotLinkStatus | null {
  const dispatch = useBookingDispatch();
  const stepper = useBookingSelector((state) => state.stepper.stepper);
  const selectedProvider = readProvider(useBookingSelector((state) => state.patientdetails.selectedProvider));
  const selectedTime = readTime(useBookingSelector((state) => state.patientdetails.selectedTime));
  const own =
    link !== null &&
    slots.search?.providerId === link.providerId &&
    !slots.providersQuery.isPlaceholderData &&
    !slots.failed;
  const answer = own ? slots.liveResult : undefined;
  const fromDate = slots.search?.fromDate ?? null;
  const found = link !== null && link.free && fromDate === link.dateLocal ? linkedSlotOf(link, answer) : null;
  const nothingChosen = selectedTime === null;

  useEffect(() => {
    if (!found || !nothingChosen) return;
    const { card, slot } = found;
    dispatch(
      setSelectedProvider({
        providerId: card.providerId,
        name: card.name,
        credentials: card.credentials,
        photoUrl: card.photoUrl,
      }),
    );
    dispatch(
      setSelectedTime({
        startUtc: slot.startUtc,
        dateLocal: slot.dateLocal,
        timeLocal: slot.timeLocal,
        locationId: slot.locationId,
        idempotencyKey: newUuid(),
      }),
    );
    dispatch(setStepper(advanceStepper(stepper, 1)));
  }, [found, nothingChosen, stepper, dispatch]);

  if (link === null) return null;
  const selected =
    selectedTime && selectedProvider
      ? { providerId: selectedProvider.providerId, startUtc: selectedTime.startUtc }
      : null;
  return slotLinkStatusOf({ link, selected, answer, fromDate });
}

/**
 * The step's slot search: a slot link's provider first (else "Book again"'s, book-again.tsx),
 * with the link's notice to show above the times (null without a link).
 */
export function useFindSearch(scope: Pick<BookingScope, 'clientName' | 'scheduler'>) {
  const { link, forget } = useSlotLinkFilter();
  const { bookAgain, slots } = useBookAgainSearch(scope, link?.providerId ?? null);
  const status = useSelectLinkedSlot(link, slots);
  const linkNotice =
    link && status && status !== 'replaced' ? (
      <SlotLinkNotice link={link} status={status} onShowAll={forget} />
    ) : null;
  return { bookAgain, slots, linkNotice };
}

/** "Tue, Dec 1, 9:00 AM ET": the link's time on its location's clock, the zone named (active language). */
export function linkTimeText(link: Pick<SlotLinkState, 'startUtc' | 'timeZone'>): string {
  const label = zonedTimeLabel(link.startUtc, link.timeZone);
  return `${label.date}, ${label.full}`;
}

export function SlotLinkNotice({
  link,
  status,
  onShowAll,
}: {
  link: SlotLinkState;
  status: SlotLinkStatus;
  onShowAll: () => void;
}) {
  const { t, i18n } = useLingui();
  const showAll = (
    <button type="button" className="btn btn--inherit" onClick={onShowAll}>
      <Trans>Show all providers</Trans>
    </button>
  );
  if (status === 'gone')
    return (
      <OfficeMessage severity="info" title={t`Your chosen time`} message={i18n._(LINK_GONE_MESSAGE)}>
        {showAll}
      </OfficeMessage>
    );
  if (status === 'checking')
    return (
      <p role="status" className="book-again">
        <Trans>Checking your chosen time…</Trans>
      </p>
    );
  const time = linkTimeText(link);
  return (
    <section className="book-again" aria-label={t`Your chosen time`}>
      <p role="status">
        <Trans>
          Your chosen time is selected: <strong>{time}</strong>
        </Trans>
      </p>
      {showAll}
    </section>
  );
}
