import * as z from 'zod';
import { adminLoginStateSchema } from '../features/admin/state/admin-login-schema';
import { adminStateSchema } from '../features/admin/state/admin-schema';
import { patientdetailsStateSchema } from '../features/booking/state/patientdetails-schema';
import { servicetypeStateSchema } from '../features/booking/state/servicetype-schema';
import { stepperStateSchema } from '../features/booking/state/stepper-schema';

/**
 * Schemas of what is restored from browser storage (untrusted input). Checked in the booking page's
 * contract worker (which has zod and the API contract already), or loaded by the page only when
 * there is stored state to check and no worker (admin pages): zod is never part of the booking
 * page's main-thread script. Classic zod, the worker's, so that it adds only the schemas to it.
 */

/** sessionStorage ('root'): each slice may be absent, never malformed. */
export const sessionStateSchema = z.object({
  stepper: z.optional(stepperStateSchema),
  servicetype: z.optional(servicetypeStateSchema),
  patientdetails: z.optional(patientdetailsStateSchema),
  admin: z.optional(adminStateSchema),
});

/** localStorage ('adminLogin'). */
export const localStateSchema = adminLoginStateSchema.partial();

export const persistedStateSchemas = { root: sessionStateSchema, adminLogin: localStateSchema } as const;
export type PersistKey = keyof typeof persistedStateSchemas;

/** A restored state as checked: its valid value, or where it first fails its schema. */
export type StoredCheck = { success: true; data: unknown } | { success: false; where: string };

/** Checks what was restored under `key` (in the contract worker, or on the page where there is none). */
export function checkPersistedState(key: PersistKey, data: unknown): StoredCheck {
  const parsed = persistedStateSchemas[key].safeParse(data);
  return parsed.success
    ? { success: true, data: parsed.data }
    : { success: false, where: parsed.error.issues[0]?.path.join('.') ?? '' };
}
