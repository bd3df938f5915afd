// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { RouterProvider, createMemoryRouter, matchRoutes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AsyncStorageEngine } from '../lib/encrypted-storage';
import { SESSION_MARKER_KEY } from '../lib/auth-session';
import { ADMIN_AREA_ROUTES } from './admin-screens';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { createRehydrationWaiter } from './rehydration-gate';
import { createRoutes } from './router';
import { isEmbedded } from './route-guards';
import { setSelectedProvider, setSelectedTime } from '../features/booking/state/patientdetails-slice';
import { setServicetype } from '../features/booking/state/servicetype-slice';
import { setStepper } from '../features/booking/state/stepper-slice';
import { createAppStore } from './store';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

const emptyEngine: AsyncStorageEngine = {
  getItem: () => Promise.resolve(null),
  setItem: () => Promise.resolve(),
  removeItem: () => Promise.resolve(),
};

let container: HTMLDivElement;
let root: Root;

async function until(check: () => boolean, what: string): Promise<void> {
  // A ceiling, not a delay: a lazy screen's first load is transformed on demand (Babel runs the
  // Lingui macros), which takes seconds on a busy machine.
  for (let i = 0; i < 600; i += 1) {
    if (check()) return;
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  }
  throw new Error(`timed out waiting for ${what}; page shows: ${container.textContent ?? ''}`);
}

/** The booking shell rendered a step (the stepper names the current one). */
function bookingStep(): string {
  return container.querySelector('nav[aria-label="Booking steps"] [aria-current="step"]')?.textContent ?? '';
}

function heading(): string {
  return container.querySelector('main h1')?.textContent ?? '';
}

async function renderAt(
  path: string,
  prepare?: (store: ReturnType<typeof createAppStore>['store']) => void,
  ready: () => boolean = () => heading() !== '',
) {
  const { store, persistor } = createAppStore({
    sessionStorage: emptyEngine,
    localStorage: emptyEngine,
  });
  prepare?.(store);
  const router = createMemoryRouter(createRoutes({ adminLoginPath: 'adminlogin' }), {
    initialEntries: [path],
  });
  const waiter = createRehydrationWaiter(persistor, 5000);
  await act(async () => {
    root.render(
      <AppProviders store={store} waiter={waiter} queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    await Promise.resolve();
  });
  await until(ready, `the screen at ${path}`);
  return router;
}

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
});

/**
 * No API server here: every request fails as it would with nothing listening, without reaching a
 * real port (a product running on localhost:3000 would answer 401 and send the admin shell to login).
 */
function serverUnreachable(): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
  );
  vi.stubGlobal(
    'XMLHttpRequest',
    class UnreachableXhr extends XMLHttpRequest {
      override send(): void {
        setTimeout(() => this.dispatchEvent(new ProgressEvent('error')), 0);
      }
    },
  );
}

describe('routes (spec section 2)', () => {
  beforeEach(() => {
    serverUnreachable();
    localStorage.clear();
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });

  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    vi.unstubAllGlobals();
  });

  it('shows a public page at / without a stored session: the product and staff sign-in, nothing private', async () => {
    const router = await renderAt('/');
    expect(router.state.location.pathname).toBe('/');
    expect(heading()).toBe('Scheduler');
    const links = [...container.querySelectorAll('a')];
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Staff sign-in', '/adminlogin'],
    ]);
    // no stepper, no practice, no form
    expect(container.querySelector('nav, form, input')).toBeNull();
  });

  it('shows the admin home at / with a stored session', async () => {
    localStorage.setItem(SESSION_MARKER_KEY, JSON.stringify({ expiresAt: Date.now() + 3_600_000 }));
    const router = await renderAt('/');
    expect(router.state.location.pathname).toBe('/');
    expect(heading()).toBe('Admin home');
  });

  it('opens the landing step from the bare booking URL, keeping the query', async () => {
    const router = await renderAt('/acme/main/all/?utm_source=google', undefined, () => bookingStep() !== '');
    expect(router.state.location.pathname).toBe('/acme/main/all/landing');
    expect(router.state.location.search).toBe('?utm_source=google');
    expect(bookingStep()).toContain('Service');
  });

  it('shows a booking step inside one main landmark, below the stepper', async () => {
    await renderAt('/acme/main/all/landing', undefined, () => container.querySelector('main') !== null);
    expect(container.querySelectorAll('main')).toHaveLength(1);
    expect(container.querySelector('nav[aria-label="Booking steps"]')).not.toBeNull();
  });

  it('redirects a protected step to the first incomplete one', async () => {
    const router = await renderAt('/acme/main/all/insurance', undefined, () => bookingStep() !== '');
    expect(router.state.location.pathname).toBe('/acme/main/all/landing');
  });

  it('redirects to find appointment when no time was chosen', async () => {
    const router = await renderAt(
      '/acme/main/all/additionaldetails',
      (store) => {
        store.dispatch(setStepper(2));
        store.dispatch(
          setServicetype({
            appointmentTypeId: '3',
            name: 'Emergency visit',
            durationMinutes: 30,
          }),
        );
        store.dispatch(setSelectedProvider({ providerId: 1 }));
      },
      () => bookingStep() !== '',
    );
    expect(router.state.location.pathname).toBe('/acme/main/all/findappointment');
    expect(bookingStep()).toContain('Date & time');
  });

  it('opens a protected step whose earlier steps are complete', async () => {
    const router = await renderAt('/acme/main/all/additionaldetails', (store) => {
      store.dispatch(setStepper(2));
      store.dispatch(setSelectedProvider({ providerId: 1 }));
      store.dispatch(setSelectedTime({ start: '2030-01-02T15:00:00Z' }));
    });
    expect(router.state.location.pathname).toBe('/acme/main/all/additionaldetails');
    expect(heading()).toBe('Additional details');
  });

  it('switches the booking pages to Spanish from the header, keeping the patient where they are', async () => {
    let appStore: ReturnType<typeof createAppStore>['store'] | undefined;
    const router = await renderAt('/acme/main/all/landing?utm_source=mail', (store) => {
      appStore = store;
      store.dispatch(setStepper(2));
      store.dispatch(
        setServicetype({
          appointmentTypeId: '3',
          name: 'Emergency visit',
          durationMinutes: 30,
        }),
      );
    });
    const toggle = () =>
      [...container.querySelectorAll('header button')].find((button) => button.querySelector('[lang]'));
    expect(toggle()?.textContent).toBe('Español');
    expect(toggle()?.querySelector('[lang]')?.getAttribute('lang')).toBe('es');
    await act(async () => {
      toggle()?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      await Promise.resolve();
    });
    await until(() => toggle()?.textContent === 'English', 'the switch to name English');
    expect(toggle()?.querySelector('[lang]')?.getAttribute('lang')).toBe('en');
    expect(document.documentElement.lang).toBe('es');
    expect(appStore?.getState().patientdetails.language).toBe('es');
    // Nothing of the flow is lost: same page, same query, same answers.
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/acme/main/all/landing?utm_source=mail',
    );
    expect(appStore?.getState().stepper.stepper).toBe(2);
    expect(appStore?.getState().servicetype.servicetype).toMatchObject({
      appointmentTypeId: '3',
    });
    await act(async () => {
      toggle()?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      await Promise.resolve();
    });
    await until(() => toggle()?.textContent === 'Español', 'the switch back to English');
    expect(document.documentElement.lang).toBe('en');
  });

  it('sends a direct (not framed) visit of the widget to /404', async () => {
    const router = await renderAt('/acme/main/all/widget');
    expect(router.state.location.pathname).toBe('/404');
    expect(heading()).toBe('Page not found');
  });

  it('shows the not-found page for an unknown admin section, signed in or not', async () => {
    let router = await renderAt('/admin/7/3/nosuch', undefined, () => heading() === 'Page not found');
    expect(router.state.location.pathname).toBe('/admin/7/3/nosuch');
    act(() => root.unmount());
    root = createRoot(container);
    localStorage.setItem(SESSION_MARKER_KEY, JSON.stringify({ expiresAt: Date.now() + 3_600_000 }));
    router = await renderAt('/admin/7/3/nosuch/deeper', undefined, () => heading() === 'Page not found');
    expect(router.state.location.pathname).toBe('/admin/7/3/nosuch/deeper');
  });

  it('protects the admin area', async () => {
    const router = await renderAt('/admin/7/3/reports');
    expect(router.state.location.pathname).toBe('/adminlogin');
  });

  it.each([
    ['schedule', 'schedule'],
    ['managescheduler', 'managescheduler'],
    ['providercontrol', 'providercontrol'],
    ['providercontroleditprovider', 'providercontroleditprovider'],
    ['waitlist', 'waitlist'],
    ['configservices', 'configservices'],
    ['insuranceconfig', 'insuranceconfig'],
    ['locationconfig', 'locationconfig'],
    ['reports', 'reports'],
    ['widget', 'widget'],
    ['blank', 'blank'],
    ['patients', 'patients'],
    ['patientdetails/11/22', 'patientdetails/:patientId/:appointmentId'],
    ['users', 'users'],
  ])('opens admin screen %s in the admin shell for a signed-in admin', async (segment, routePath) => {
    localStorage.setItem(SESSION_MARKER_KEY, JSON.stringify({ expiresAt: Date.now() + 3_600_000 }));
    // The shell asks the server who the user is before showing a section (no server here).
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = await renderAt(`/admin/7/3/${segment}`);
    expect(router.state.location.pathname).toBe(`/admin/7/3/${segment}`);
    expect(router.state.matches[1]?.route.path).toBe('admin/:ClientId/:ruleId');
    // The sections' routes are declared in the admin area's own chunk (admin-screens.tsx).
    expect(matchRoutes(ADMIN_AREA_ROUTES, `/${segment}`)?.map((match) => match.route.path)).toEqual([
      undefined,
      routePath,
    ]);
    error.mockRestore();
  });

  it('shows the plain not-found page, without the stepper, for an unknown practice or scheduler', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(
            JSON.stringify({
              error: { code: 'NOT_FOUND', message: 'Not found.' },
            }),
            {
              status: 404,
              headers: { 'content-type': 'application/json' },
            },
          ),
        ),
      ),
    );
    await renderAt('/nosuchpractice/main/all/landing', undefined, () => heading() === 'Page not found');
    expect(container.querySelector('nav[aria-label="Booking steps"]')).toBeNull();
    expect(container.querySelector('header')).toBeNull();
    expect(container.textContent).not.toContain('Step 1 of');
  });

  it("puts the practice's mark, name and phone in the header and dark mode in its menu", async () => {
    const config = {
      rulesConfig: [
        {
          clientid: '1',
          clientName: 'BrightSmile Dental',
          schedulerId: '1',
          schedulerName: 'BrightSmile online booking',
          phone: '(212) 555-0142',
          settings: [],
        },
      ],
      today: '2026-11-25',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) =>
        Promise.resolve(
          (input instanceof Request ? input.url : input.toString()).includes('/getConfig?')
            ? Response.json(config)
            : Response.json({ error: { code: 'NOT_FOUND', message: 'Not found.' } }, { status: 404 }),
        ),
      ),
    );
    await renderAt(
      '/brightsmile/main/all/landing',
      undefined,
      () => container.querySelector('.booking-header__name')?.textContent === 'BrightSmile Dental',
    );
    const header = container.querySelector('header');
    expect(header?.querySelector('.booking-header__mark')?.textContent).toBe('BD');
    const call = header?.querySelector('a[href^="tel:"]');
    expect(call?.getAttribute('href')).toBe('tel:+12125550142');
    expect(call?.getAttribute('aria-label')).toBe('Call BrightSmile Dental: (212) 555-0142');
    const menu = [...(header?.querySelectorAll('button') ?? [])].find((b) => b.textContent?.includes('Menu'));
    expect(menu?.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(menu?.getAttribute('aria-controls') ?? '');
    expect(panel?.hidden).toBe(true);
    act(() => menu?.click());
    expect(menu?.getAttribute('aria-expanded')).toBe('true');
    expect(panel?.hidden).toBe(false);
    const dark = panel?.querySelector('button');
    expect(dark?.textContent).toBe('Dark mode');
    expect(dark?.getAttribute('aria-pressed')).toBe('false');
    act(() => dark?.click());
    expect(dark?.getAttribute('aria-pressed')).toBe('true');
    // Escape closes the menu and gives the focus back to its button.
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(panel?.hidden).toBe(true);
    expect(document.activeElement).toBe(menu);
  });

  it('shows the not-found page for unknown routes', async () => {
    await renderAt('/no/such');
    expect(heading()).toBe('Page not found');
  });

  it('shows the booking error screen when a booking screen fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const routes = createRoutes({ adminLoginPath: 'adminlogin' });
    const booking = routes[0]?.children?.find((route) => route.path === ':clientName/:scheduler/:location');
    // The booking shell is a pathless layout route below the booking route (the widget nests another).
    const landing = booking?.children?.[0]?.children?.find((route) => route.path === 'landing');
    if (!landing) throw new Error('landing route missing');
    const Broken = () => {
      throw new Error('boom');
    };
    landing.element = <Broken />;
    const { store, persistor } = createAppStore({
      sessionStorage: emptyEngine,
      localStorage: emptyEngine,
    });
    const router = createMemoryRouter(routes, {
      initialEntries: ['/acme/main/all/landing'],
    });
    await act(async () => {
      root.render(
        <AppProviders
          store={store}
          waiter={createRehydrationWaiter(persistor, 5000)}
          queryClient={createQueryClient()}
        >
          <RouterProvider router={router} />
        </AppProviders>,
      );
      await Promise.resolve();
    });
    await until(() => heading() !== '', 'the error screen');
    expect(heading()).toBe('We could not show this booking page');
    expect(container.textContent).not.toContain('boom');
    expect(error).toHaveBeenCalledWith('[route] booking error: Error: boom');
    error.mockRestore();
  });
});

describe('isEmbedded', () => {
  it('is true only inside a frame', () => {
    const self = {} as Window;
    expect(isEmbedded({ self, top: self } as unknown as Window)).toBe(false);
    expect(isEmbedded({ self, top: {} } as unknown as Window)).toBe(true);
  });
});
