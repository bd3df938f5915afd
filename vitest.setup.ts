/**
 * No test reaches a port it did not open itself. In the browser-like environment (jsdom) a relative
 * request goes to the page's origin, http://localhost:3000 — the port of `npm start` — so a test that
 * forgot to mock the transport would talk to whatever runs there. Here every such request is refused
 * without touching the network (the code under test sees a network error) and the test fails, naming
 * the request. Mock the transport instead: `vi.stubGlobal('fetch', …)`, a stubbed `XMLHttpRequest`,
 * an axios adapter or a `fetchImpl` (see apps/web/src/app/router.test.tsx).
 */
import { afterEach } from 'vitest';

const refused: string[] = [];

function refuse(request: string): TypeError {
  refused.push(request);
  return new TypeError(`un-mocked network request in a test: ${request}`);
}

interface XhrLike {
  open: (this: XhrLike, method: string, url: string | URL, ...rest: unknown[]) => void;
  send: (this: XhrLike, body?: unknown) => void;
}

interface BrowserGlobals {
  window?: unknown;
  XMLHttpRequest?: { prototype: XhrLike };
  WebSocket?: unknown;
}

const browser = globalThis as unknown as BrowserGlobals;

if (browser.window !== undefined) {
  globalThis.fetch = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = input instanceof Request ? input.url : String(input);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    return Promise.reject(refuse(`fetch ${method} ${url}`));
  };

  const xhr = browser.XMLHttpRequest?.prototype;
  if (xhr) {
    const targets = new WeakMap<object, string>();
    const open = xhr.open;
    xhr.open = function (this: XhrLike, method: string, url: string | URL, ...rest: unknown[]) {
      targets.set(this, `${method} ${String(url)}`);
      open.call(this, method, url, ...rest);
    };
    xhr.send = function (this: XhrLike) {
      throw refuse(`XMLHttpRequest ${targets.get(this) ?? '(not opened)'}`);
    };
  }

  if (browser.WebSocket !== undefined) {
    browser.WebSocket = class RefusedWebSocket {
      constructor(url: string | URL) {
        throw refuse(`WebSocket ${String(url)}`);
      }
    };
  }
}

afterEach(() => {
  if (refused.length === 0) return;
  const requests = refused.splice(0).join('; ');
  throw new Error(
    `This test made network requests it did not mock (${requests}). Tests never reach a port they did not open: mock the transport (see vitest.setup.ts).`,
  );
});
