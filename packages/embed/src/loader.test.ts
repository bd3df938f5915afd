// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountWidget, readOptions, start, type MountedWidget } from './loader.ts';
import { HOST_EVENTS, LOADER_SOURCE, WIDGET_SOURCE, type BookedEventDetail } from './protocol.ts';

const PRODUCT = 'https://book.example.com';

function addScript(
  attributes: Record<string, string>,
  parent: HTMLElement = document.body,
): HTMLScriptElement {
  const script = document.createElement('script');
  // No src attribute in the DOM would make jsdom try to load it; set the property's value by hand.
  Object.defineProperty(script, 'src', { value: `${PRODUCT}/embed.js`, configurable: true });
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  parent.appendChild(script);
  return script;
}

function postFromWidget(widget: MountedWidget, data: unknown, origin = PRODUCT, source?: Window | null) {
  window.dispatchEvent(
    new MessageEvent('message', {
      data,
      origin,
      source: source === undefined ? widget.iframe.contentWindow : source,
    }),
  );
}

const basic = { 'data-client': 'brightsmile', 'data-scheduler': 'main', 'data-location': 'midtown' };

describe('the widget loader', () => {
  let mounted: MountedWidget[] = [];

  beforeEach(() => {
    document.body.innerHTML = '<p>Practice page</p>';
    window.history.replaceState(
      null,
      '',
      '/book?utm_source=google&utm_campaign=spring&rwg_token=tok123&other=x',
    );
  });
  afterEach(() => {
    for (const widget of mounted) widget.destroy();
    mounted = [];
    vi.restoreAllMocks();
  });

  function mount(attributes: Record<string, string> = basic): MountedWidget {
    const widget = mountWidget(addScript(attributes));
    if (!widget) throw new Error('not mounted');
    mounted.push(widget);
    return widget;
  }

  it('puts an iframe of the widget route right after the script, with the host campaign parameters', () => {
    const widget = mount({ ...basic, 'data-color': '#0a7', 'data-theme': 'dark' });
    const url = new URL(widget.iframe.src);
    expect(url.origin).toBe(PRODUCT);
    expect(url.pathname).toBe('/brightsmile/main/midtown/widget');
    expect(url.searchParams.get('utm_source')).toBe('google');
    expect(url.searchParams.get('utm_campaign')).toBe('spring');
    expect(url.searchParams.get('rwg_token')).toBe('tok123');
    expect(url.searchParams.has('other')).toBe(false);
    expect(url.searchParams.get('embedOrigin')).toBe(window.location.origin);
    expect(url.searchParams.get('embedId')).toBe(widget.id);
    expect(url.searchParams.get('embedColor')).toBe('#00AA77');
    expect(url.searchParams.get('embedTheme')).toBe('dark');
    expect(widget.iframe.title).toBe('Book an appointment');
    expect(widget.container.previousElementSibling?.tagName).toBe('SCRIPT');
  });

  it('uses the container named by data-container', () => {
    document.body.insertAdjacentHTML('beforeend', '<section id="booking"></section>');
    const widget = mount({ ...basic, 'data-container': '#booking' });
    expect(widget.container.id).toBe('booking');
    expect(widget.container.querySelector('iframe')).toBe(widget.iframe);
  });

  it('refuses a tag without client or scheduler, and a container that does not exist', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(mountWidget(addScript({ 'data-scheduler': 'main' }))).toBeNull();
    expect(mountWidget(addScript({ ...basic, 'data-client': '../admin' }))).toBeNull();
    expect(mountWidget(addScript({ ...basic, 'data-container': '#nowhere' }))).toBeNull();
    expect(error).toHaveBeenCalledTimes(3);
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
  });

  it('defaults the location to all and ignores an unreadable colour or theme', () => {
    const options = readOptions(
      addScript({ 'data-client': 'a', 'data-scheduler': 'b', 'data-color': 'red', 'data-theme': 'x' }),
    );
    expect(options).toMatchObject({ location: 'all', colour: null, theme: null });
  });

  it('follows resize messages from its own iframe and clamps them', () => {
    const widget = mount();
    postFromWidget(widget, { source: WIDGET_SOURCE, v: 1, id: widget.id, type: 'resize', height: 812.4 });
    expect(widget.iframe.style.height).toBe('813px');
    postFromWidget(widget, { source: WIDGET_SOURCE, v: 1, id: widget.id, type: 'resize', height: 1e9 });
    expect(widget.iframe.style.height).toBe('20000px');
    postFromWidget(widget, { source: WIDGET_SOURCE, v: 1, id: widget.id, type: 'resize', height: 3 });
    expect(widget.iframe.style.height).toBe('120px');
  });

  it('ignores messages from another origin, another window or another widget', () => {
    const widget = mount();
    const resize = { source: WIDGET_SOURCE, v: 1, id: widget.id, type: 'resize', height: 900 };
    postFromWidget(widget, resize, 'https://evil.example');
    postFromWidget(widget, resize, PRODUCT, window);
    postFromWidget(widget, { ...resize, id: 'someone-else' });
    postFromWidget(widget, { ...resize, source: 'other-script' });
    expect(widget.iframe.style.height).toBe('640px');
  });

  it('tells the host page when an appointment is booked, with a bubbling DOM event', () => {
    const widget = mount();
    const received: BookedEventDetail[] = [];
    document.addEventListener(HOST_EVENTS.booked, (event) => {
      received.push((event as CustomEvent<BookedEventDetail>).detail);
    });
    postFromWidget(widget, {
      source: WIDGET_SOURCE,
      v: 1,
      id: widget.id,
      type: 'booked',
      booking: { appointmentId: '42', startUtc: '2026-12-01T15:00:00.000Z', locationId: '3', patient: 'x' },
    });
    expect(received).toEqual([
      {
        client: 'brightsmile',
        scheduler: 'main',
        location: 'midtown',
        appointmentId: '42',
        startUtc: '2026-12-01T15:00:00.000Z',
        appointmentTypeId: null,
        locationId: '3',
        providerId: null,
      },
    ]);
  });

  it('sends the theme to the widget, to the product origin only, when it is ready and when it changes', () => {
    const widget = mount({ ...basic, 'data-theme': 'light' });
    const frameWindow = widget.iframe.contentWindow;
    if (!frameWindow) throw new Error('no frame window');
    const post = vi.spyOn(frameWindow, 'postMessage').mockImplementation(() => undefined);
    const ready: Event[] = [];
    widget.container.addEventListener(HOST_EVENTS.ready, (event) => ready.push(event));

    postFromWidget(widget, { source: WIDGET_SOURCE, v: 1, id: widget.id, type: 'ready' });
    expect(ready).toHaveLength(1);
    expect(post).toHaveBeenLastCalledWith(
      { source: LOADER_SOURCE, v: 1, id: widget.id, type: 'theme', mode: 'light' },
      PRODUCT,
    );
    return Promise.resolve().then(async () => {
      widget.container.setAttribute('data-theme', 'dark');
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(post).toHaveBeenLastCalledWith(
        { source: LOADER_SOURCE, v: 1, id: widget.id, type: 'theme', mode: 'dark' },
        PRODUCT,
      );
    });
  });

  it('mounts a script only once', () => {
    const script = addScript(basic);
    start(script);
    start(script);
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
    document.querySelector('iframe')?.remove();
  });
});
