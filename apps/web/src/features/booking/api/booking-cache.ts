import { startTransition, useCallback, useEffect, useState } from 'react';
import { isApiError } from '../../../lib/api-client';

/**
 * The booking page's first answers (scheduler configuration, services, locations) without TanStack
 * Query in the landing's script: a small keyed cache with the query client's rules for these reads
 * (kept answers fresh for `staleMs`, client errors and cancellations not retried, others twice with
 * TanStack's back-off, a failed read asked again when a screen mounts). The later steps and the admin
 * area keep TanStack Query.
 */

export type CacheKey = readonly unknown[];
export type Fetcher<T> = (signal: AbortSignal) => Promise<T>;

interface CachedQueryBase {
  error: unknown;
  isFetching: boolean;
  refetch: () => Promise<void>;
}

/** As TanStack's query result: `isPending` = no answer yet (also while disabled). */
export type CachedQuery<T> = CachedQueryBase &
  (
    | { isPending: true; isError: false; data: undefined }
    | { isPending: false; isError: true; data: T | undefined }
    | { isPending: false; isError: false; data: T }
  );

interface Snapshot {
  status: 'pending' | 'success' | 'error';
  data: unknown;
  error: unknown;
  fetching: boolean;
}

interface Entry {
  snapshot: Snapshot;
  fetchedAt: number;
  inFlight: Promise<void> | null;
  listeners: Set<() => void>;
}

const MAX_RETRIES = 2;
const PENDING: Snapshot = { status: 'pending', data: undefined, error: null, fetching: false };

function retriable(error: unknown): boolean {
  if (!isApiError(error)) return true;
  if (error.cancelled) return false;
  return error.status === null || error.status < 400 || error.status >= 500;
}

export interface BookingCache {
  prefetch: <T>(key: CacheKey, fetcher: Fetcher<T>, staleMs: number) => Promise<void>;
  /** The kept answer of `key`, if any (tests, diagnostics). */
  peek: (key: CacheKey) => Snapshot | undefined;
  keys: () => string[];
  subscribe: (key: CacheKey, listener: () => void) => () => void;
  snapshot: (key: CacheKey) => Snapshot;
  clear: () => void;
}

export function createBookingCache(
  options: { now?: () => number; retryDelay?: (failures: number) => number } = {},
): BookingCache {
  const now = options.now ?? (() => Date.now());
  const retryDelay = options.retryDelay ?? ((failures: number) => Math.min(1000 * 2 ** failures, 30_000));
  const entries = new Map<string, Entry>();
  const hash = (key: CacheKey): string => JSON.stringify(key);

  const entryOf = (key: CacheKey): Entry => {
    const id = hash(key);
    let entry = entries.get(id);
    if (!entry) {
      entry = { snapshot: PENDING, fetchedAt: 0, inFlight: null, listeners: new Set() };
      entries.set(id, entry);
    }
    return entry;
  };

  const update = (entry: Entry, next: Partial<Snapshot>): void => {
    entry.snapshot = { ...entry.snapshot, ...next };
    for (const listener of entry.listeners) listener();
  };

  const load = <T>(entry: Entry, fetcher: Fetcher<T>): Promise<void> => {
    if (entry.inFlight) return entry.inFlight;
    update(entry, { fetching: true });
    const run = async (): Promise<void> => {
      for (let failures = 0; ; failures += 1) {
        try {
          const data = await fetcher(new AbortController().signal);
          entry.fetchedAt = now();
          update(entry, { status: 'success', data, error: null, fetching: false });
          return;
        } catch (error) {
          if (failures < MAX_RETRIES && retriable(error)) {
            await new Promise((resolve) => setTimeout(resolve, retryDelay(failures)));
            continue;
          }
          update(entry, {
            status: entry.snapshot.status === 'success' ? 'success' : 'error',
            error,
            fetching: false,
          });
          return;
        }
      }
    };
    entry.inFlight = run().finally(() => {
      entry.inFlight = null;
    });
    return entry.inFlight;
  };

  return {
    prefetch: (key, fetcher, staleMs) => {
      const entry = entryOf(key);
      if (entry.snapshot.status === 'success' && now() - entry.fetchedAt < staleMs) return Promise.resolve();
      return load(entry, fetcher);
    },
    peek: (key) => entries.get(hash(key))?.snapshot,
    keys: () => [...entries.keys()],
    subscribe: (key, listener) => {
      const entry = entryOf(key);
      entry.listeners.add(listener);
      return () => {
        entry.listeners.delete(listener);
      };
    },
    snapshot: (key) => entries.get(hash(key))?.snapshot ?? PENDING,
    clear: () => entries.clear(),
  };
}

/** The app's cache (the prefetch before the first render fills it). */
export const bookingCache: BookingCache = createBookingCache();

export interface CachedQueryOptions<T> {
  key: CacheKey;
  fetcher: Fetcher<T>;
  staleMs: number;
  enabled?: boolean;
}

/** Reads `key` from the booking cache, loading it when missing, stale or failed before. */
export function useCachedQuery<T>(
  { key, fetcher, staleMs, enabled = true }: CachedQueryOptions<T>,
  cache: BookingCache = bookingCache,
): CachedQuery<T> {
  const id = JSON.stringify(key);
  // The answer is rendered in a transition (not with useSyncExternalStore, whose updates render in
  // one uninterrupted task): React renders the page the answers fill in slices, yielding to the
  // browser between them. The key's text stands for the key: a new array with the same parts is
  // the same query.
  const [seen, setSeen] = useState(() => ({ cache, id, snapshot: cache.snapshot(key) }));
  const snapshot = seen.cache === cache && seen.id === id ? seen.snapshot : cache.snapshot(key);
  useEffect(() => {
    const show = () => {
      const next = cache.snapshot(key);
      startTransition(() => {
        setSeen((previous) =>
          previous.cache === cache && previous.id === id && previous.snapshot === next
            ? previous
            : { cache, id, snapshot: next },
        );
      });
    };
    const unsubscribe = cache.subscribe(key, show);
    // An answer that came between the render and this subscription.
    show();
    return unsubscribe;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cache, id]);

  useEffect(() => {
    if (!enabled) return;
    const current = cache.snapshot(key);
    // A failed read is asked again when a screen mounts (TanStack's retryOnMount).
    if (current.status === 'error' && !current.fetching) {
      void cache.prefetch(key, fetcher, 0);
      return;
    }
    void cache.prefetch(key, fetcher, staleMs);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cache, id, enabled, staleMs]);

  const refetch = useCallback(
    () => cache.prefetch(key, fetcher, 0),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [cache, id],
  );

  const base: CachedQueryBase = { error: snapshot.error, isFetching: snapshot.fetching, refetch };
  if (snapshot.status === 'pending') return { ...base, isPending: true, isError: false, data: undefined };
  if (snapshot.status === 'error')
    return { ...base, isPending: false, isError: true, data: snapshot.data as T | undefined };
  return { ...base, isPending: false, isError: false, data: snapshot.data as T };
}
