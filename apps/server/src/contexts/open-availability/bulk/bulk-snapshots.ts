/*
 * What the files of one publication state share while a client reads them (issue 20): the published
 * catalogue and, per service, the booking API's whole-window search at every location for a new
 * patient, each computed once (single flight) per brand and ETag, then split per location by the
 * Slot files. A client downloads the Slot files at once: they wait for the same computations instead
 * of repeating them per location.
 *
 * The ETag is a digest of every input (bulk-state.ts), so what is kept under it is what a fresh
 * computation gives while it holds. Only each brand's latest state is kept, for the most recently
 * read brands; the searches' free days are mostly the engine's own kept objects (search-cache.ts),
 * so keeping them here costs little besides the wrappers. A computation that fails is not kept.
 */

interface KeptState {
  etag: string;
  values: Map<string, Promise<unknown>>;
}

export class PublicationSnapshots {
  private readonly states = new Map<number, KeptState>();

  constructor(private readonly brands = 8) {}

  /** The value of `key` for the brand's state `etag`: kept, being computed, or computed now. */
  shared<T>(clientId: number, etag: string, key: string, compute: () => Promise<T>): Promise<T> {
    let state = this.states.get(clientId);
    this.states.delete(clientId);
    if (state === undefined || state.etag !== etag) state = { etag, values: new Map() };
    this.states.set(clientId, state);
    while (this.states.size > this.brands) {
      const oldest = this.states.keys().next();
      if (oldest.done === true) break;
      this.states.delete(oldest.value);
    }
    const kept = state.values.get(key) as Promise<T> | undefined;
    if (kept !== undefined) return kept;
    const value = compute();
    const values = state.values;
    values.set(key, value);
    value.catch(() => {
      if (values.get(key) === value) values.delete(key);
    });
    return value;
  }
}
