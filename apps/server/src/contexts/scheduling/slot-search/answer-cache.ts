/*
 * The slot search's whole answers: kept per query as the bytes that were sent (serialized and
 * checked by the route's response schema), served again while statement 1's fingerprint and the
 * clock say nothing it was made from changed (search-cache.ts says what the fingerprint covers),
 * and computed once for concurrent identical searches (single flight).
 */
import { computeBookingWindow } from '@scheduler/domain/booking-window';
import type { BookingWindowSettings } from '@scheduler/domain/booking-window';
import { addCalendarDays } from '@scheduler/domain/local-date';
import { localDateOf, startOfLocalDay, timeZoneOffsetMinutes } from '@scheduler/domain/time-zone';

/** What an answer depends on through the clock at one instant (`readClock`). */
export interface ClockReading {
  /**
   * Per zone, the window's end and its start where the clock does not clip it (the engine and day
   * navigation start at the later of the window's start and now). Equal keys, equal answers; with
   * a window that starts now ('how soon' 0 or hours) the key changes every millisecond and nothing
   * is answered from kept.
   */
  clockKey: string;
  /**
   * Until when (exclusive) the clock key cannot change: the next local midnight of every zone (a
   * new today) and the window's start (from then on the clock clips it), provided the zone keeps
   * its UTC offset until that midnight (the tz database has no zone that changes its offset and
   * back within a day), so that its wall clock only moves forward. The instant itself when the
   * window starts now.
   */
  clockSteadyUntilMs: number;
}

/** The last reading: a search's answer and its computation read the same clock (the same `at`). */
let lastReading:
  | { settings: BookingWindowSettings; timeZones: readonly string[]; atMs: number; reading: ClockReading }
  | undefined;

/** The clock's key and how long it holds, given an answer's settings and time zones, at `at`. */
export function readClock(
  settings: BookingWindowSettings,
  timeZones: readonly string[],
  at: Date,
): ClockReading {
  const atMs = at.getTime();
  if (
    lastReading !== undefined &&
    lastReading.settings === settings &&
    lastReading.timeZones === timeZones &&
    lastReading.atMs === atMs
  )
    return lastReading.reading;
  const parts: string[] = [];
  let until = Number.POSITIVE_INFINITY;
  let steady = true;
  for (const timeZone of timeZones) {
    const window = computeBookingWindow(settings, at, timeZone);
    parts.push(
      `${Math.max(window.earliest.getTime(), atMs)}:${window.latestExclusive.getTime()}:${window.latestDate}`,
    );
    if (!steady) continue;
    const nextMidnight = startOfLocalDay(addCalendarDays(localDateOf(at, timeZone), 1), timeZone).getTime();
    if (timeZoneOffsetMinutes(atMs, timeZone) !== timeZoneOffsetMinutes(nextMidnight - 1, timeZone))
      steady = false;
    else until = Math.min(until, nextMidnight, window.earliest.getTime());
  }
  const reading = { clockKey: parts.join('|'), clockSteadyUntilMs: steady ? Math.max(atMs, until) : atMs };
  lastReading = { settings, timeZones, atMs, reading };
  return reading;
}

/** The clock key alone (`readClock`). */
export function clockKey(settings: BookingWindowSettings, timeZones: readonly string[], at: Date): string {
  return readClock(settings, timeZones, at).clockKey;
}

/** A slot search's answer as sent, with what it was made from. */
export interface KeptAnswer {
  /** Statement 1's fingerprint of every database input (availability-repository.ts). */
  fingerprint: string;
  /** The settings and time zones of the answer, to compute the clock key of a later request. */
  settings: BookingWindowSettings;
  timeZones: readonly string[];
  /** What the answer depends on through the clock (`clockKey` below). */
  clockKey: string;
  /** The clock key holds for a clock in [keptAtMs, clockSteadyUntilMs) (`clockSteadyUntil` below). */
  keptAtMs: number;
  clockSteadyUntilMs: number;
  /**
   * The response body as sent: the JSON in the encoding the key names (brotli, gzip or plain
   * UTF-8, service.ts). Bytes outside the JavaScript heap, not a string: after every booking each
   * day's answer of the scope is made again and kept until the next change, so a kept string
   * outlives the young generation and fills the old one (issue 22's memory budget); the bytes are
   * also what the socket writes, without encoding the text again for every request served.
   */
  body: Buffer;
}

export interface AnswerCacheLimits {
  answers: number;
  /** Bytes of kept bodies (and fingerprints) in all. */
  bytes: number;
}

/** One day of slots of 50 providers is ~40–120 KB; the whole window of 50 providers ~1.6 MB. */
export const DEFAULT_ANSWER_CACHE_LIMITS: AnswerCacheLimits = { answers: 2_000, bytes: 64_000_000 };

/**
 * Kept answers per query (the parsed query as text). One is served only when statement 1, read for
 * this very request, gives the same fingerprint and the clock gives the same key: nothing it was
 * made from changed, on this instance or any other. Bounded in count and size (least recently used
 * dropped first).
 */
class AnswerCache {
  private readonly map = new Map<string, KeptAnswer>();
  private bytes = 0;

  constructor(private readonly limits: AnswerCacheLimits = DEFAULT_ANSWER_CACHE_LIMITS) {}

  /** The kept body for `key` when its fingerprint and its clock key (at `atMs`) still hold. */
  get(
    key: string,
    fingerprint: string,
    atMs: number,
    clockKeyOf: (kept: KeptAnswer) => string,
  ): Buffer | undefined {
    const kept = this.map.get(key);
    if (kept === undefined || kept.fingerprint !== fingerprint) return undefined;
    const steady = atMs >= kept.keptAtMs && atMs < kept.clockSteadyUntilMs;
    if (!steady && kept.clockKey !== clockKeyOf(kept)) return undefined;
    this.map.delete(key);
    this.map.set(key, kept);
    return kept.body;
  }

  /**
   * Keeps `answer` for `key` and returns the body to send. When the body made again equals the one
   * kept (a booking changes the answers of the days it touches and, when it takes a provider's
   * first slot, that provider's next available time in every day's answer; the others come out
   * the same), the kept entry is kept with the new fingerprint and clock and the new bytes are
   * dropped at once.
   */
  keep(key: string, answer: KeptAnswer): Buffer {
    const kept = this.map.get(key);
    if (kept !== undefined && kept.body.equals(answer.body)) {
      this.bytes += answer.fingerprint.length - kept.fingerprint.length;
      kept.fingerprint = answer.fingerprint;
      kept.settings = answer.settings;
      kept.timeZones = answer.timeZones;
      kept.clockKey = answer.clockKey;
      kept.keptAtMs = answer.keptAtMs;
      kept.clockSteadyUntilMs = answer.clockSteadyUntilMs;
      this.map.delete(key);
      this.map.set(key, kept);
      return kept.body;
    }
    this.store(key, answer);
    return answer.body;
  }

  private store(key: string, answer: KeptAnswer): void {
    const size = answer.body.length + answer.fingerprint.length;
    this.drop(key);
    if (size > this.limits.bytes) return;
    this.map.set(key, answer);
    this.bytes += size;
    while (this.map.size > this.limits.answers || this.bytes > this.limits.bytes) {
      const oldest = this.map.keys().next();
      if (oldest.done === true) break;
      this.drop(oldest.value);
    }
  }

  get size(): number {
    return this.map.size;
  }

  private drop(key: string): void {
    const kept = this.map.get(key);
    if (kept === undefined) return;
    this.map.delete(key);
    this.bytes -= kept.body.length + kept.fingerprint.length;
  }
}

/** What a computed answer was made from: statement 1's fingerprint, the settings and time zones. */
export interface AnswerSource {
  fingerprint: string;
  settings: BookingWindowSettings;
  timeZones: readonly string[];
}

/** A computed answer: its body as it will be sent, and what it was made from. */
export interface ComputedAnswer {
  body: Buffer;
  source: AnswerSource;
}

/**
 * How long concurrent identical searches may wait for the first one before computing themselves (a
 * computation that never settles is given up after this long).
 */
const SHARED_WAIT_MS = 2_000;

/**
 * Kept answers and the computations under way. `answer` gives the body of a query: a kept one that
 * still holds, else the one a concurrent identical computation (same fingerprint) has just kept,
 * else its own computation, kept for the next requests.
 */
export class SlotSearchAnswers {
  private readonly kept: AnswerCache;
  /** Searches being computed, per query: concurrent identical searches wait for the first one. */
  private readonly computing = new Map<string, { fingerprint: string; settled: Promise<void> }>();

  constructor(limits: AnswerCacheLimits = DEFAULT_ANSWER_CACHE_LIMITS) {
    this.kept = new AnswerCache(limits);
  }

  /**
   * The body for `key` at `at`. `fingerprint` is statement 1's, read for this request (undefined
   * when it could not be read: nothing kept is served then, nor shared); `compute` makes the answer.
   */
  async answer(
    key: string,
    at: Date,
    fingerprint: string | undefined,
    compute: () => Promise<ComputedAnswer>,
  ): Promise<Buffer> {
    if (fingerprint !== undefined) {
      const kept = this.keptBody(key, fingerprint, at);
      if (kept !== undefined) return kept;
      // The same search already being computed from the same inputs: its answer, once kept, is
      // this one's too (checked against this request's own statement 1 and clock, as any kept one).
      const running = this.computing.get(key);
      if (running !== undefined && running.fingerprint === fingerprint) {
        await running.settled;
        const shared = this.keptBody(key, fingerprint, at);
        if (shared !== undefined) return shared;
      }
    }
    const settle =
      fingerprint !== undefined && !this.computing.has(key) ? this.flight(key, fingerprint) : noop;
    try {
      const { body, source } = await compute();
      return this.kept.keep(key, {
        ...source,
        ...readClock(source.settings, source.timeZones, at),
        keptAtMs: at.getTime(),
        body,
      });
    } finally {
      settle();
    }
  }

  /** How many answers are kept. */
  get size(): number {
    return this.kept.size;
  }

  private keptBody(key: string, fingerprint: string, at: Date): Buffer | undefined {
    return this.kept.get(key, fingerprint, at.getTime(), (e) => clockKey(e.settings, e.timeZones, at));
  }

  /** Registers the computation of `key`; the function returned settles it (waiters go on). */
  private flight(key: string, fingerprint: string): () => void {
    let settle = noop;
    const entry = {
      fingerprint,
      settled: new Promise<void>((resolve) => {
        settle = () => {
          clearTimeout(late);
          if (this.computing.get(key) === entry) this.computing.delete(key);
          resolve();
        };
      }),
    };
    const late = setTimeout(settle, SHARED_WAIT_MS);
    late.unref();
    this.computing.set(key, entry);
    return settle;
  }
}

function noop(): void {
  // nothing to settle
}
