import { Trans, useLingui } from '@lingui/react/macro';
import type { Location, ServiceType, SlotLinkResponse } from '@scheduler/contract/scheduler-api';
import { localDateOf } from '@scheduler/domain/time-zone';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LoadingScreen } from '../../../components/loading-screen';
import { request } from '../../../lib/api-client';
import { shownErrorOf } from '../api/contract';
import { contractSchema } from '../api/contract-validation';
import { useLocations, useServiceTypes } from '../api/get-catalogue';
import { useSchedulerConfig } from '../api/get-config';
import { schedulerKey, useBookingScope, type BookingScope } from '../api/scope';
import { ActionButton } from '../components/action-button';
import { OfficeMessage } from '../components/office-message';
import { StepPage } from '../components/step-page';
import { useBookingDispatch, useBookingSelector } from '../state/hooks';
import {
  setInsurancePolicy,
  setIsExistingPatient,
  setSelectedProvider,
  setSelectedTime,
  setUtm,
} from '../state/patientdetails-slice';
import { resetServicetype, setLocation, setServicetype } from '../state/servicetype-slice';
import { setStepper } from '../state/stepper-slice';
import { dayKeyOf, rememberDay } from './remembered-day';
import {
  linkCampaign,
  SCHEDULING_LINK_MEDIUM,
  searchWithoutLink,
  type SlotLinkState,
} from './slot-link-params';

/**
 * Opening a slot deep link (slot-link-params.ts): GET slotLink says what the slot id names and
 * whether the time is still offered; the landing's answers are then implied as the landing itself
 * keeps them (landing-choices.tsx useKeepLandingChoice): that service, the slot's location, a new
 * patient (the published times are a new patient's; "Back" to the landing lets the patient say
 * otherwise), the payment question left open (the insurance step asks) and no filters. The step
 * then opens on the slot's day with that provider's times (slot-link-choice.tsx), the time
 * selected when it is still free. Part of the find-a-time step's chunk: the landing loads none of it.
 */

type Scope = Pick<BookingScope, 'clientName' | 'scheduler'>;

export function fetchSlotLink(scope: Scope, slot: string, signal?: AbortSignal): Promise<SlotLinkResponse> {
  return request({
    path: 'slotLink',
    params: { clientName: scope.clientName, scheduler: scope.scheduler, slot },
    signal,
    schema: contractSchema('slotLinkResponseSchema'),
  });
}

export const slotLinkKey = (scope: Scope, slot: string) =>
  [...schedulerKey(scope), 'slotLink', slot] as const;

/** The link's service and location in the catalogue; null when either is not offered any more. */
export function linkChoices(
  link: SlotLinkResponse,
  services: readonly ServiceType[],
  locations: readonly Location[],
): { service: ServiceType; location: Location } | null {
  const service = services.find((candidate) => candidate.appointmentTypeId === link.appointmentTypeId);
  const location = locations.find((candidate) => candidate.id === link.locationId);
  return service && location ? { service, location } : null;
}

/** The history state the step opens with. */
export function slotLinkStateOf(link: SlotLinkResponse): SlotLinkState {
  return {
    providerId: link.providerId,
    locationId: link.locationId,
    startUtc: link.startUtc,
    timeZone: link.timeZone,
    dateLocal: localDateOf(Date.parse(link.startUtc), link.timeZone),
    free: link.free,
  };
}

/** Keeps the link's implied landing answers in the booking state (as the landing would). */
function useApplySlotLink(scope: Scope) {
  const dispatch = useBookingDispatch();
  return (link: SlotLinkResponse, service: ServiceType, location: Location, state: SlotLinkState) => {
    dispatch(resetServicetype()); // no filter of an earlier search hides the linked provider
    dispatch(
      setServicetype({
        appointmentTypeId: service.appointmentTypeId,
        name: service.name,
        durationMinutes: service.durationMinutes,
      }),
    );
    dispatch(
      setLocation({
        LocationId: location.id,
        name: location.name,
        slug: location.slug,
        phone: location.phone,
      }),
    );
    dispatch(setIsExistingPatient(false));
    dispatch(setInsurancePolicy(null));
    dispatch(setSelectedProvider(null));
    dispatch(setSelectedTime(null));
    dispatch(setStepper(1));
    rememberDay(dayKeyOf(scope, link.appointmentTypeId), state.dateLocal);
  };
}

/** A partner's `source` / `booking-referral`, kept in the UTM fields for the session. */
function useKeepLinkCampaign(search: string) {
  const dispatch = useBookingDispatch();
  const rwgToken = useBookingSelector((state) => state.patientdetails.utm.rwg_token ?? null);
  const campaign = linkCampaign(search);
  const has = campaign !== null;
  const source = campaign?.utm_source ?? null;
  const term = campaign?.utm_term ?? null;
  useEffect(() => {
    if (!has) return;
    dispatch(
      setUtm({
        utm_source: source,
        utm_medium: SCHEDULING_LINK_MEDIUM,
        utm_campaign: null,
        utm_term: term,
        rwg_token: rwgToken,
      }),
    );
  }, [has, source, term, rwgToken, dispatch]);
}

/** The find-a-time step's URL with `?slot=…`: opens the link, then the step with its state. */
export function SlotLinkOpening({ slot }: { slot: string }) {
  const { t } = useLingui();
  const scope = useBookingScope();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const config = useSchedulerConfig(scope);
  const services = useServiceTypes(scope);
  const locations = useLocations(scope);
  const link = useQuery({
    queryKey: slotLinkKey(scope, slot),
    queryFn: ({ signal }) => fetchSlotLink(scope, slot, signal),
    retry: false,
    staleTime: 0,
  });
  const apply = useApplySlotLink(scope);
  useKeepLinkCampaign(search);

  const choices =
    link.data && services.data && locations.data
      ? linkChoices(link.data, services.data, locations.data)
      : null;
  const applied = useRef(false);
  useEffect(() => {
    if (!link.data || !choices || applied.current) return;
    applied.current = true;
    const state = slotLinkStateOf(link.data);
    apply(link.data, choices.service, choices.location, state);
    void navigate(
      { pathname, search: searchWithoutLink(search) },
      { replace: true, state: { slotLink: state } },
    );
  });

  const phone = config.data?.client.phone ?? null;
  const toLanding = () =>
    void navigate({ pathname: '../landing', search: searchWithoutLink(search) }, { relative: 'path' });
  const refused = link.isError && [400, 404].includes(shownErrorOf(link.error).status ?? 0);
  const unknown = link.data && services.data && locations.data && !choices;
  if (refused || unknown)
    return (
      <StepPage heading={t`This booking link cannot be used`}>
        <OfficeMessage
          severity="info"
          message={
            refused
              ? shownErrorOf(link.error).message
              : t`The time in this booking link is not offered online any more.`
          }
          phone={phone}
        >
          <ActionButton onClick={toLanding}>
            <Trans>Choose a time</Trans>
          </ActionButton>
        </OfficeMessage>
      </StepPage>
    );
  if (link.isError || services.isError || locations.isError)
    return (
      <StepPage heading={t`Find an appointment`}>
        <OfficeMessage
          severity="error"
          message={t`We could not open this booking link. Please try again, or call our office to schedule.`}
          phone={phone}
        >
          <ActionButton
            onClick={() => {
              void link.refetch();
              void services.refetch();
              void locations.refetch();
            }}
          >
            <Trans>Try again</Trans>
          </ActionButton>
        </OfficeMessage>
      </StepPage>
    );
  return <LoadingScreen />;
}
