import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Spec section 8/9: a screen that has not loaded after this long raises a load error. */
export const SCREEN_LOAD_TIMEOUT_MS = 120_000;

export class ScreenLoadError extends Error {
  override readonly name = 'ScreenLoadError';
}

/** Resolves with `load()`, or rejects with a ScreenLoadError when it takes longer than `timeoutMs`. */
export function withLoadTimeout<T>(
  load: () => Promise<T>,
  timeoutMs: number = SCREEN_LOAD_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new ScreenLoadError(`The screen did not load within ${Math.round(timeoutMs / 1000)} seconds.`));
    }, timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new ScreenLoadError('The screen could not be loaded.'));
      },
    );
  });
}

/**
 * React.lazy over a loader that returns the component (named exports, no default exports needed),
 * with the load timeout applied.
 */
export function lazyScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  timeoutMs: number = SCREEN_LOAD_TIMEOUT_MS,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: await withLoadTimeout(load, timeoutMs) }));
}
