import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { createRehydrationWaiter } from './rehydration-gate';

function fakePersistor(bootstrapped = false) {
  const listeners = new Set<() => void>();
  const state = { registry: [] as string[], bootstrapped };
  return {
    getState: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    finish() {
      state.bootstrapped = true;
      listeners.forEach((listener) => listener());
    },
  };
}

describe('rehydration waiter', () => {
  let info: MockInstance<typeof console.info>;
  beforeEach(() => {
    vi.useFakeTimers();
    info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    info.mockRestore();
  });

  it('is ready at once when the state was already restored', () => {
    expect(createRehydrationWaiter(fakePersistor(true), 5000).getSnapshot()).toBe(true);
  });

  it('becomes ready when the stored state is restored', () => {
    const persistor = fakePersistor();
    const waiter = createRehydrationWaiter(persistor, 5000);
    const listener = vi.fn();
    waiter.subscribe(listener);
    expect(waiter.getSnapshot()).toBe(false);
    persistor.finish();
    expect(waiter.getSnapshot()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('gives up waiting after 5000 ms', () => {
    const waiter = createRehydrationWaiter(fakePersistor(), 5000);
    vi.advanceTimersByTime(4999);
    expect(waiter.getSnapshot()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(waiter.getSnapshot()).toBe(true);
    expect(info).toHaveBeenCalledTimes(1);
  });
});
