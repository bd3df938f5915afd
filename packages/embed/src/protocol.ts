/**
 * The contract between the loader (`/embed.js`, running on a practice's page) and the widget
 * (the booking flow at `/{client}/{scheduler}/{location}/widget`, inside the loader's iframe).
 *
 * The loader opens the widget with the query parameters of `EMBED_PARAMS` plus the host page's
 * campaign parameters (`CAMPAIGN_PARAMS`). Afterwards they talk only by `postMessage`, and each
 * side checks the other's origin and window before reading a message:
 *  - the widget posts to `window.parent` with the host origin it was given as target origin
 *    (so a page that lied about its origin receives nothing), and reads only messages whose
 *    source is `window.parent` and whose origin is that host origin;
 *  - the loader reads only messages whose source is its iframe's window and whose origin is the
 *    origin `/embed.js` was loaded from, and posts to the iframe with that origin as target.
 *
 * Pure data and parsing: no DOM access here, so both sides (and their tests) can import it.
 */

export const PROTOCOL_VERSION = 1;

/** Tag of messages sent by the widget. */
export const WIDGET_SOURCE = 'scheduler-widget';
/** Tag of messages sent by the loader. */
export const LOADER_SOURCE = 'scheduler-embed';

/** Query parameters the loader adds to the widget URL. */
export const EMBED_PARAMS = {
  /** Identifies one widget on the host page; echoed in every widget message. */
  id: 'embedId',
  /** The host page's origin (`https://www.practice.example`): the widget's postMessage target. */
  origin: 'embedOrigin',
  /** Optional '#RRGGBB' replacing the scheduler's colour (appointment setting 20). */
  color: 'embedColor',
  /** Optional 'light' | 'dark': the host page's colour scheme. */
  theme: 'embedTheme',
} as const;

/** Campaign parameters copied from the host page's URL into the widget URL (spec section 3). */
export const CAMPAIGN_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'rwg_token'] as const;

/** DOM events the loader dispatches (bubbling) on the widget's container element. */
export const HOST_EVENTS = {
  /** The widget has loaded; detail: `WidgetEventDetail`. */
  ready: 'scheduler:ready',
  /** An appointment was booked; detail: `BookedEventDetail`. */
  booked: 'scheduler:booked',
  /**
   * The widget did not start in its frame (the site is not on the practice's allowed list, or the
   * product is unreachable): the loader shows the booking link and phone instead; detail:
   * `WidgetEventDetail`.
   */
  blocked: 'scheduler:blocked',
} as const;

/** A phone number as the host page gives it (digits, spaces, + ( ) . -), or null. */
export function normalizePhone(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const phone = value.trim();
  return /^\+?[\d\s().-]{7,25}$/.test(phone) && /\d{3}/.test(phone.replace(/\D/g, '')) ? phone : null;
}

export type ThemeMode = 'light' | 'dark';

/** The languages the widget speaks (issue 21). */
export type WidgetLang = 'en' | 'es';

/** The widget URL's query parameter naming the language (the booking pages read `?lang=` too). */
export const LANG_PARAM = 'lang';

/** `data-lang`: 'es', 'es-MX', 'ES_us' → 'es'; 'en', 'en-US' → 'en'; anything else → null. */
export function normalizeLang(value: unknown): WidgetLang | null {
  if (typeof value !== 'string') return null;
  const match = /^(en|es)(?:[-_][A-Za-z0-9]{2,8})?$/i.exec(value.trim());
  const primary = match?.[1]?.toLowerCase();
  return primary === 'en' || primary === 'es' ? primary : null;
}

/** What the widget reports about a booking: no patient data, only what a conversion tag needs. */
export interface BookedAppointment {
  appointmentId: string | null;
  /** ISO 8601 UTC start of the appointment. */
  startUtc: string | null;
  appointmentTypeId: string | null;
  locationId: string | null;
  providerId: string | null;
}

export type WidgetMessage =
  | { source: typeof WIDGET_SOURCE; v: number; id: string; type: 'ready' }
  | { source: typeof WIDGET_SOURCE; v: number; id: string; type: 'resize'; height: number }
  | { source: typeof WIDGET_SOURCE; v: number; id: string; type: 'step'; step: string }
  | { source: typeof WIDGET_SOURCE; v: number; id: string; type: 'booked'; booking: BookedAppointment };

export type LoaderMessage = {
  source: typeof LOADER_SOURCE;
  v: number;
  id: string;
  type: 'theme';
  mode: ThemeMode;
};

/** The detail of the host page's DOM events. */
export interface WidgetEventDetail {
  client: string;
  scheduler: string;
  location: string;
}

export interface BookedEventDetail extends WidgetEventDetail, BookedAppointment {}

/** Heights outside this range are clamped (a broken or hostile widget cannot take the page over). */
export const MIN_FRAME_HEIGHT = 120;
export const MAX_FRAME_HEIGHT = 20_000;

export function clampFrameHeight(height: number): number {
  if (!Number.isFinite(height)) return MIN_FRAME_HEIGHT;
  return Math.min(MAX_FRAME_HEIGHT, Math.max(MIN_FRAME_HEIGHT, Math.ceil(height)));
}

const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const STEP_PATTERN = /^[a-z-]{1,40}$/;
const HEX_COLOUR = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i;

export function isEmbedId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}

export function isThemeMode(value: unknown): value is ThemeMode {
  return value === 'light' || value === 'dark';
}

/** '#abc', 'abc', '#aabbcc' or 'aabbcc' → '#AABBCC'; anything else → null. */
export function normalizeColour(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = HEX_COLOUR.exec(value.trim());
  const hex = match?.[1];
  if (hex === undefined) return null;
  const full = hex.length === 3 ? hex.replace(/./g, (digit) => digit + digit) : hex;
  return `#${full.toUpperCase()}`;
}

/**
 * An origin as `URL.origin` writes it ('https://www.example.com', 'http://localhost:3101'),
 * for http(s) only; anything else (including the opaque 'null') → null.
 */
export function normalizeOrigin(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 300) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.origin === value ? value : null;
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function optionalText(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 && value.length <= 100 ? value : null;
}

function readBooking(value: unknown): BookedAppointment | null {
  if (!isRecord(value)) return null;
  return {
    appointmentId: optionalText(value.appointmentId),
    startUtc: optionalText(value.startUtc),
    appointmentTypeId: optionalText(value.appointmentTypeId),
    locationId: optionalText(value.locationId),
    providerId: optionalText(value.providerId),
  };
}

/** A message from the widget, or null for anything else (other scripts' messages, bad shapes). */
export function readWidgetMessage(data: unknown): WidgetMessage | null {
  if (!isRecord(data) || data.source !== WIDGET_SOURCE || !isEmbedId(data.id)) return null;
  const head = {
    source: WIDGET_SOURCE as typeof WIDGET_SOURCE,
    v: typeof data.v === 'number' ? data.v : PROTOCOL_VERSION,
    id: data.id,
  };
  switch (data.type) {
    case 'ready':
      return { ...head, type: 'ready' };
    case 'resize':
      return typeof data.height === 'number' && Number.isFinite(data.height)
        ? { ...head, type: 'resize', height: data.height }
        : null;
    case 'step':
      return typeof data.step === 'string' && STEP_PATTERN.test(data.step)
        ? { ...head, type: 'step', step: data.step }
        : null;
    case 'booked': {
      const booking = readBooking(data.booking);
      return booking ? { ...head, type: 'booked', booking } : null;
    }
    default:
      return null;
  }
}

/** A message from the loader, or null. */
export function readLoaderMessage(data: unknown): LoaderMessage | null {
  if (!isRecord(data) || data.source !== LOADER_SOURCE || !isEmbedId(data.id)) return null;
  if (data.type === 'theme' && isThemeMode(data.mode)) {
    return {
      source: LOADER_SOURCE,
      v: typeof data.v === 'number' ? data.v : PROTOCOL_VERSION,
      id: data.id,
      type: 'theme',
      mode: data.mode,
    };
  }
  return null;
}
