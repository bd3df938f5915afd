/**
 * Quiet hours (issue 17): no SMS is sent between 21:00 and 08:00 on the LOCATION's clock (the
 * practice may choose other hours). E-mail is not held back (it does not wake anyone up).
 *
 * - A reminder whose due time falls in quiet hours goes EARLIER, at the latest allowed minute
 *   before the quiet period (20:59 the evening before for a 2-hours-before reminder of a 9:00
 *   appointment): a reminder exists to arrive before the appointment, so it must not slide toward it.
 * - Other SMS (confirmation, request received, confirmed, cancelled, rescheduled) report something
 *   that just happened; they cannot be sent before it, so they are DELAYED to the end of the quiet
 *   period (08:00).
 * - If that earlier time has already passed (a booking made at 23:00 for 09:00), the message goes
 *   at the next allowed time; if that is not before the appointment's start, it is not sent at all
 *   (`skipped: 'quiet-hours'`): a reminder or notice after the start is useless, and the rule
 *   "never in quiet hours" wins over "always remind".
 * Wall times go through time-zone.ts, so a night that contains a DST change is handled: 21:00 and
 * 08:00 are read on the clock of their own date.
 */
import { localDayNumberOf, localMinutesOf, wallTimeToUtcMs } from '../time-zone.ts';
import type { MessageChannel, MessageKind } from './kinds.ts';

/** 'HH:MM' on the location's clock; start === end means no quiet hours. */
export interface QuietHours {
  start: string;
  end: string;
}

export const DEFAULT_QUIET_HOURS: QuietHours = { start: '21:00', end: '08:00' };

const MINUTE_MS = 60_000;

function minutesOf(value: string): number {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
  if (!match) throw new RangeError(`Not a time of day (HH:MM): ${JSON.stringify(value)}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

interface QuietPeriod {
  startMs: number;
  endMs: number;
}

/** The quiet period containing `instantMs`, or null when it is in allowed hours. */
export function quietPeriodAt(
  instantMs: number,
  timeZone: string,
  quiet: QuietHours = DEFAULT_QUIET_HOURS,
): QuietPeriod | null {
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return null;
  const minute = localMinutesOf(instantMs, timeZone);
  const today = localDayNumberOf(timeZone, instantMs);
  const wraps = start > end;
  const inQuiet = wraps ? minute >= start || minute < end : minute >= start && minute < end;
  if (!inQuiet) return null;
  // The local date on which this quiet period began.
  const startDay = wraps && minute < end ? today - 1 : today;
  return {
    startMs: wallTimeToUtcMs(timeZone, startDay, start),
    endMs: wallTimeToUtcMs(timeZone, wraps ? startDay + 1 : startDay, end),
  };
}

export function isQuietTime(
  instant: Date | number,
  timeZone: string,
  quiet: QuietHours = DEFAULT_QUIET_HOURS,
): boolean {
  return quietPeriodAt(Number(instant), timeZone, quiet) !== null;
}

/** `instant` itself when allowed, else the end of its quiet period. */
export function nextAllowedTime(
  instant: Date | number,
  timeZone: string,
  quiet: QuietHours = DEFAULT_QUIET_HOURS,
): Date {
  const period = quietPeriodAt(Number(instant), timeZone, quiet);
  return new Date(period ? period.endMs : Number(instant));
}

/** `instant` itself when allowed, else the last whole minute before its quiet period began. */
export function latestAllowedTimeBefore(
  instant: Date | number,
  timeZone: string,
  quiet: QuietHours = DEFAULT_QUIET_HOURS,
): Date {
  const period = quietPeriodAt(Number(instant), timeZone, quiet);
  return new Date(period ? period.startMs - MINUTE_MS : Number(instant));
}

export interface SendTimeInput {
  kind: MessageKind;
  channel: MessageChannel;
  /** When the message is due (a reminder: start − offset; a notice: the event's time). */
  dueAt: Date;
  /** The location's IANA zone. */
  timeZone: string;
  /** The current instant. */
  now: Date;
  /** The appointment's start: nothing is sent at or after it because of quiet hours. */
  appointmentStart?: Date;
  quiet?: QuietHours;
}

export type SendTime =
  { sendAt: Date; shifted: 'no' | 'earlier' | 'later' } | { sendAt: null; skipped: 'quiet-hours' };

/** When to send a message, after the quiet-hours rule (see the file's comment). */
export function sendTimeFor(input: SendTimeInput): SendTime {
  const { kind, channel, dueAt, timeZone, now, appointmentStart, quiet = DEFAULT_QUIET_HOURS } = input;
  if (channel !== 'sms' || !isQuietTime(dueAt, timeZone, quiet)) return { sendAt: dueAt, shifted: 'no' };
  let sendAt =
    kind === 'reminder'
      ? latestAllowedTimeBefore(dueAt, timeZone, quiet)
      : nextAllowedTime(dueAt, timeZone, quiet);
  if (sendAt.getTime() < now.getTime()) sendAt = nextAllowedTime(now, timeZone, quiet);
  if (appointmentStart && sendAt.getTime() >= appointmentStart.getTime())
    return { sendAt: null, skipped: 'quiet-hours' };
  return { sendAt, shifted: sendAt.getTime() < dueAt.getTime() ? 'earlier' : 'later' };
}
