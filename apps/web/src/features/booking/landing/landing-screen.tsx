import type { Location, ServiceType } from '@scheduler/contract/scheduler-api';
import { formatMessage } from '@scheduler/domain/messages';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import {
  setIsExistingPatient,
  setSelectedProvider,
  setSelectedTime,
} from '../../../app/slices/patientdetails-slice';
import { setLocation, setServicetype } from '../../../app/slices/servicetype-slice';
import { setStepper } from '../../../app/slices/stepper-slice';
import { LoadingScreen } from '../../../components/loading-screen';
import { isApiError } from '../../../lib/api-client';
import { useLocations, useServiceTypes } from '../api/get-catalogue';
import { useSchedulerConfig } from '../api/get-config';
import { useBookingScope } from '../api/scope';
import { advanceStepper } from '../booking-steps';
import { ActionButton } from '../components/action-button';
import { ChoiceGroup } from '../components/choice-group';
import { OfficeMessage } from '../components/office-message';
import { StepPage } from '../components/step-page';
import { ANY_LOCATION, readLocation, readService, type ChosenLocation } from '../lib/flow-state';
import { usePageView, useBookingAnalytics } from '../use-booking-analytics';

type PatientType = 'new' | 'existing';

interface Refusal {
  message: string;
  phone: string | null;
}

/** Which services a patient of this type may choose (all while the type is not chosen). */
function servicesFor(services: ServiceType[], patientType: PatientType | null): ServiceType[] {
  if (patientType === 'new') return services.filter((service) => service.newPatients);
  if (patientType === 'existing') return services.filter((service) => service.existingPatients);
  return services;
}

function locationsFor(locations: Location[], service: ServiceType | null): Location[] {
  if (!service) return locations;
  return locations.filter((location) => service.locationIds.includes(location.id));
}

function durationText(minutes: number): string {
  if (minutes < 60) return `${minutes} minutes`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `${hours} hour${hours > 1 ? 's' : ''}${rest ? ` ${rest} minutes` : ''}`;
}

/** Step 1: what, where and whether the patient is new. Open to anyone; nothing heavy loads here. */
export function LandingScreen() {
  const scope = useBookingScope();
  const navigate = useNavigate();
  const { search } = useLocation();
  const dispatch = useAppDispatch();
  const config = useSchedulerConfig(scope);
  const servicesQuery = useServiceTypes(scope);
  const locationsQuery = useLocations(scope);
  const { send } = useBookingAnalytics('landing');
  usePageView('landing');

  const stepper = useAppSelector((state) => state.stepper.stepper);
  const storedService = readService(useAppSelector((state) => state.servicetype.servicetype));
  const storedLocation = readLocation(useAppSelector((state) => state.servicetype.location));
  const storedIsExisting = useAppSelector((state) => state.patientdetails.isExistingPatient);

  const hasStoredChoice = storedService !== null;
  const [patientType, setPatientType] = useState<PatientType | null>(
    hasStoredChoice ? (storedIsExisting ? 'existing' : 'new') : null,
  );
  const [serviceId, setServiceId] = useState<string | null>(storedService?.appointmentTypeId ?? null);
  const [locationChoice, setLocationChoice] = useState<string | null>(storedLocation?.LocationId ?? null);
  const [submitted, setSubmitted] = useState(false);

  const typeGroup = useRef<HTMLFieldSetElement>(null);
  const serviceGroup = useRef<HTMLFieldSetElement>(null);
  const locationGroup = useRef<HTMLFieldSetElement>(null);

  const services = useMemo(
    () => servicesFor(servicesQuery.data ?? [], patientType),
    [servicesQuery.data, patientType],
  );
  const service = services.find((candidate) => candidate.appointmentTypeId === serviceId) ?? null;
  const allLocations = useMemo(() => locationsQuery.data ?? [], [locationsQuery.data]);
  const locations = useMemo(() => locationsFor(allLocations, service), [allLocations, service]);

  // The URL's location is the default choice ('all' = any location).
  const urlLocationId =
    scope.locationSlug === ANY_LOCATION
      ? ANY_LOCATION
      : (allLocations.find((location) => location.slug === scope.locationSlug)?.id ?? ANY_LOCATION);
  const wantedLocationId = locationChoice ?? urlLocationId;
  const locationId =
    wantedLocationId === ANY_LOCATION || locations.some((location) => location.id === wantedLocationId)
      ? wantedLocationId
      : null;
  const location = locations.find((candidate) => candidate.id === locationId) ?? null;

  const settings = config.data?.settings;
  const clientPhone = config.data?.client.phone ?? null;
  const officePhone = location?.phone ?? clientPhone;

  const patientTypeRefusal: Refusal | null =
    patientType === 'existing' && settings && !settings.existingPatientsMaySchedule
      ? { message: formatMessage('EXISTING_PATIENTS_BLOCKED'), phone: clientPhone }
      : null;
  const serviceRefusal: Refusal | null = !service
    ? null
    : service.callToSchedule
      ? { message: formatMessage('CALL_TO_SCHEDULE'), phone: officePhone }
      : !service.onlineEnabled
        ? { message: formatMessage('SERVICE_NOT_ONLINE'), phone: officePhone }
        : null;
  const locationRefusal: Refusal | null =
    location && !location.onlineEnabled
      ? { message: formatMessage('LOCATION_OFFLINE'), phone: location.phone || clientPhone }
      : null;
  const refusal = patientTypeRefusal ?? serviceRefusal ?? locationRefusal;

  // Each refusal the patient sees is reported once (its text, never anything about the patient).
  const reported = useRef(new Set<string>());
  useEffect(() => {
    if (!refusal || reported.current.has(refusal.message)) return;
    reported.current.add(refusal.message);
    send({ action: 'alert', eventLabel: 'refusal', alert: refusal.message });
  }, [refusal, send]);

  if (config.isPending || servicesQuery.isPending || locationsQuery.isPending) return <LoadingScreen />;
  if (config.isError || servicesQuery.isError || locationsQuery.isError) {
    const notFound = isApiError(config.error) && config.error.status === 404;
    return (
      <StepPage heading={notFound ? 'Booking page not found' : 'Book an appointment'}>
        <OfficeMessage
          severity="error"
          message={
            notFound
              ? 'We could not find this booking page. Please check the link, or call our office to schedule.'
              : 'We could not load the booking options. Please try again, or call our office to schedule.'
          }
          phone={clientPhone}
        >
          {notFound ? null : (
            <ActionButton
              onClick={() => {
                void config.refetch();
                void servicesQuery.refetch();
                void locationsQuery.refetch();
              }}
            >
              Try again
            </ActionButton>
          )}
        </OfficeMessage>
      </StepPage>
    );
  }

  const errors = {
    patientType: submitted && !patientType ? 'Choose whether you are a new or an existing patient' : null,
    service: submitted && !service ? 'Choose the service you would like to book' : null,
    location: submitted && !locationId ? 'Choose a location' : null,
  };

  const locationOptions = [
    ...(locations.length > 1
      ? [{ value: ANY_LOCATION, label: 'Any location', description: 'Show times at every location' }]
      : []),
    ...locations.map((candidate) => ({
      value: candidate.id,
      label: candidate.name,
      description: `${candidate.addressLine1}, ${candidate.city}, ${candidate.state} ${candidate.postalCode}`,
    })),
  ];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!patientType) return typeGroup.current?.querySelector('input')?.focus();
    if (!service) return serviceGroup.current?.querySelector('input')?.focus();
    if (!locationId) return locationGroup.current?.querySelector('input')?.focus();
    if (refusal) return;

    const chosenLocation: ChosenLocation =
      location === null
        ? { LocationId: ANY_LOCATION, name: 'Any location', slug: ANY_LOCATION, phone: clientPhone }
        : { LocationId: location.id, name: location.name, slug: location.slug, phone: location.phone };
    const isExisting = patientType === 'existing';
    const changed =
      storedService?.appointmentTypeId !== service.appointmentTypeId ||
      storedLocation?.LocationId !== chosenLocation.LocationId ||
      storedIsExisting !== isExisting;

    dispatch(setIsExistingPatient(isExisting));
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

  const practice = config.data.client.clientName;
  return (
    <StepPage heading="Book an appointment" intro={`Choose what you would like to book with ${practice}.`}>
      <form noValidate onSubmit={onSubmit} style={{ maxWidth: 720 }}>
        <ChoiceGroup
          id="patient-type"
          legend={`Have you visited ${practice} before?`}
          groupRef={typeGroup}
          value={patientType}
          onChange={(value) => {
            setPatientType(value === 'existing' ? 'existing' : 'new');
            send({ action: 'click', eventLabel: `patient_type_${value}` });
          }}
          error={errors.patientType}
          describedBy={patientTypeRefusal ? 'landing-refusal' : undefined}
          options={[
            { value: 'new', label: "No, I'm a new patient" },
            { value: 'existing', label: "Yes, I'm an existing patient" },
          ]}
        />
        {patientTypeRefusal ? (
          <OfficeMessage
            id="landing-refusal"
            message={patientTypeRefusal.message}
            phone={patientTypeRefusal.phone}
          />
        ) : null}

        <ChoiceGroup
          id="service"
          legend="What would you like to book?"
          groupRef={serviceGroup}
          value={service?.appointmentTypeId ?? null}
          onChange={(value) => {
            setServiceId(value);
            send({ action: 'click', eventLabel: 'service', context: { appointmentTypeId: value } });
          }}
          error={errors.service}
          describedBy={serviceRefusal ? 'landing-refusal' : undefined}
          options={services.map((candidate) => ({
            value: candidate.appointmentTypeId,
            label: candidate.name,
            description: [durationText(candidate.durationMinutes), candidate.description]
              .filter(Boolean)
              .join(' · '),
          }))}
        />
        {serviceRefusal && !patientTypeRefusal ? (
          <OfficeMessage id="landing-refusal" message={serviceRefusal.message} phone={serviceRefusal.phone} />
        ) : null}

        <ChoiceGroup
          id="location"
          legend="Where would you like to be seen?"
          groupRef={locationGroup}
          value={locationId}
          onChange={(value) => {
            setLocationChoice(value);
            send({ action: 'click', eventLabel: 'location', context: { locationId: value } });
          }}
          error={errors.location}
          describedBy={locationRefusal ? 'landing-refusal' : undefined}
          options={locationOptions}
        />
        {locationRefusal && !patientTypeRefusal && !serviceRefusal ? (
          <OfficeMessage
            id="landing-refusal"
            message={locationRefusal.message}
            phone={locationRefusal.phone}
          />
        ) : null}

        <ActionButton type="submit" disabled={refusal !== null} style={{ minWidth: 200 }}>
          Find a time
        </ActionButton>
      </form>
    </StepPage>
  );
}
