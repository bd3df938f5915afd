/**
 * The calendar-date rule of the contract ('YYYY-MM-DD' that exists, 1900-01-01 … 2999-12-31) as
 * zod checks, written with `zod/mini` so that schemas built on `zod/mini` (catalogue-answers.ts, the
 * booking landing's answers) and common.ts's classic `isoDateSchema` share one definition.
 */
import { isValidIsoDate } from '@scheduler/domain/local-date';
import * as z from 'zod/mini';

/** The earliest and latest calendar dates any request may carry (date arithmetic stays in range). */
export const MIN_ISO_DATE = '1900-01-01';
export const MAX_ISO_DATE = '2999-12-31';
export const ISO_DATE_RANGE_MESSAGE = `Enter a date between ${MIN_ISO_DATE} and ${MAX_ISO_DATE}`;

/** Trimmed, an existing date, in range (the order and messages of `isoDateSchema`). */
export const isoDateChecks = [
  z.trim(),
  z.refine<string>(isValidIsoDate, { error: 'Enter a valid date (YYYY-MM-DD)', abort: true }),
  z.refine<string>((value) => value >= MIN_ISO_DATE && value <= MAX_ISO_DATE, {
    error: ISO_DATE_RANGE_MESSAGE,
  }),
] as const;

/** A calendar date 'YYYY-MM-DD' (zod/mini; the classic twin is common.ts's `isoDateSchema`). */
export const isoDateMiniSchema = z.string({ error: 'Enter a date' }).check(...isoDateChecks);
