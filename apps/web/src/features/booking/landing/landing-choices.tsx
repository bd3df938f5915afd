import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Location, ServiceType } from '@scheduler/contract/scheduler-api';
import { formatPhoneForDisplay } from '@scheduler/domain/text';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { advanceStepper } from '../booking-steps';
import { ActionButton } from '../components/action-button';
import { OfficeMessage } from '../components/office-message';
import { StepPage } from '../components/step-page';
import {
  ANY_LOCATION,
  readInsurancePolicy,
  readLocation,
  readService,
  type ChosenLocation,
} from '../lib/flow-state';
import { bookingMessage } from '../../../lib/spec-refusal-texts';
import { useBookingDispatch, useBookingSelector } from '../state/hooks';
import {
  setInsurancePolicy,
  setIsExistingPatient,
  setSelectedProvider,
  setSelectedTime,
} from '../state/patientdetails-slice';
import { setInsurance, setLocation, setServicetype } from '../state/servicetype-slice';
import { setStepper } from '../state/stepper-slice';
import type { BookingEventInput } from '../use-booking-analytics';
import { paymentRecord, policyMatches, readPaymentChoice, type PaymentChoice } from './payment-choice';

export type PatientType = 'new' | 'existing';

export interface Refusal {
  message: string;
  phone: string | null;
}

/** Which services a patient of this type may choose (all while the type is not chosen). */
export function servicesFor(services: ServiceType[], patientType: PatientType | null): ServiceType[] {
  if (patientType === 'new') return services.filter((service) => service.newPatients);
  if (patientType === 'existing') return services.filter((service) => service.existingPatients);
  return services;
}

export function locationsFor(locations: Location[], service: ServiceType | null): Location[] {
  if (!service) return locations;
  return locations.filter((location) => service.locationIds.includes(location.id));
}

/** '45 minutes', '1 hour', '1 hour 30 minutes', '2 hours' in the active language. */
export function durationText(i18n: I18n, minutes: number): string {
  if (minutes < 60) return i18n._(msg`${minutes} minutes`);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const hoursText = i18n._(msg`${plural(hours, { one: '# hour', other: '# hours' })}`);
  return rest ? i18n._(msg`${hoursText} ${rest} minutes`) : hoursText;
}

/** Why the chosen patient type, service or location cannot be booked online (spec texts), if so. */
export function refusalsOf(
  i18n: I18n,
  choice: {
    patientType: PatientType | null;
    existingMaySchedule: boolean;
    service: ServiceType | null;
    location: Location | null;
    clientPhone: string | null;
    officePhone: string | null;
  },
) {
  const { patientType, service, location, clientPhone, officePhone } = choice;
  const patientTypeRefusal: Refusal | null =
    patientType === 'existing' && !choice.existingMaySchedule
      ? { message: bookingMessage(i18n, 'EXISTING_PATIENTS_BLOCKED'), phone: clientPhone }
      : null;
  const serviceRefusal: Refusal | null = !service
    ? null
    : service.callToSchedule
      ? { message: bookingMessage(i18n, 'CALL_TO_SCHEDULE'), phone: officePhone }
      : !service.onlineEnabled
        ? { message: bookingMessage(i18n, 'SERVICE_NOT_ONLINE'), phone: officePhone }
        : null;
  const locationRefusal: Refusal | null =
    location && !location.onlineEnabled
      ? { message: bookingMessage(i18n, 'LOCATION_OFFLINE'), phone: location.phone || clientPhone }
      : null;
  return { patientTypeRefusal, serviceRefusal, locationRefusal };
}

/** A service patients cannot book online (call to schedule, or not online): marked in the list. */
export function isCallOnlyService(service: ServiceType): boolean {
  return service.callToSchedule || !service.onlineEnabled;
}

/** "Call to book · (212) 555-0142": the mark of a choice that cannot be booked online, in the list itself. */
export function CallOnlyTag({ phone }: { phone: string | null }) {
  const { t } = useLingui();
  const phoneText = phone ? formatPhoneForDisplay(phone) : '';
  return <span className="choice__tag">{phone ? t`Call to book · ${phoneText}` : t`Call to book`}</span>;
}

/** The location choices: 'Any location' first when there are several; offline ones marked with their phone. */
export function locationOptionsOf(i18n: I18n, locations: Location[], clientPhone: string | null = null) {
  return [
    ...(locations.length > 1
      ? [
          {
            value: ANY_LOCATION,
            label: i18n._(msg`Any location`),
            description: i18n._(msg`Show times at every location`),
          },
        ]
      : []),
    ...locations.map((candidate) => {
      const address = `${candidate.addressLine1}, ${candidate.city}, ${candidate.state} ${candidate.postalCode}`;
      return {
        value: candidate.id,
        label: candidate.name,
        description: candidate.onlineEnabled ? (
          address
        ) : (
          <>
            {address}
            <CallOnlyTag phone={candidate.phone || clientPhone} />
          </>
        ),
      };
    }),
  ];
}

/** The landing when its answers could not be loaded: not found, or a retry. */
export function LandingLoadError({
  notFound,
  phone,
  onRetry,
}: {
  notFound: boolean;
  phone: string | null;
  onRetry: () => void;
}) {
  const { t } = useLingui();
  return (
    <StepPage heading={notFound ? t`Booking page not found` : t`Book an appointment`}>
      <OfficeMessage
        severity="error"
        message={
          notFound
            ? t`We could not find this booking page. Please check the link, or call our office to schedule.`
            : t`We could not load the booking options. Please try again, or call our office to schedule.`
        }
        phone={phone}
      >
        {notFound ? null : (
          <ActionButton onClick={onRetry}>
            <Trans>Try again</Trans>
          </ActionButton>
        )}
      </OfficeMessage>
    </StepPage>
  );
}

/**
 * Keeps the landing's choice in the booking state and goes on to find-appointment; another service,
 * place or patient type than before clears the time chosen before.
 */
export function useKeepLandingChoice(send: (event: BookingEventInput) => void) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const dispatch = useBookingDispatch();
  const stepper = useBookingSelector((state) => state.stepper.stepper);
  const storedService = readService(useBookingSelector((state) => state.servicetype.servicetype));
  const storedLocation = readLocation(useBookingSelector((state) => state.servicetype.location));
  const storedIsExisting = useBookingSelector((state) => state.patientdetails.isExistingPatient);
  const storedPayment = readPaymentChoice(useBookingSelector((state) => state.servicetype.insurance));
  const storedPlanId = storedPayment?.kind === 'plan' ? storedPayment.planId : null;
  const storedPolicy = readInsurancePolicy(
    useBookingSelector((state) => state.patientdetails.insurancePolicy),
  );

  return (
    service: ServiceType,
    chosenLocation: ChosenLocation,
    isExisting: boolean,
    payment: PaymentChoice | null,
  ) => {
    const planId = payment?.kind === 'plan' ? payment.planId : null;
    const changed =
      storedService?.appointmentTypeId !== service.appointmentTypeId ||
      storedLocation?.LocationId !== chosenLocation.LocationId ||
      storedIsExisting !== isExisting ||
      // Another plan: the provider chosen before may not be in network with it.
      (planId !== null && planId !== storedPlanId);

    dispatch(setIsExistingPatient(isExisting));
    // The payment question is optional: left open, the insurance step asks.
    dispatch(setInsurance(paymentRecord(payment)));
    if (!policyMatches(storedPolicy, payment)) dispatch(setInsurancePolicy(null));
    dispatch(
      setServicetype({
        appointmentTypeId: service.appointmentTypeId,
        name: service.name,
        durationMinutes: service.durationMinutes,
      }),
    );
    dispatch(setLocation({ ...chosenLocation }));
    if (changed) {
      // Another service, place or patient type: the time chosen before no longer applies.
      dispatch(setSelectedProvider(null));
      dispatch(setSelectedTime(null));
      dispatch(setStepper(1));
    } else {
      dispatch(setStepper(advanceStepper(stepper, 0)));
    }
    send({
      action: 'click',
      eventLabel: 'find_appointment',
      clickPageName: 'findappointment',
      context: {
        appointmentTypeId: service.appointmentTypeId,
        locationId: chosenLocation.LocationId,
        isExistingPatient: isExisting,
      },
    });
    void navigate({ pathname: '../findappointment', search }, { relative: 'path' });
  };
}

/** Each refusal the patient sees is reported once (its text, never anything about the patient). */
export function useReportRefusal(refusal: Refusal | null, send: (event: BookingEventInput) => void) {
  const reported = useRef(new Set<string>());
  useEffect(() => {
    if (!refusal || reported.current.has(refusal.message)) return;
    reported.current.add(refusal.message);
    send({ action: 'alert', eventLabel: 'refusal', alert: refusal.message });
  }, [refusal, send]);
}
