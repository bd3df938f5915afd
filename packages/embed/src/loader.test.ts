// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FRAME_TIMEOUT_MS,
  READY_AFTER_LOAD_MS,
  mountWidget,
  readOptions,
  start,
  type MountedWidget,
} from './loader.ts';
import {
  HOST_EVENTS,
  LOADER_SOURCE,
  WIDGET_SOURCE,
  normalizePhone,
  type BookedEventDetail,
} from './protocol.ts';

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

  it('passes data-lang to the frame as lang (en or es only), and speaks it in its own texts', () => {
    const spanish = mount({ ...basic, 'data-lang': 'es-MX' });
    expect(new URL(spanish.iframe.src).searchParams.get('lang')).toBe('es');
    expect(spanish.iframe.title).toBe('Reservar una cita');
    const english = mount({ ...basic, 'data-lang': 'EN' });
    expect(new URL(english.iframe.src).searchParams.get('lang')).toBe('en');
    expect(english.iframe.title).toBe('Book an appointment');
    for (const value of ['fr', 'es"><script>', 'spanish', '']) {
      const widget = mount({ ...basic, 'data-lang': value });
      expect(new URL(widget.iframe.src).searchParams.has('lang')).toBe(false);
    }
    const none = mount();
    expect(new URL(none.iframe.src).searchParams.has('lang')).toBe(false);
    expect(readOptions(addScript({ ...basic, 'data-lang': 'es' }))).toMatchObject({ lang: 'es' });
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

  describe('a frame the site may not show (not on the allowed list)', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    const fallbackOf = (widget: MountedWidget) =>
      widget.container.querySelector<HTMLElement>('[data-scheduler-fallback]');

    it("shows, after a load with no 'ready', a link opening the booking page in a new tab and the practice's phone", () => {
      const widget = mount({ ...basic, 'data-phone': '(212) 555-0142' });
      const blocked: Event[] = [];
      widget.container.addEventListener(HOST_EVENTS.blocked, (event) => blocked.push(event));
      widget.iframe.dispatchEvent(new Event('load'));
      vi.advanceTimersByTime(READY_AFTER_LOAD_MS - 1);
      expect(fallbackOf(widget)).toBeNull();
      vi.advanceTimersByTime(1);

      const fallback = fallbackOf(widget);
      expect(fallback?.textContent).toContain('Online booking cannot open on this page.');
      const [book, call] = [...(fallback?.querySelectorAll('a') ?? [])];
      expect(book?.textContent).toBe('Book online (opens in a new tab)');
      expect(book?.target).toBe('_blank');
      expect(book?.rel).toBe('noopener');
      const url = new URL(book?.href ?? '');
      expect(url.origin + url.pathname).toBe(`${PRODUCT}/brightsmile/main/midtown/landing`);
      expect(url.searchParams.get('utm_source')).toBe('google');
      expect(url.searchParams.has('embedId')).toBe(false);
      expect(call?.textContent).toBe('(212) 555-0142');
      expect(call?.getAttribute('href')).toBe('tel:2125550142');
      expect(widget.iframe.style.display).toBe('none');
      expect(blocked).toHaveLength(1);
      expect((blocked[0] as CustomEvent).detail).toEqual({
        client: 'brightsmile',
        scheduler: 'main',
        location: 'midtown',
      });
    });

    it('falls back without any load event too, and without a phone shows only the link', () => {
      const widget = mount({ ...basic, 'data-phone': '<img src=x onerror=alert(1)>' });
      vi.advanceTimersByTime(FRAME_TIMEOUT_MS);
      const fallback = fallbackOf(widget);
      expect(fallback?.querySelectorAll('a')).toHaveLength(1);
      expect(fallback?.querySelector('img')).toBeNull();
    });

    it("keeps the widget when it says 'ready' in time, and brings it back when 'ready' comes late", () => {
      const onTime = mount();
      onTime.iframe.dispatchEvent(new Event('load'));
      postFromWidget(onTime, { source: WIDGET_SOURCE, v: 1, id: onTime.id, type: 'ready' });
      vi.advanceTimersByTime(FRAME_TIMEOUT_MS * 2);
      expect(fallbackOf(onTime)).toBeNull();
      expect(onTime.iframe.style.display).toBe('block');

      const late = mount({ ...basic, 'data-container': '' });
      vi.advanceTimersByTime(FRAME_TIMEOUT_MS);
      expect(fallbackOf(late)).not.toBeNull();
      postFromWidget(late, { source: WIDGET_SOURCE, v: 1, id: late.id, type: 'ready' });
      expect(fallbackOf(late)).toBeNull();
      expect(late.iframe.style.display).toBe('block');
    });

    it("ignores a 'ready' from another origin: the fallback stays", () => {
      const widget = mount();
      vi.advanceTimersByTime(FRAME_TIMEOUT_MS);
      postFromWidget(
        widget,
        { source: WIDGET_SOURCE, v: 1, id: widget.id, type: 'ready' },
        'https://evil.example',
      );
      expect(fallbackOf(widget)).not.toBeNull();
    });
  });
});

describe('normalizePhone', () => {
  it('accepts phone numbers as people write them and nothing else', () => {
    expect(normalizePhone(' (212) 555-0142 ')).toBe('(212) 555-0142');
    expect(normalizePhone('+1 212.555.0142')).toBe('+1 212.555.0142');
    expect(normalizePhone('call us')).toBeNull();
    expect(normalizePhone('javascript:alert(1)')).toBeNull();
    expect(normalizePhone(undefined)).toBeNull();
  });
});
