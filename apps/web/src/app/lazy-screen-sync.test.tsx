// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyScreen } from './lazy-screen';

function Ready() {
  return <h1>Find a time</h1>;
}

describe('lazyScreen', () => {
  afterEach(cleanup);

  it('renders a screen already loaded at once, never its fallback', async () => {
    const load = vi.fn(() => Promise.resolve(Ready));
    const Screen = lazyScreen(load);
    await Screen.preload();
    const fallback = vi.fn(() => <p>Loading...</p>);
    const Fallback = () => fallback();
    render(
      <Suspense fallback={<Fallback />}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByRole('heading', { name: 'Find a time' })).toBeDefined();
    expect(fallback).not.toHaveBeenCalled();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows the fallback while a screen loads, then the screen', async () => {
    let resolve: (component: typeof Ready) => void = () => undefined;
    const Screen = lazyScreen(() => new Promise<typeof Ready>((done) => (resolve = done)));
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByText('Loading...')).toBeDefined();
    await act(async () => {
      resolve(Ready);
      await Promise.resolve();
    });
    expect(await screen.findByRole('heading', { name: 'Find a time' })).toBeDefined();
  });

  it('loads again (suspends) when what the screen needs besides its code is not there now', async () => {
    let ready = true;
    const load = vi.fn(() => Promise.resolve(Ready));
    const Screen = lazyScreen(load, { ready: () => ready });
    await Screen.preload();
    ready = false;
    const fallback = vi.fn(() => <p>Loading...</p>);
    const Fallback = () => fallback();
    render(
      <Suspense fallback={<Fallback />}>
        <Screen />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'Find a time' })).toBeDefined();
    expect(fallback).toHaveBeenCalled();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
