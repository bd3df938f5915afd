/*
 * A search's computation shared by the searches that differ only in the days they ask for (the
 * find-appointment screen steps through the window a day at a time): the answers are kept per
 * query (answer-cache.ts), but after any change — a booking anywhere in the scope changes statement
 * 1's fingerprint — each day's answer is made again, and all of them from the same computation.
 * Kept under the search's parameters with the fingerprint it was made from and the clock's key, and
 * shared while it is being made (single flight), so the day searches after a booking compute once.
 *
 * Served only when the request's own statement 1 gives the same fingerprint and the clock the same
 * key (as a kept answer is): the computation read nothing older than that fingerprint.
 */
import type { BookingWindowSettings } from '@scheduler/domain/booking-window';
import { clockKey, readClock } from './answer-cache.ts';
import type { Computation } from './compute.ts';

/** What a made computation depends on through the clock (as a kept answer, answer-cache.ts). */
interface MadeAt {
  settings: BookingWindowSettings;
  timeZones: readonly string[];
  clockKey: string;
  /** The clock key holds for a clock in [keptAtMs, clockSteadyUntilMs). */
  keptAtMs: number;
  clockSteadyUntilMs: number;
}

interface KeptComputation {
  fingerprint: string;
  computation: Promise<Computation>;
  /** Set once the computation is made. */
  made: MadeAt | undefined;
}

/** Scopes × parameters kept (each computation holds its providers' free days, which are kept anyway). */
const KEPT_COMPUTATIONS = 64;

export class ComputationCache {
  private readonly map = new Map<string, KeptComputation>();

  /**
   * The computation of `key` made from `fingerprint`, kept or being made, when the clock at `at`
   * still gives it the same key; else `compute()`'s, kept (and shared while it runs). A failed
   * computation is not kept.
   */
  async computation(
    key: string,
    fingerprint: string | undefined,
    at: Date,
    compute: () => Promise<Computation>,
  ): Promise<Computation> {
    if (fingerprint === undefined) return compute();
    const kept = this.map.get(key);
    if (kept !== undefined && kept.fingerprint === fingerprint) {
      // Being made: wait for it, then judge it by the clock as a kept one.
      if (kept.made === undefined) await kept.computation.catch(() => undefined);
      if (kept.made !== undefined && this.holds(kept.made, at)) return kept.computation;
    }
    const entry: KeptComputation = { fingerprint, computation: compute(), made: undefined };
    this.set(key, entry);
    try {
      const c = await entry.computation;
      entry.made = {
        settings: c.scope.settings,
        timeZones: c.timeZones,
        ...readClock(c.scope.settings, c.timeZones, at),
        keptAtMs: at.getTime(),
      };
      return c;
    } catch (error) {
      if (this.map.get(key) === entry) this.map.delete(key);
      throw error;
    }
  }

  /** Whether the clock at `at` gives a made computation the key it was made with. */
  private holds(made: MadeAt, at: Date): boolean {
    const atMs = at.getTime();
    if (atMs >= made.keptAtMs && atMs < made.clockSteadyUntilMs) return true;
    return made.clockKey === clockKey(made.settings, made.timeZones, at);
  }

  private set(key: string, entry: KeptComputation): void {
    this.map.delete(key);
    this.map.set(key, entry);
    while (this.map.size > KEPT_COMPUTATIONS) {
      const oldest = this.map.keys().next();
      if (oldest.done === true) break;
      this.map.delete(oldest.value);
    }
  }
}
