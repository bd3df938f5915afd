/*
 * The pure rules of waitlist offers (issue 18): claim tokens, an entry's structured availability
 * notes, the waves' timing and the days gained. No SQL here (offer-repository.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { localMinutesOf } from '@scheduler/domain/time-zone';

const MS_PER_MINUTE = 60_000;
const MS_PER_HOUR = 60 * MS_PER_MINUTE;
const MS_PER_DAY = 24 * MS_PER_HOUR;

/** A new claim token: 16 random bytes (128 bits), base64url (22 characters). */
export function newClaimToken(): string {
  return randomBytes(16).toString('base64url');
}

/** What is stored of a token: its SHA-256, hex. The token itself is never stored or logged. */
export function hashClaimToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The parts of the day a waitlist entry may name (the public form's choices). */
const PARTS_OF_DAY: Record<string, readonly [number, number]> = {
  morning: [0, 12 * 60],
  afternoon: [12 * 60, 17 * 60],
  evening: [17 * 60, 24 * 60],
};

/**
 * Whether an entry's stated times allow a start: the public form stores a list such as
 * "morning, afternoon" (structured: the start's local time must fall in one of them); free text
 * written by staff ("After 3 pm") is not structured and does not exclude anything; none: any time.
 */
export function preferredTimesAllow(
  preferredTimes: string | null,
  startMs: number,
  timeZone: string,
): boolean {
  if (preferredTimes === null || preferredTimes.trim() === '') return true;
  const parts = preferredTimes
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part !== '');
  if (parts.length === 0 || !parts.every((part) => part in PARTS_OF_DAY)) return true;
  const minutes = localMinutesOf(startMs, timeZone);
  return parts.some((part) => {
    const [from, to] = PARTS_OF_DAY[part] as readonly [number, number];
    return minutes >= from && minutes < to;
  });
}

export interface WaveSettings {
  waveSize: number;
  waveMinutes: number;
  cutoffHours: number;
}

/** The last instant an offer of a time starting at `startMs` may be sent or claimed. */
export function offerCutoffMs(startMs: number, settings: Pick<WaveSettings, 'cutoffHours'>): number {
  return startMs - settings.cutoffHours * MS_PER_HOUR;
}

/** When the wave after one made at `nowMs` goes out, or null when it would be past the cut-off. */
export function nextWaveAtMs(
  nowMs: number,
  cutoffMs: number,
  settings: Pick<WaveSettings, 'waveMinutes'>,
): number | null {
  const next = nowMs + settings.waveMinutes * MS_PER_MINUTE;
  return next < cutoffMs ? next : null;
}

/**
 * Days gained by a claim (reports): whole days from the claimed start to the baseline — the
 * patient's moved appointment, else the first time the booking page offered for the same service
 * and location when the claim was made — never negative; null without a baseline.
 */
export function daysGained(claimedStartMs: number, baselineStartMs: number | null): number | null {
  if (baselineStartMs === null) return null;
  return Math.max(0, Math.floor((baselineStartMs - claimedStartMs) / MS_PER_DAY));
}

/** A half-open [start, end) of epoch milliseconds. */
export type TimeRange = readonly [number, number];

export interface FitQuery {
  windowStartMs: number;
  windowEndMs: number;
  durationMs: number;
  /** The slot grid from the window's start (the availability engine's step for the service). */
  stepMs: number;
  /** No start before this (now + the offer cut-off: a later offer could not be claimed). */
  earliestMs: number;
  /** Times the appointment may not overlap (the provider's and the patient's appointments, other offers). */
  busy: readonly TimeRange[];
  /** Whether a start suits the entry (its stated times of day). */
  allows: (startMs: number) => boolean;
}

/**
 * The earliest start in a freed window (issue 18, a new working-hours block longer than one
 * appointment) on the window's slot grid where the appointment fits before the window's end,
 * overlaps nothing busy and suits the entry; null when there is none.
 */
export function earliestFittingStart(query: FitQuery): number | null {
  const { windowStartMs, windowEndMs, durationMs, stepMs, earliestMs, busy, allows } = query;
  if (stepMs <= 0 || durationMs <= 0) return null;
  const skip = Math.max(0, Math.ceil((earliestMs - windowStartMs) / stepMs));
  for (let start = windowStartMs + skip * stepMs; start + durationMs <= windowEndMs; start += stepMs) {
    const end = start + durationMs;
    if (busy.some(([from, to]) => from < end && to > start)) continue;
    if (allows(start)) return start;
  }
  return null;
}
