import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { AsyncStorageEngine } from '../lib/encrypted-storage';
import { setStepper } from '../features/booking/state/stepper-slice';
import { RESTORE, parseStoredSlot, restorable } from './persistence';
import { STATE_RESTORE_TIMEOUT_MS, createAppStore } from './store';

function memoryEngine(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  const setItem = vi.fn((key: string, value: string) => {
    items.set(key, value);
    return Promise.resolve();
  });
  const engine: AsyncStorageEngine = {
    getItem: (key) => Promise.resolve(items.get(key) ?? null),
    setItem,
    removeItem: (key) => {
      items.delete(key);
      return Promise.resolve();
    },
  };
  return { engine, items, setItem };
}

async function settle(persistor?: { getState(): { bootstrapped: boolean } }): Promise<void> {
  for (let i = 0; i < 200 && persistor?.getState().bootstrapped !== true; i += 1)
    await new Promise((resolve) => setTimeout(resolve, 5));
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('state persistence (spec section 4)', () => {
  let info: MockInstance<typeof console.info>;
  beforeEach(() => {
    info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
  });
  afterEach(() => {
    info.mockRestore();
    vi.useRealTimers();
  });

  it('gives up a restore that takes longer than 5000 ms: empty state, logged, then ready', async () => {
    vi.useFakeTimers();
    const never: AsyncStorageEngine = {
      getItem: () => new Promise<never>(() => undefined),
      setItem: () => Promise.resolve(),
      removeItem: () => Promise.resolve(),
    };
    const { store, persistor } = createAppStore({ sessionStorage: never, localStorage: never });
    await vi.advanceTimersByTimeAsync(STATE_RESTORE_TIMEOUT_MS - 1);
    expect(persistor.getState().bootstrapped).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(persistor.getState().bootstrapped).toBe(true);
    expect(store.getState().stepper.stepper).toBe(0);
    expect(info).toHaveBeenCalledWith('state restore failed: root not restored within 5000 ms');
  });

  it('writes nothing while the slot is empty and the state unchanged, then the stored format', async () => {
    const session = memoryEngine();
    const local = memoryEngine();
    const { store, persistor } = createAppStore({
      sessionStorage: session.engine,
      localStorage: local.engine,
    });
    await settle(persistor);
    expect(persistor.getState().bootstrapped).toBe(true);
    expect(session.setItem).not.toHaveBeenCalled();
    expect(local.setItem).not.toHaveBeenCalled();

    store.dispatch(setStepper(2));
    await persistor.flush();
    const root = parseStoredSlot(session.items.get('persist:root') ?? '');
    expect(root.stepper).toEqual({ stepper: 2 });
    expect(root._persist).toEqual({ version: -1, rehydrated: true });
    expect(local.setItem).not.toHaveBeenCalled();

    // A stored value restores in a new store (as after a reload).
    const again = createAppStore({ sessionStorage: session.engine, localStorage: local.engine });
    await settle(again.persistor);
    expect(info).not.toHaveBeenCalled();
    expect(again.store.getState().stepper.stepper).toBe(2);
  });

  it('replaces a slot it could not read (e.g. a failed decryption) with the state as restored', async () => {
    const setItem = vi.fn(() => Promise.resolve());
    const unreadable: AsyncStorageEngine = {
      getItem: () => Promise.resolve(undefined), // what the encrypted engine answers on a failure
      setItem,
      removeItem: () => Promise.resolve(),
    };
    const { store, persistor } = createAppStore({
      sessionStorage: unreadable,
      localStorage: memoryEngine().engine,
    });
    await settle(persistor);
    expect(store.getState().stepper.stepper).toBe(0);
    expect(setItem).toHaveBeenCalledWith('persist:root', expect.stringContaining('"stepper"'));
  });

  it('keeps a field an action changed before the restore arrived; ignores unknown fields', () => {
    const reducer = restorable<{ a: number; b: number }>('part', (state = { a: 0, b: 0 }, action) =>
      action.type === 'setA' ? { ...state, a: 5 } : state,
    );
    let state = reducer(undefined, { type: 'init' });
    state = reducer(state, { type: 'setA' });
    state = reducer(state, { type: RESTORE, key: 'part', payload: { a: 1, b: 2, c: 3 } });
    expect(state).toEqual({ a: 5, b: 2 });
    expect(reducer(state, { type: RESTORE, key: 'other', payload: { b: 9 } })).toBe(state);
    expect(reducer(state, { type: RESTORE, key: 'part', payload: undefined })).toBe(state);
  });

  it('reads only its stored format', () => {
    expect(parseStoredSlot('{"a":"1","b":"{\\"c\\":2}"}')).toEqual({ a: 1, b: { c: 2 } });
    expect(() => parseStoredSlot('[1]')).toThrow('not an object');
    expect(() => parseStoredSlot('{"a":1}')).toThrow('field a is not encoded');
    expect(() => parseStoredSlot('{not json')).toThrow();
  });
});
