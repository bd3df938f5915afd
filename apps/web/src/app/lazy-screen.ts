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

/** A lazy screen whose code can be loaded before it renders (main.tsx, for the URL's step). */
export type PreloadableScreen<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts loading the screen (once); resolves when it can render without waiting. */
  preload: () => Promise<ComponentType<P>>;
};

export interface LazyScreenOptions {
  timeoutMs?: number;
  /**
   * Whether what the screen needs besides its code is there now (its catalog in the active
   * language, i18n/catalogs.ts withCatalog's `ready`); when not, the screen loads it (suspends).
   */
  ready?: (() => boolean) | undefined;
}

/**
 * React.lazy over a loader that returns the component (named exports, no default exports needed),
 * with the load timeout applied. A screen already loaded (preloaded, or shown before) renders at
 * once: React.lazy gets a thenable that calls back synchronously, which React 19 reads in the same
 * render, instead of a promise, which would show the 'Loading...' fallback for a frame and then hold
 * the screen back (React reveals a suspended boundary's content at most every 300 ms).
 */
export function lazyScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  options: LazyScreenOptions | number = {},
): PreloadableScreen<P> {
  const { timeoutMs = SCREEN_LOAD_TIMEOUT_MS, ready } =
    typeof options === 'number' ? { timeoutMs: options } : options;
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = (): Promise<ComponentType<P>> => {
    loading ??= withLoadTimeout(load, timeoutMs).then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Screen = lazy(() => {
    const component = loaded;
    if (component !== undefined && (ready?.() ?? true)) return resolvedThenable({ default: component });
    // Not all there: (re)load, for the active language's catalog when only that is missing.
    if (component !== undefined) loading = undefined;
    return preload().then((value) => ({ default: value }));
  });
  return Object.assign(Screen, { preload });
}

/**
 * A promise already fulfilled whose `then` calls back at once (React.lazy then resolves in the same
 * render); its other methods are a plain promise's.
 */
function resolvedThenable<T>(value: T): Promise<T> {
  const promise = Promise.resolve(value);
  const then = promise.then.bind(promise);
  const syncThen = (
    onFulfilled?: ((value: T) => unknown) | null,
    onRejected?: ((reason: unknown) => unknown) | null,
  ) => (onFulfilled ? Promise.resolve(onFulfilled(value)) : then(onFulfilled, onRejected));
  return Object.assign(promise, { then: syncThen as Promise<T>['then'] });
}
