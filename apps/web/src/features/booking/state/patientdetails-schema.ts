/** Schema of the patientdetails slice: validates state restored from browser storage (untrusted input). */
import * as z from 'zod';
import { entityIdSchema, recordSchema } from '../../../lib/entity-schemas';

const settingSchema = z.looseObject({ order: z.number(), value: z.unknown() });
const settingGroup = z.optional(z.array(settingSchema));

/** One item of the scheduler's configuration: the client id and its setting groups ({order, value} rows). */
export const rulesConfigItemSchema = z.looseObject({
  clientid: z.optional(entityIdSchema),
  landingPage: settingGroup,
  appointment: settingGroup,
  insurance: settingGroup,
  thankYouScreen: settingGroup,
  patientIntake: settingGroup,
  selfService: settingGroup,
  waitlistOffers: settingGroup,
});

export const selectedProviderSchema = z.looseObject({ providerId: entityIdSchema });

export const utmSchema = z.object({
  utm_source: z.nullable(z.string()),
  utm_medium: z.nullable(z.string()),
  utm_campaign: z.nullable(z.string()),
  utm_term: z.nullable(z.string()),
  /** Reserve-with-Google token from the landing URL, kept for the session with the UTM fields. */
  rwg_token: z.optional(z.nullable(z.string())),
});

export const patientdetailsStateSchema = z.object({
  patients: z.array(recordSchema),
  patientdetail: z.nullable(recordSchema),
  selectedProvider: z.nullable(selectedProviderSchema),
  isExistingPatient: z.boolean(),
  insurancePolicy: z.nullable(recordSchema),
  selectedTime: z.nullable(recordSchema),
  rulesConfig: z.array(rulesConfigItemSchema),
  sessionId: z.nullable(z.string()),
  contentValue: z.number(),
  utm: utmSchema,
  isPassedPayLoad: z.boolean(),
  pageLoader: z.boolean(),
  /** The language the patient chose with the switcher (issue 21); absent in states stored before it. */
  language: z.optional(z.nullable(z.enum(['en', 'es']))),
});

export type RulesConfigItem = z.infer<typeof rulesConfigItemSchema>;
export type SelectedProvider = z.infer<typeof selectedProviderSchema>;
export type Utm = z.infer<typeof utmSchema>;
export type PatientdetailsState = z.infer<typeof patientdetailsStateSchema>;
