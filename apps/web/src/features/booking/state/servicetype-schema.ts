/** Schema of the servicetype slice: validates state restored from browser storage (untrusted input). */
import * as z from 'zod';
import { entityIdSchema, recordSchema } from '../../../lib/entity-schemas';
import { DISTANCE_MAX, DISTANCE_MIN } from './limits';

export const serviceTypeSchema = z.looseObject({ appointmentTypeId: entityIdSchema });
export const bookingLocationSchema = z.looseObject({ LocationId: entityIdSchema });
export const genderOptionSchema = z.object({
  label: z.string(),
  value: z.enum(['M', 'F']),
  checked: z.boolean(),
});

const distanceValue = z.number().check(z.gte(DISTANCE_MIN), z.lte(DISTANCE_MAX));

export const servicetypeStateSchema = z.object({
  servicetype: z.nullable(serviceTypeSchema),
  location: z.nullable(bookingLocationSchema),
  locationId: z.nullable(entityIdSchema),
  genderFilter: z.array(genderOptionSchema),
  postalCode: z.string().check(z.maxLength(20)),
  insurance: z.nullable(recordSchema),
  distance: z.tuple([distanceValue, distanceValue]),
  isLocationSwitchPopUpOpen: z.boolean(),
});

export type ServiceType = z.infer<typeof serviceTypeSchema>;
export type BookingLocation = z.infer<typeof bookingLocationSchema>;
export type GenderOption = z.infer<typeof genderOptionSchema>;
export type ServicetypeState = z.infer<typeof servicetypeStateSchema>;
