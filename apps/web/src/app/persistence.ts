import type { Reducer, UnknownAction } from '@reduxjs/toolkit';
import type { AsyncStorageEngine } from '../lib/encrypted-storage';

/*
 * Keeping parts of the store in browser storage and restoring them on start (spec section 4): the
 * few things redux-persist did for this app, in the same stored format, so state kept by an
 * earlier version is still restored (issue 16: redux-persist was ≈ 2.7 KB of the booking
 * landing's first script). Slot `persist:<key>`: a JSON object of JSON-encoded slices plus
 * `_persist: '{"version":-1,"rehydrated":true}'`.
 */

/** The action that merges a restored part into the store. */
export const RESTORE = 'persist/REHYDRATE';

export interface RestoreAction {
  type: typeof RESTORE;
  key: string;
  /** The checked restored value, or undefined (nothing restored). */
  payload: Record<string, unknown> | undefined;
}

function isRestore(action: UnknownAction): action is UnknownAction & RestoreAction {
  return action.type === RESTORE;
}

/**
 * A reducer that also merges a restored value one level deep, as redux-persist's autoMergeLevel1
 * did: each restored field replaces the field of the state, unless an action changed that field
 * before the restore arrived (then the newer value stays). Fields the state does not have are
 * ignored. `key` names the part (a RESTORE for another key is passed on as any other action).
 */
export function restorable<S extends object>(key: string, reducer: Reducer<S>): Reducer<S> {
  let initial: S | undefined;
  return (state, action) => {
    const next = reducer(state, action);
    initial ??= next;
    if (!isRestore(action) || action.key !== key || action.payload === undefined) return next;
    const merged: Record<string, unknown> = { ...(next as Record<string, unknown>) };
    for (const [field, value] of Object.entries(action.payload)) {
      if (!Object.hasOwn(next, field)) continue;
      if ((next as Record<string, unknown>)[field] !== (initial as Record<string, unknown>)[field]) continue;
      merged[field] = value;
    }
    return merged as S;
  };
}

export interface PersistedPart<S> {
  key: string;
  storage: AsyncStorageEngine;
  /** The fields of this part, from the store's state. */
  select: (state: S) => Record<string, unknown>;
  /** Reads, parses and checks the stored value; undefined = nothing restored. Never rejects. */
  restore: (stored: Record<string, unknown>) => Promise<Record<string, unknown> | undefined>;
  timeoutMs: number;
}

export interface Persistor {
  getState(): { bootstrapped: boolean };
  subscribe(listener: () => void): () => void;
  /** Writes every part whose state changed since its last write now; resolves when written. */
  flush(): Promise<void>;
}

interface PersistableStore<S> {
  getState(): S;
  dispatch(action: RestoreAction): unknown;
  subscribe(listener: () => void): () => void;
}

const PERSIST_META = JSON.stringify({ version: -1, rehydrated: true });

/** Parses a stored slot: a JSON object of JSON-encoded fields (throws on anything else). */
export function parseStoredSlot(serialized: string): Record<string, unknown> {
  const outer: unknown = JSON.parse(serialized);
  if (typeof outer !== 'object' || outer === null || Array.isArray(outer)) throw new Error('not an object');
  const fields: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(outer)) {
    if (typeof value !== 'string') throw new Error(`field ${field} is not encoded`);
    fields[field] = JSON.parse(value);
  }
  return fields;
}

function serializeSlot(fields: Record<string, unknown>): string {
  const outer: Record<string, string> = {};
  for (const [field, value] of Object.entries(fields)) outer[field] = JSON.stringify(value);
  outer._persist = PERSIST_META;
  return JSON.stringify(outer);
}

/** Restores the parts (each at most `timeoutMs`), then writes each part whenever it changes. */
export function persistStore<S>(store: PersistableStore<S>, parts: readonly PersistedPart<S>[]): Persistor {
  const listeners = new Set<() => void>();
  let pending = parts.length;
  const writers: (() => Promise<void>)[] = [];

  for (const part of parts) {
    void restorePart(part).then(({ payload, stored }) => {
      store.dispatch({ type: RESTORE, key: part.key, payload });
      writers.push(startWriting(part, stored));
      pending -= 1;
      for (const listener of [...listeners]) listener();
    });
  }

  /** The restored value (undefined: none), and whether the slot held anything at all. */
  async function restorePart(
    part: PersistedPart<S>,
  ): Promise<{ payload: Record<string, unknown> | undefined; stored: boolean }> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<{ payload: undefined; stored: boolean }>((resolve) => {
      timer = setTimeout(() => {
        console.info(`state restore failed: ${part.key} not restored within ${part.timeoutMs} ms`);
        resolve({ payload: undefined, stored: true });
      }, part.timeoutMs);
    });
    const read = (async () => {
      let serialized: string | null | undefined;
      try {
        serialized = await part.storage.getItem(`persist:${part.key}`);
        // null: the slot is empty; undefined: it holds something that could not be read.
        if (serialized === null) return { payload: undefined, stored: false };
        if (serialized === undefined) return { payload: undefined, stored: true };
        return { payload: await part.restore(parseStoredSlot(serialized)), stored: true };
      } catch (error) {
        console.info(`state restore failed: ${error instanceof Error ? error.message : String(error)}`);
        return { payload: undefined, stored: true };
      }
    })();
    try {
      return await Promise.race([read, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Writes the part after every change (coalesced: one write per task), in order; at once when the
   * slot held something (it is replaced by the state as restored). With an empty slot the state
   * is the initial one, which an empty slot restores as well: nothing is written (nor the
   * encryption loaded) until the state changes.
   */
  function startWriting(part: PersistedPart<S>, stored: boolean): () => Promise<void> {
    let written: Record<string, unknown> | undefined = stored ? undefined : part.select(store.getState());
    let queued: ReturnType<typeof setTimeout> | undefined;
    let chain: Promise<void> = Promise.resolve();
    const write = (): Promise<void> => {
      clearTimeout(queued);
      queued = undefined;
      const fields = part.select(store.getState());
      if (written !== undefined && Object.keys(fields).every((field) => fields[field] === written![field]))
        return chain;
      written = fields;
      chain = chain.then(() => part.storage.setItem(`persist:${part.key}`, serializeSlot(fields)));
      chain = chain.catch(() => undefined);
      return chain;
    };
    store.subscribe(() => {
      queued ??= setTimeout(() => void write(), 0);
    });
    void write();
    return write;
  }

  return {
    getState: () => ({ bootstrapped: pending === 0 }),
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    async flush() {
      await Promise.all(writers.map((write) => write()));
    },
  };
}
