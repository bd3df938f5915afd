import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { LoadingScreen } from '../../../components/loading-screen';
import { isApiError } from '../../../lib/api-client';
import { useLocations, useServiceTypes } from '../api/get-catalogue';
import { useSchedulerConfig } from '../api/get-config';
import { useBookingScope } from '../api/scope';
import { ActionButton } from '../components/action-button';
import { StepPage } from '../components/step-page';
import { ANY_LOCATION, readLocation, readService, type ChosenLocation } from '../lib/flow-state';
import { useBookingSelector } from '../state/hooks';
import { useBookingAnalytics, usePageView } from '../use-booking-analytics';
import { LandingFields } from './landing-fields';
import './landing.css';
import { PaymentFields } from './payment-fields';
import { ReturningPatient } from './returning-patient';
import { useLandingPayment } from './use-landing-payment';
import {
  LandingLoadError,
  locationOptionsOf,
  useReportRefusal,
  locationsFor,
  refusalsOf,
  servicesFor,
  useKeepLandingChoice,
  type PatientType,
} from './landing-choices';

/**
 * Step 1: what, where, whether the patient is new and how they will pay (optional: a plan filters
 * find-appointment to providers in network). Open to anyone; nothing heavy loads here.
 */
export function LandingScreen() {
  const scope = useBookingScope();
  const config = useSchedulerConfig(scope);
  const servicesQuery = useServiceTypes(scope);
  const locationsQuery = useLocations(scope);
  const { send } = useBookingAnalytics('landing');
  usePageView('landing');
  const keepChoice = useKeepLandingChoice(send);
  const { t, i18n } = useLingui();

  const storedService = readService(useBookingSelector((state) => state.servicetype.servicetype));
  const storedLocation = readLocation(useBookingSelector((state) => state.servicetype.location));
  const storedIsExisting = useBookingSelector((state) => state.patientdetails.isExistingPatient);

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
  const payment = useLandingPayment(scope, settings, send);
  const clientPhone = config.data?.client.phone ?? null;
  const officePhone = location?.phone ?? clientPhone;

  const { patientTypeRefusal, serviceRefusal, locationRefusal } = refusalsOf(i18n, {
    patientType,
    existingMaySchedule: settings ? settings.existingPatientsMaySchedule : true,
    service,
    location,
    clientPhone,
    officePhone,
  });
  const refusal = patientTypeRefusal ?? serviceRefusal ?? locationRefusal;

  useReportRefusal(refusal, send);

  if (config.isPending || servicesQuery.isPending || locationsQuery.isPending) return <LoadingScreen />;
  if (config.isError || servicesQuery.isError || locationsQuery.isError) {
    return (
      <LandingLoadError
        notFound={isApiError(config.error) && config.error.status === 404}
        phone={clientPhone}
        onRetry={() => {
          void config.refetch();
          void servicesQuery.refetch();
          void locationsQuery.refetch();
        }}
      />
    );
  }

  const errors = {
    patientType: submitted && !patientType ? t`Choose whether you are a new or an existing patient` : null,
    service: submitted && !service ? t`Choose the service you would like to book` : null,
    location: submitted && !locationId ? t`Choose a location` : null,
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!patientType) return typeGroup.current?.querySelector('input')?.focus();
    if (!service) return serviceGroup.current?.querySelector('input')?.focus();
    if (!locationId) return locationGroup.current?.querySelector('input')?.focus();
    if (refusal) return;

    const chosenLocation: ChosenLocation =
      location === null
        ? // A stored value, not shown (the steps name no location for 'all'): kept in English.
          { LocationId: ANY_LOCATION, name: 'Any location', slug: ANY_LOCATION, phone: clientPhone }
        : { LocationId: location.id, name: location.name, slug: location.slug, phone: location.phone };
    keepChoice(service, chosenLocation, patientType === 'existing', payment.choice());
  };

  const practice = config.data.client.clientName;
  return (
    <StepPage
      heading={t`Book an appointment`}
      intro={t`Choose what you would like to book with ${practice}.`}
    >
      <ReturningPatient />
      <form noValidate onSubmit={onSubmit} className="landing-form">
        <LandingFields
          practice={practice}
          groups={{ typeGroup, serviceGroup, locationGroup }}
          values={{ patientType, serviceId: service?.appointmentTypeId ?? null, locationId }}
          onPatientType={setPatientType}
          onService={setServiceId}
          onLocation={setLocationChoice}
          errors={errors}
          refusals={{ patientTypeRefusal, serviceRefusal, locationRefusal }}
          services={services}
          servicePhone={officePhone}
          locationOptions={locationOptionsOf(i18n, locations, clientPhone)}
          send={send}
        />

        <PaymentFields {...payment.fields} />

        {/* On a phone the primary action stays in reach at the bottom of the screen (landing.css). */}
        <div className="landing-actions">
          <ActionButton type="submit" disabled={refusal !== null} className="landing-submit">
            <Trans>Find a time</Trans>
          </ActionButton>
        </div>
      </form>
    </StepPage>
  );
}
