import {
  EMBED_PARAMS,
  PROTOCOL_VERSION,
  WIDGET_SOURCE,
  isEmbedId,
  isThemeMode,
  normalizeColour,
  normalizeOrigin,
  readLoaderMessage,
  type ThemeMode,
  type WidgetMessage,
} from '@scheduler/embed/protocol';

/**
 * The widget's side of the embed protocol (packages/embed/src/protocol.ts): what the loader put
 * in the widget URL, and a channel to the host page that checks origins both ways.
 */

export interface EmbedParams {
  /** The loader's id for this widget, echoed in every message. */
  id: string | null;
  /** The host page's origin: the only target of our messages and the only sender we listen to. */
  hostOrigin: string | null;
  /** '#RRGGBB' chosen on the host page, replacing the scheduler's colour. */
  color: string | null;
  theme: ThemeMode | null;
}

/**
 * Reads the embed parameters of the widget URL. The declared host origin is kept only when it is
 * a plain http(s) origin and, where the browser tells us our ancestors (`location.ancestorOrigins`),
 * when it is our parent's. (Posting to a wrong origin would deliver nothing anyway.)
 */
export function readEmbedParams(search: string, ancestorOrigins: ArrayLike<string> | null): EmbedParams {
  const params = new URLSearchParams(search);
  const id = params.get(EMBED_PARAMS.id);
  let hostOrigin = normalizeOrigin(params.get(EMBED_PARAMS.origin));
  if (hostOrigin !== null && ancestorOrigins !== null && ancestorOrigins.length > 0) {
    if (ancestorOrigins[0] !== hostOrigin) hostOrigin = null;
  }
  const theme = params.get(EMBED_PARAMS.theme);
  return {
    id: isEmbedId(id) ? id : null,
    hostOrigin,
    color: normalizeColour(params.get(EMBED_PARAMS.color)),
    theme: isThemeMode(theme) ? theme : null,
  };
}

/** `location.ancestorOrigins` where the browser has it (Chromium, WebKit), else null. */
export function ancestorOriginsOf(win: Window): ArrayLike<string> | null {
  return 'ancestorOrigins' in win.location ? win.location.ancestorOrigins : null;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type OutgoingMessage = DistributiveOmit<WidgetMessage, 'source' | 'v' | 'id'>;

export interface EmbedBridge {
  post(message: OutgoingMessage): void;
  /** Listens for the host's theme; returns the unsubscribe function. */
  onTheme(listener: (mode: ThemeMode) => void): () => void;
}

/** The channel to the host page, or null when the widget was not opened by the loader. */
export function createEmbedBridge(params: EmbedParams, win: Window): EmbedBridge | null {
  const { id, hostOrigin } = params;
  if (id === null || hostOrigin === null || win.parent === win) return null;
  return {
    post(message) {
      win.parent.postMessage({ ...message, source: WIDGET_SOURCE, v: PROTOCOL_VERSION, id }, hostOrigin);
    },
    onTheme(listener) {
      const onMessage = (event: MessageEvent) => {
        if (event.origin !== hostOrigin || event.source !== win.parent) return;
        const message = readLoaderMessage(event.data);
        if (message?.id === id) listener(message.mode);
      };
      win.addEventListener('message', onMessage);
      return () => win.removeEventListener('message', onMessage);
    },
  };
}
