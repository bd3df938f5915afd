/**
 * A location's closed days (issue 19, "Closures"): holidays and training days on which no slot is
 * offered and which do not count as business days. Read with patients:read (the answer lists the
 * appointments on closed days, audited); changed with config:write.
 *
 *  GET    /api/scheduler/admin/closures?locationId=&from=&to=   the closures and the appointments to rebook
 *  POST   /api/scheduler/admin/closures                         close a day { locationId, date, name }
 *  DELETE /api/scheduler/admin/closures?locationId=&date=       reopen a day
 *  POST   /api/scheduler/admin/closures/import-us-federal       { locationId, year }: the year's US federal holidays
 */
import * as z from 'zod';
import { recordIdSchema } from '../admin-auth.ts';
import { isoDateSchema } from '../common.ts';
import { brandQuerySchema, nameText } from './paging.ts';
import { appointmentToRebookSchema } from './rebooking.ts';

export const CLOSURES_PATH = '/api/scheduler/admin/closures';
export const IMPORT_US_FEDERAL_PATH = `${CLOSURES_PATH}/import-us-federal`;

/** The years whose US federal holidays can be imported. */
export const CLOSURE_YEARS = { min: 2000, max: 2100 } as const;

export const closureSourceSchema = z.enum(['manual', 'us-federal']);

export const closureSchema = z.object({
  closureId: z.string(),
  locationId: z.string(),
  /** The closed day, in the location's zone. */
  date: isoDateSchema,
  name: z.string(),
  /** 'us-federal' when it came from the import of a year's US federal holidays. */
  source: closureSourceSchema,
});
export type Closure = z.output<typeof closureSchema>;

export const closuresQuerySchema = brandQuerySchema.extend({
  locationId: recordIdSchema,
  /** The first and last dates listed (both included); by default the location's today to the end of next year. */
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});
export type ClosuresQuery = z.output<typeof closuresQuerySchema>;

export const closuresResponseSchema = z.object({
  location: z.object({ locationId: z.string(), name: z.string(), timeZone: z.string() }),
  /** The location's today (in its zone): the import offers this year and the next. */
  today: isoDateSchema,
  closures: z.array(closureSchema),
  /** Upcoming active appointments at the location on any of its closed days (any date from now). */
  appointmentsToRebook: z.array(appointmentToRebookSchema),
});
export type ClosuresResponse = z.output<typeof closuresResponseSchema>;

export const createClosureRequestSchema = brandQuerySchema.extend({
  locationId: recordIdSchema,
  date: isoDateSchema,
  name: nameText('name for the closed day', 100),
});
export type CreateClosureRequest = z.output<typeof createClosureRequestSchema>;

export const createClosureResponseSchema = z.object({
  closure: closureSchema,
  /** The location's upcoming appointments on that day: to rebook. */
  appointmentsToRebook: z.array(appointmentToRebookSchema),
});
export type CreateClosureResponse = z.output<typeof createClosureResponseSchema>;

export const deleteClosureQuerySchema = brandQuerySchema.extend({
  locationId: recordIdSchema,
  date: isoDateSchema,
});
export type DeleteClosureQuery = z.output<typeof deleteClosureQuerySchema>;

export const importUsFederalRequestSchema = brandQuerySchema.extend({
  locationId: recordIdSchema,
  year: z.coerce
    .number({ error: 'Enter a year' })
    .int({ error: 'Enter a year' })
    .min(CLOSURE_YEARS.min, { error: `Enter a year from ${CLOSURE_YEARS.min} to ${CLOSURE_YEARS.max}` })
    .max(CLOSURE_YEARS.max, { error: `Enter a year from ${CLOSURE_YEARS.min} to ${CLOSURE_YEARS.max}` }),
});
export type ImportUsFederalRequest = z.output<typeof importUsFederalRequestSchema>;

export const importUsFederalResponseSchema = z.object({
  /** The closures this import added (days already closed are left as they are). */
  added: z.array(closureSchema),
  /** The holidays' days that were already closed. */
  alreadyClosed: z.array(z.object({ date: isoDateSchema, name: z.string() })),
  /** The location's upcoming appointments on the added days: to rebook. */
  appointmentsToRebook: z.array(appointmentToRebookSchema),
});
export type ImportUsFederalResponse = z.output<typeof importUsFederalResponseSchema>;
