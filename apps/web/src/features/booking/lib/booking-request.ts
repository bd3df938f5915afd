import { i18n } from '@lingui/core';
import type { BookAppointmentBodyInput } from '@scheduler/contract/scheduler-api';
import type { PatientIdentityInput } from '@scheduler/contract/patient';
import { DEFAULT_LOCALE, toAppLocale, type AppLocale } from '../../../i18n/locales';
import type {
  AdditionalDetailsDraft,
  ChosenProvider,
  ChosenService,
  ChosenTime,
  InsurancePolicy,
} from './flow-state';

export const DEFAULT_CHANNEL = 'website';

export interface BookingRequestInput {
  clientName: string;
  scheduler: string;
  service: ChosenService;
  provider: ChosenProvider;
  time: ChosenTime;
  patient: PatientIdentityInput;
  isExistingPatient: boolean;
  insurance: InsurancePolicy | null;
  details: AdditionalDetailsDraft;
  sessionId: string;
  /** UTM fields and rwg_token of the landing URL. */
  campaign: {
    utm_source: string | null;
    utm_medium: string | null;
    utm_campaign: string | null;
    utm_term: string | null;
    rwg_token?: string | null | undefined;
  };
  /** The page's language (issue 21); absent: the active one (`i18n.locale`). */
  language?: AppLocale | undefined;
}

/**
 * The PUT bookAppointment body from the flow's state. The idempotency key is the one made when the
 * time was chosen, so sending the same attempt again can never book twice.
 */
export function buildBookingRequest(input: BookingRequestInput): BookAppointmentBodyInput {
  const insurance: BookAppointmentBodyInput['insurance'] =
    input.insurance === null
      ? null
      : input.insurance.selfPay
        ? { selfPay: true }
        : {
            selfPay: false,
            carrierId: input.insurance.carrierId,
            planId: input.insurance.planId,
            memberId: input.insurance.memberId,
            relationship: input.insurance.relationship as Extract<
              BookAppointmentBodyInput['insurance'],
              { selfPay: false }
            >['relationship'],
          };
  return {
    clientSlug: input.clientName,
    schedulerSlug: input.scheduler,
    locationId: input.time.locationId,
    providerId: input.provider.providerId,
    appointmentTypeId: input.service.appointmentTypeId,
    startUtc: input.time.startUtc,
    patient: input.patient,
    isExistingPatient: input.isExistingPatient,
    insurance,
    details: { reasonForVisit: input.details.reasonForVisit, notes: input.details.notes },
    sessionId: input.sessionId,
    idempotencyKey: input.time.idempotencyKey,
    channel: input.campaign.utm_campaign?.trim() ? input.campaign.utm_campaign.trim() : DEFAULT_CHANNEL,
    campaign: {
      utmSource: input.campaign.utm_source,
      utmMedium: input.campaign.utm_medium,
      utmCampaign: input.campaign.utm_campaign,
      utmTerm: input.campaign.utm_term,
      rwgToken: input.campaign.rwg_token ?? null,
    },
    // Issue 21: the appointment's messages go out in the language the patient booked in.
    language: input.language ?? toAppLocale(i18n.locale) ?? DEFAULT_LOCALE,
  };
}
