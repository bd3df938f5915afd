/** Schema of the servicetype slice: validates state restored from browser storage (untrusted input). */
import * as z from 'zod/mini';
import { DISTANCE_MIN, DISTANCE_MAX } from './servicetype-slice';
import { entityIdSchema, recordSchema } from '../../lib/entity-schemas';

export const serviceTypeSchema = z.looseObject({ appointmentTypeId: entityIdSchema });
export const bookingLocationSchema = z.looseObject({ LocationId: entityIdSchema });
export const genderOptionSchema = z.object({
  label: z.string(),
  value: z.enum(['M', 'F']),
  checked: z.boolean(),
});

const distanceValue = z.number().check(z.minimum(DISTANCE_MIN), z.maximum(DISTANCE_MAX));

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
