import { useLingui } from '@lingui/react/macro';
import type { ServiceType } from '@scheduler/contract/scheduler-api';
import type { RefObject } from 'react';
import { ChoiceGroup, type ChoiceOption } from '../components/choice-group';
import { OfficeMessage } from '../components/office-message';
import type { BookingEventInput } from '../use-booking-analytics';
import {
  CallOnlyTag,
  durationText,
  isCallOnlyService,
  type PatientType,
  type Refusal,
} from './landing-choices';

interface LandingFieldsProps {
  practice: string;
  groups: Record<'typeGroup' | 'serviceGroup' | 'locationGroup', RefObject<HTMLFieldSetElement | null>>;
  values: { patientType: PatientType | null; serviceId: string | null; locationId: string | null };
  onPatientType: (value: PatientType) => void;
  onService: (value: string) => void;
  onLocation: (value: string) => void;
  errors: Record<'patientType' | 'service' | 'location', string | null>;
  refusals: Record<'patientTypeRefusal' | 'serviceRefusal' | 'locationRefusal', Refusal | null>;
  services: ServiceType[];
  /** The office phone shown beside a service that cannot be booked online. */
  servicePhone: string | null;
  locationOptions: ChoiceOption[];
  send: (event: BookingEventInput) => void;
}

/** Services fit two to a row on a phone when every name is short (a 390 px phone: about 16 characters). */
export const SHORT_SERVICE_LABEL = 16;

export function shortLabels(services: readonly ServiceType[]): boolean {
  return services.length > 1 && services.every((service) => service.name.length <= SHORT_SERVICE_LABEL);
}

/** The landing's three questions (patient type, service, location), each with its refusal if any. */
export function LandingFields(props: LandingFieldsProps) {
  const {
    practice,
    groups,
    values,
    onPatientType,
    onService,
    onLocation,
    errors,
    services,
    servicePhone,
    locationOptions,
    send,
  } = props;
  const { patientTypeRefusal, serviceRefusal, locationRefusal } = props.refusals;
  const { t, i18n } = useLingui();
  return (
    <>
      <div className="landing-inline">
        <ChoiceGroup
          id="patient-type"
          legend={t`Have you visited ${practice} before?`}
          groupRef={groups.typeGroup}
          value={values.patientType}
          onChange={(value) => {
            onPatientType(value === 'existing' ? 'existing' : 'new');
            send({ action: 'click', eventLabel: `patient_type_${value}` });
          }}
          error={errors.patientType}
          describedBy={patientTypeRefusal ? 'landing-refusal' : undefined}
          options={[
            { value: 'new', label: t`No, I'm a new patient` },
            { value: 'existing', label: t`Yes, I'm an existing patient` },
          ]}
        />
      </div>
      {patientTypeRefusal ? (
        <OfficeMessage
          id="landing-refusal"
          message={patientTypeRefusal.message}
          phone={patientTypeRefusal.phone}
        />
      ) : null}

      <div
        className={shortLabels(services) ? 'landing-services landing-services--short' : 'landing-services'}
      >
        <ChoiceGroup
          id="service"
          legend={t`What would you like to book?`}
          groupRef={groups.serviceGroup}
          value={values.serviceId}
          onChange={(value) => {
            onService(value);
            send({ action: 'click', eventLabel: 'service', context: { appointmentTypeId: value } });
          }}
          error={errors.service}
          describedBy={serviceRefusal ? 'landing-refusal' : undefined}
          options={services.map((candidate) => ({
            value: candidate.appointmentTypeId,
            label: candidate.name,
            // Compact: the duration (and the call-only mark); the description under the chosen one.
            description: (
              <>
                <span className="choice__duration">
                  {candidate.appointmentTypeId === values.serviceId && candidate.description
                    ? `${durationText(i18n, candidate.durationMinutes)} · ${candidate.description}`
                    : durationText(i18n, candidate.durationMinutes)}
                </span>
                {isCallOnlyService(candidate) ? <CallOnlyTag phone={servicePhone} /> : null}
              </>
            ),
          }))}
        />
      </div>
      {serviceRefusal && !patientTypeRefusal ? (
        <OfficeMessage id="landing-refusal" message={serviceRefusal.message} phone={serviceRefusal.phone} />
      ) : null}

      <ChoiceGroup
        id="location"
        legend={t`Where would you like to be seen?`}
        groupRef={groups.locationGroup}
        value={values.locationId}
        onChange={(value) => {
          onLocation(value);
          send({ action: 'click', eventLabel: 'location', context: { locationId: value } });
        }}
        error={errors.location}
        describedBy={locationRefusal ? 'landing-refusal' : undefined}
        options={locationOptions}
      />
      {locationRefusal && !patientTypeRefusal && !serviceRefusal ? (
        <OfficeMessage id="landing-refusal" message={locationRefusal.message} phone={locationRefusal.phone} />
      ) : null}
    </>
  );
}
