/**
 * The widget loader: turns one `<script src=".../embed.js" data-client data-scheduler
 * data-location [data-color] [data-theme] [data-lang] [data-container] [data-title]>` on a practice's page
 * into an iframe of the booking widget, sized to its content, that tells the page when an
 * appointment is booked. See protocol.ts for the messages and their origin checks.
 */
import {
  CAMPAIGN_PARAMS,
  EMBED_PARAMS,
  HOST_EVENTS,
  LANG_PARAM,
  LOADER_SOURCE,
  PROTOCOL_VERSION,
  clampFrameHeight,
  isThemeMode,
  normalizeColour,
  normalizeLang,
  normalizePhone,
  readWidgetMessage,
  type BookedEventDetail,
  type LoaderMessage,
  type ThemeMode,
  type WidgetEventDetail,
  type WidgetLang,
} from './protocol.ts';

export interface WidgetOptions {
  /** Origin of the product (where `/embed.js` came from). */
  productOrigin: string;
  client: string;
  scheduler: string;
  location: string;
  colour: string | null;
  /** 'auto' follows the host's `prefers-color-scheme`; null leaves the widget's own default. */
  theme: ThemeMode | 'auto' | null;
  /** `data-lang`: the widget's language ('en' or 'es'); null lets the widget choose (browser, practice). */
  lang: WidgetLang | null;
  /** CSS selector of the element to put the widget in; null: right after the script. */
  container: string | null;
  title: string;
  /** The practice's public phone (`data-phone`), shown when the widget cannot open; null: none. */
  phone: string | null;
}

export interface MountedWidget {
  id: string;
  iframe: HTMLIFrameElement;
  container: HTMLElement;
  destroy(): void;
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const INITIAL_HEIGHT = 640;
/**
 * A refused frame (CSP frame-ancestors) still fires `load`, with the browser's error page, and never
 * says 'ready'. After `load`, the widget's own code needs its screen's chunk and first answer:
 * this long without 'ready' means it did not start. Without any `load`, FRAME_TIMEOUT_MS.
 */
export const READY_AFTER_LOAD_MS = 6000;
export const FRAME_TIMEOUT_MS = 20_000;
const LOG_PREFIX = '[scheduler embed]';

/** The loader's own texts (the frame's title, and what shows when the widget cannot open). */
const TEXTS: Record<WidgetLang, { title: string; cannotOpen: string; bookOnline: string; orCall: string }> = {
  en: {
    title: 'Book an appointment',
    cannotOpen: 'Online booking cannot open on this page.',
    bookOnline: 'Book online (opens in a new tab)',
    orCall: 'Or call ',
  },
  es: {
    title: 'Reservar una cita',
    cannotOpen: 'La reserva en línea no se puede abrir en esta página.',
    bookOnline: 'Reservar en línea (se abre en una pestaña nueva)',
    orCall: 'O llame al ',
  },
};

/** The options of a loader script tag, or the reason they are unusable. */
export function readOptions(script: HTMLScriptElement): WidgetOptions | string {
  const data = script.dataset;
  const client = data.client ?? '';
  const scheduler = data.scheduler ?? '';
  const location = data.location ?? 'all';
  if (!SEGMENT.test(client)) return 'data-client is missing or invalid';
  if (!SEGMENT.test(scheduler)) return 'data-scheduler is missing or invalid';
  if (!SEGMENT.test(location)) return 'data-location is invalid';
  let productOrigin: string;
  try {
    productOrigin = new URL(script.src).origin;
  } catch {
    return 'the script has no usable src';
  }
  const theme = data.theme ?? null;
  const lang = normalizeLang(data.lang);
  return {
    productOrigin,
    client,
    scheduler,
    location,
    colour: normalizeColour(data.color),
    theme: theme === 'auto' || isThemeMode(theme) ? theme : null,
    lang,
    container: data.container ?? null,
    title: data.title ?? TEXTS[lang ?? 'en'].title,
    phone: normalizePhone(data.phone),
  };
}

function newId(): string {
  return `w${Math.random().toString(36).slice(2, 10)}`;
}

/** The widget URL: the product's widget route with the embed and the host's campaign parameters. */
export function widgetUrl(
  options: WidgetOptions,
  id: string,
  host: Pick<Location, 'origin' | 'search'>,
  theme: ThemeMode | null,
): string {
  const url = new URL(
    `/${options.client}/${options.scheduler}/${options.location}/widget`,
    options.productOrigin,
  );
  const hostParams = new URLSearchParams(host.search);
  for (const name of CAMPAIGN_PARAMS) {
    const value = hostParams.get(name);
    if (value) url.searchParams.set(name, value.slice(0, 200));
  }
  url.searchParams.set(EMBED_PARAMS.id, id);
  url.searchParams.set(EMBED_PARAMS.origin, host.origin);
  if (options.colour) url.searchParams.set(EMBED_PARAMS.color, options.colour);
  if (theme) url.searchParams.set(EMBED_PARAMS.theme, theme);
  if (options.lang) url.searchParams.set(LANG_PARAM, options.lang);
  return url.href;
}

/** The booking page itself (outside any frame), with the host's campaign parameters. */
export function bookingPageUrl(options: WidgetOptions, host: Pick<Location, 'search'>): string {
  const url = new URL(
    `/${options.client}/${options.scheduler}/${options.location}/landing`,
    options.productOrigin,
  );
  const hostParams = new URLSearchParams(host.search);
  for (const name of CAMPAIGN_PARAMS) {
    const value = hostParams.get(name);
    if (value) url.searchParams.set(name, value.slice(0, 200));
  }
  if (options.lang) url.searchParams.set(LANG_PARAM, options.lang);
  return url.href;
}

/**
 * What the host page shows where the widget could not open: a link that opens the booking page in
 * a new tab and, when the tag gives it, the practice's phone. Plain DOM, text only (no HTML parsed).
 */
function fallbackOf(options: WidgetOptions, doc: Document, href: string): HTMLElement {
  const box = doc.createElement('div');
  box.setAttribute('data-scheduler-fallback', '');
  box.setAttribute('role', 'region');
  box.setAttribute('aria-label', options.title);
  box.style.cssText = 'padding:16px;border:1px solid #888;border-radius:4px;font:inherit;line-height:1.5';
  const line = (text: string) => {
    const p = doc.createElement('p');
    p.style.margin = '0 0 8px';
    p.textContent = text;
    box.appendChild(p);
    return p;
  };
  const link = (p: HTMLElement, text: string, url: string) => {
    const a = doc.createElement('a');
    a.href = url;
    a.textContent = text;
    a.style.cssText = 'display:inline-block;min-height:44px;line-height:44px;font-weight:600';
    p.appendChild(a);
    return a;
  };
  const texts = TEXTS[options.lang ?? 'en'];
  line(texts.cannotOpen);
  const book = link(line(''), texts.bookOnline, href);
  book.target = '_blank';
  book.rel = 'noopener';
  if (options.phone) {
    const call = line(texts.orCall);
    link(call, options.phone, `tel:${options.phone.replace(/[^\d+]/g, '')}`);
  }
  return box;
}

function findContainer(options: WidgetOptions, script: HTMLScriptElement, doc: Document): HTMLElement | null {
  if (options.container) {
    try {
      return doc.querySelector<HTMLElement>(options.container);
    } catch {
      return null;
    }
  }
  const div = doc.createElement('div');
  // Right where the tag is; a tag in <head> puts the widget at the end of <body>.
  if (doc.body?.contains(script)) script.after(div);
  else if (doc.body) doc.body.appendChild(div);
  else return null;
  return div;
}

/** Creates the iframe for `script`, wires its messages; null (with a console error) when it cannot. */
export function mountWidget(script: HTMLScriptElement, win: Window = window): MountedWidget | null {
  const doc = win.document;
  const options = readOptions(script);
  if (typeof options === 'string') {
    console.error(`${LOG_PREFIX} ${options}`);
    return null;
  }
  const container = findContainer(options, script, doc);
  if (!container) {
    console.error(`${LOG_PREFIX} no element matches data-container="${options.container ?? ''}"`);
    return null;
  }
  const id = newId();
  const dark = win.matchMedia?.('(prefers-color-scheme: dark)');
  const currentTheme = (): ThemeMode | null => {
    const wanted = container.getAttribute('data-theme') ?? options.theme;
    if (wanted === 'auto') return dark?.matches ? 'dark' : 'light';
    return isThemeMode(wanted) ? wanted : null;
  };

  const iframe = doc.createElement('iframe');
  iframe.src = widgetUrl(options, id, win.location, currentTheme());
  iframe.title = options.title;
  iframe.setAttribute('data-scheduler-widget', id);
  iframe.style.cssText = `display:block;width:100%;min-width:280px;border:0;height:${INITIAL_HEIGHT}px`;
  container.appendChild(iframe);

  const detail: WidgetEventDetail = {
    client: options.client,
    scheduler: options.scheduler,
    location: options.location,
  };
  const emit = (name: string, eventDetail: WidgetEventDetail | BookedEventDetail) => {
    container.dispatchEvent(new CustomEvent(name, { detail: eventDetail, bubbles: true, composed: true }));
  };
  const postTheme = () => {
    const mode = currentTheme();
    if (!mode) return;
    const message: LoaderMessage = { source: LOADER_SOURCE, v: PROTOCOL_VERSION, id, type: 'theme', mode };
    iframe.contentWindow?.postMessage(message, options.productOrigin);
  };

  const onMessage = (event: MessageEvent) => {
    // Only our iframe, only from the product's origin.
    if (event.origin !== options.productOrigin || event.source !== iframe.contentWindow) return;
    const message = readWidgetMessage(event.data);
    if (!message || message.id !== id) return;
    switch (message.type) {
      case 'ready':
        onReady();
        postTheme();
        emit(HOST_EVENTS.ready, detail);
        return;
      case 'resize':
        iframe.style.height = `${clampFrameHeight(message.height)}px`;
        return;
      case 'step':
        // A new step starts at its top: bring the widget's top into view when it scrolled away.
        if (iframe.getBoundingClientRect().top < 0) iframe.scrollIntoView({ block: 'start' });
        return;
      case 'booked':
        emit(HOST_EVENTS.booked, { ...detail, ...message.booking });
        return;
    }
  };
  // A refused frame (the site is not on the allowed list) never says 'ready': show the booking
  // link and the phone instead. A 'ready' that comes late (a slow network) brings the widget back.
  let ready = false;
  let fallback: HTMLElement | null = null;
  const timers: ReturnType<typeof setTimeout>[] = [];
  const clearTimers = () => timers.splice(0).forEach((timer) => clearTimeout(timer));
  const showFallback = () => {
    clearTimers();
    if (ready || fallback) return;
    fallback = fallbackOf(options, doc, bookingPageUrl(options, win.location));
    iframe.style.display = 'none';
    container.insertBefore(fallback, iframe);
    emit(HOST_EVENTS.blocked, detail);
  };
  const onReady = () => {
    ready = true;
    clearTimers();
    fallback?.remove();
    fallback = null;
    iframe.style.display = 'block';
  };
  const onLoad = () => {
    if (!ready) timers.push(setTimeout(showFallback, READY_AFTER_LOAD_MS));
  };
  iframe.addEventListener('load', onLoad);
  timers.push(setTimeout(showFallback, FRAME_TIMEOUT_MS));

  win.addEventListener('message', onMessage);
  dark?.addEventListener?.('change', postTheme);
  const observer = typeof MutationObserver === 'undefined' ? null : new MutationObserver(postTheme);
  observer?.observe(container, { attributes: true, attributeFilter: ['data-theme'] });

  return {
    id,
    iframe,
    container,
    destroy() {
      win.removeEventListener('message', onMessage);
      dark?.removeEventListener?.('change', postTheme);
      observer?.disconnect();
      clearTimers();
      iframe.removeEventListener('load', onLoad);
      fallback?.remove();
      iframe.remove();
    },
  };
}

/** Mounts the widget of the running script, waiting for the page when its container is further down. */
export function start(script: HTMLScriptElement | null, win: Window = window): void {
  if (!script || script.hasAttribute('data-scheduler-mounted')) return;
  script.setAttribute('data-scheduler-mounted', '');
  const doc = win.document;
  const waitForPage = Boolean(script.dataset.container) || !doc.body?.contains(script);
  if (waitForPage && doc.readyState === 'loading') {
    doc.addEventListener('DOMContentLoaded', () => mountWidget(script, win), { once: true });
  } else {
    mountWidget(script, win);
  }
}
