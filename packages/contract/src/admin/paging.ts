/**
 * The contract of the staff-only scheduler API (`/api/scheduler/*` calls of spec section 7 made by
 * the admin area, plus the `/api/scheduler/admin/*` CRUD the configuration screens need), one file
 * per concept in this folder. This one holds what every admin call shares: brand and scheduler
 * scope, id sets, paged lists, record versions.
 *
 * Every call names its brand with `clientId` (query for GET/DELETE, body otherwise; the session's
 * active brand when absent) and, where a scheduler is concerned, `ruleId` (a scheduler id, as in
 * the admin URL `/admin/{ClientId}/{ruleId}`). Ids travel as strings in responses and are accepted
 * as numbers or digit strings in requests. "Replace-the-set" calls (the map assignments) make the
 * given list the whole set.
 */

import * as z from 'zod';
import { recordIdSchema } from '../admin-auth.ts';
import { INT4_MAX } from '../common.ts';

export const MAX_SET_SIZE = 500;

/** A list of record ids making up a whole set; duplicates are dropped. */
export function idSetSchema(what: string) {
  return z
    .array(recordIdSchema, { error: `Send the list of ${what}` })
    .max(MAX_SET_SIZE, { error: `Send at most ${MAX_SET_SIZE} ${what}` })
    .transform((ids) => [...new Set(ids)]);
}

export const brandQuerySchema = z.object({ clientId: recordIdSchema.optional() });
export const schedulerQuerySchema = brandQuerySchema.extend({ ruleId: recordIdSchema });

export const nameText = (what: string, max = 120) =>
  z
    .string({ error: `Enter a ${what}` })
    .trim()
    .min(1, { error: `Enter a ${what}` })
    .max(max, { error: `Keep the ${what} to ${max} characters or fewer` });

// ---------------------------------------------------------------- paged lists, versions

/** `key` (ascending) or `-key` (descending), for each sort key of a list. */
export type ListSortParam<K extends string> = K | `-${K}`;

/** The `sort` parameter of a paged list: one of `keys`, optionally prefixed with '-' (descending). */
export function listSortSchema<const K extends readonly [string, ...string[]]>(keys: K) {
  const values = [...keys, ...keys.map((key) => `-${key}`)] as [
    ListSortParam<K[number]>,
    ...ListSortParam<K[number]>[],
  ];
  return z.enum(values);
}

/**
 * The query of a server-side paged list: 1-based `page`, `pageSize` (1–100), a case-insensitive
 * "contains" `search` and `sort` (a key, '-key' for descending). Every list screen uses it.
 */
export function pagedListQuerySchema<const K extends readonly [string, ...string[]]>(
  keys: K,
  defaultSort: ListSortParam<K[number]>,
) {
  return brandQuerySchema.extend({
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
    search: z.string().trim().max(100).optional(),
    // (The cast only helps the compiler with the generic enum; `defaultSort` is one of its values.)
    sort: listSortSchema(keys).default(defaultSort as never),
  });
}

/** The answer of a paged list: the page's items and the number of matching records. */
export function pagedResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });
}

/** The version of a record as last read; an edit naming an older one is refused with 409 CONFLICT. */
export const versionSchema = z
  .number({ error: 'Reload the page and try again' })
  .int()
  .min(1, { error: 'Reload the page and try again' })
  .max(INT4_MAX, { error: 'Reload the page and try again' });

export const deletedResponseSchema = z.object({ deleted: z.literal(true) });
