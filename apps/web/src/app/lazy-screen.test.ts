import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCREEN_LOAD_TIMEOUT_MS, ScreenLoadError, withLoadTimeout } from './lazy-screen';

describe('withLoadTimeout', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits 120000 ms by default', () => {
    expect(SCREEN_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('resolves with the screen when it loads in time', async () => {
    await expect(withLoadTimeout(() => Promise.resolve('screen'), 1000)).resolves.toBe('screen');
  });

  it('rejects with a load error when the screen takes longer than the limit', async () => {
    vi.useFakeTimers();
    const pending = withLoadTimeout(() => new Promise<never>(() => undefined));
    const settled = expect(pending).rejects.toBeInstanceOf(ScreenLoadError);
    await vi.advanceTimersByTimeAsync(SCREEN_LOAD_TIMEOUT_MS - 1);
    let done = false;
    void pending.catch(() => {
      done = true;
    });
    await Promise.resolve();
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await settled;
  });

  it('passes on a failed load', async () => {
    await expect(withLoadTimeout(() => Promise.reject(new TypeError('chunk failed')), 1000)).rejects.toThrow(
      'chunk failed',
    );
  });
});
