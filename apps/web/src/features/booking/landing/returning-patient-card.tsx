/**
 * The returning patient's greeting (see returning-patient.tsx, which loads this module only when
 * this browser remembers someone for the practice, so the landing of everyone else loads neither it
 * nor the zod check of the remembered value): "Welcome back, Zoe", their identity and insurance
 * pre-filled, and "Book again: <service> with <provider> at <location>", which sets the flow as the
 * landing would (existing patient, that service and location, the plan as the search filter) and
 * opens the find-a-time step. The returning patient's path: Book again → a time (opens Details) →
 * Details (Continue) → Insurance (pre-filled, Continue) → Your information (pre-filled, Book): 5 taps.
 *
 * "Not you? Forget me" removes the remembered patient from this browser and clears what was
 * pre-filled. Plain elements and the app's static stylesheet (`.office-message`, `.action-button`),
 * like the rest of the landing: no Material UI on the first page (issue 16's weight budget).
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useLocations, useServiceTypes } from '../api/get-catalogue';
import { useBookingScope } from '../api/scope';
import { ActionButton } from '../components/action-button';
import { providerDisplayName, readPatientDetail, type InsurancePolicy } from '../lib/flow-state';
import {
  forgetRememberedPatient,
  readRememberedPatient,
  type LastBooking,
  type RememberedPatient,
} from '../lib/remembered-patient';
import { useBookingDispatch, useBookingSelector } from '../state/hooks';
import {
  clearPatientFlow,
  setInsurancePolicy,
  setIsExistingPatient,
  setPatientDetail,
  setSelectedProvider,
  setSelectedTime,
} from '../state/patientdetails-slice';
import { setInsurance, setLocation, setServicetype } from '../state/servicetype-slice';
import { setStepper } from '../state/stepper-slice';
import { useBookingAnalytics } from '../use-booking-analytics';
import type { BookAgainState } from './returning-patient';
import { useRemembered } from './use-remembered';

/** "Book again: Cleaning with Dr. Emily Carter, DDS at Midtown". */
export function bookAgainLabel(i18n: I18n, last: LastBooking): string {
  const service = last.service.name;
  const location = last.location.name;
  if (!last.provider) return i18n._(msg`Book again: ${service} at ${location}`);
  const provider = providerDisplayName(last.provider);
  return i18n._(msg`Book again: ${service} with ${provider} at ${location}`);
}

/** The flow's pre-fill from the remembered patient, once per remembered value (never over a flow in progress). */
function usePrefill(remembered: RememberedPatient | null) {
  const dispatch = useBookingDispatch();
  const storedDetail = useBookingSelector((state) => state.patientdetails.patientdetail);
  const storedPolicy = useBookingSelector((state) => state.patientdetails.insurancePolicy);
  const storedFilter = useBookingSelector((state) => state.servicetype.insurance);
  useEffect(() => {
    if (remembered === null) return;
    const detail = readPatientDetail(storedDetail);
    if (detail.firstName === undefined) dispatch(setPatientDetail({ ...detail, ...remembered.identity }));
    if (storedPolicy === null && remembered.insurance !== null) {
      dispatch(setInsurancePolicy({ ...remembered.insurance }));
      if (storedFilter === null) dispatch(setInsurance(planFilterOf(remembered.insurance)));
    }
    // Once per remembered value: later edits of the flow are the patient's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [remembered]);
}

function planFilterOf(insurance: InsurancePolicy | null) {
  return insurance && !insurance.selfPay
    ? { planId: insurance.planId, carrierId: insurance.carrierId, name: insurance.planName }
    : null;
}

/** The service and location of the last booking while still bookable online by an existing patient. */
function useBookAgainTarget(last: LastBooking | null) {
  const scope = useBookingScope();
  const services = useServiceTypes(scope).data;
  const locations = useLocations(scope).data;
  if (last === null) return null;
  const service = services?.find(
    (candidate) => candidate.appointmentTypeId === last.service.appointmentTypeId,
  );
  const location = locations?.find((candidate) => candidate.id === last.location.LocationId);
  if (service === undefined || location === undefined) return null;
  const bookable =
    service.onlineEnabled &&
    !service.callToSchedule &&
    service.existingPatients &&
    location.onlineEnabled &&
    service.locationIds.includes(location.id);
  return bookable ? { service, location, provider: last.provider } : null;
}

type BookAgainTarget = NonNullable<ReturnType<typeof useBookAgainTarget>>;

/** "Book again": the flow set as the landing would set it, then the find-a-time step. */
function useBookAgain(remembered: RememberedPatient | null) {
  const dispatch = useBookingDispatch();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { send } = useBookingAnalytics('landing');
  const storedDetail = useBookingSelector((state) => state.patientdetails.patientdetail);
  return ({ service, location, provider }: BookAgainTarget) => {
    if (remembered === null) return;
    dispatch(setIsExistingPatient(true));
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
    dispatch(setSelectedProvider(null));
    dispatch(setSelectedTime(null));
    dispatch(
      setPatientDetail({
        ...readPatientDetail(storedDetail),
        reasonForVisit: '',
        notes: '',
        ...remembered.identity,
      }),
    );
    dispatch(setInsurancePolicy(remembered.insurance ? { ...remembered.insurance } : null));
    dispatch(setInsurance(planFilterOf(remembered.insurance)));
    dispatch(setStepper(1));
    send({
      action: 'click',
      eventLabel: 'book_again',
      clickPageName: 'findappointment',
      context: {
        appointmentTypeId: service.appointmentTypeId,
        locationId: location.id,
        isExistingPatient: true,
      },
    });
    const state: BookAgainState = { bookAgain: { providerId: provider?.providerId ?? null } };
    void navigate({ pathname: '../findappointment', search }, { relative: 'path', state });
  };
}

export function ReturningPatientCard() {
  const scope = useBookingScope();
  const remembered = useRemembered<RememberedPatient | null>(readRememberedPatient, null);
  const dispatch = useBookingDispatch();
  const { send } = useBookingAnalytics('landing');
  usePrefill(remembered);
  const target = useBookAgainTarget(remembered?.lastBooking ?? null);
  const bookAgain = useBookAgain(remembered);
  const { i18n } = useLingui();

  if (remembered === null) return null;
  const { firstName } = remembered.identity;

  const forget = () => {
    void forgetRememberedPatient(scope.clientName);
    dispatch(clearPatientFlow());
    dispatch(setInsurance(null));
    send({ action: 'click', eventLabel: 'forget_me' });
  };

  return (
    <section
      aria-labelledby="returning-patient-title"
      className="office-message returning-patient"
      data-severity="info"
    >
      <h2 id="returning-patient-title" className="office-message__title">
        <Trans>Welcome back, {firstName}</Trans>
      </h2>
      <p className="office-message__text">
        <Trans>Your details are filled in from this device.</Trans>
      </p>
      <div className="office-message__actions">
        {target ? (
          <ActionButton onClick={() => bookAgain(target)}>
            {bookAgainLabel(i18n, {
              service: { ...target.service },
              location: {
                LocationId: target.location.id,
                name: target.location.name,
                slug: target.location.slug,
                phone: target.location.phone,
              },
              provider: target.provider,
            })}
          </ActionButton>
        ) : null}
        <ActionButton variant="outlined" onClick={forget}>
          <Trans>Not you? Forget me</Trans>
        </ActionButton>
      </div>
    </section>
  );
}
