import * as z from 'zod/mini';
import { adminLoginStateSchema } from './slices/admin-login-schema';
import { adminStateSchema } from './slices/admin-schema';
import { patientdetailsStateSchema } from './slices/patientdetails-schema';
import { servicetypeStateSchema } from './slices/servicetype-schema';
import { stepperStateSchema } from './slices/stepper-schema';

/**
 * Schemas of what is restored from browser storage (untrusted input). Loaded only when there is
 * stored state to check, so zod is not part of a first visit's script.
 */

/** sessionStorage ('root'): each slice may be absent, never malformed. */
export const sessionStateSchema = z.object({
  stepper: z.optional(stepperStateSchema),
  servicetype: z.optional(servicetypeStateSchema),
  patientdetails: z.optional(patientdetailsStateSchema),
  admin: z.optional(adminStateSchema),
});

/** localStorage ('adminLogin'). */
export const localStateSchema = z.partial(adminLoginStateSchema);

export const persistedStateSchemas = { root: sessionStateSchema, adminLogin: localStateSchema } as const;
export type PersistKey = keyof typeof persistedStateSchemas;
