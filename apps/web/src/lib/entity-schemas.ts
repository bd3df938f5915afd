import * as z from 'zod';

/**
 * Schemas of the server records that the persisted client state keeps a reference to. Only the
 * fields the flow relies on are required; anything else the server sent is kept as is.
 * Used to validate state restored from browser storage (untrusted input).
 */

export const entityIdSchema = z.union([z.string().check(z.minLength(1)), z.number()]);
export type EntityId = z.infer<typeof entityIdSchema>;

/** Any server record: an object with unknown fields. */
export const recordSchema = z.looseObject({});
export type ServerRecord = z.infer<typeof recordSchema>;
