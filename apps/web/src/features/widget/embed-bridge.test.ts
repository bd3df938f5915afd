import { LOADER_SOURCE, WIDGET_SOURCE } from '@scheduler/embed/protocol';
import { describe, expect, it, vi } from 'vitest';
import { createEmbedBridge, readEmbedParams } from './embed-bridge';

const HOST = 'https://www.practice.example';

describe('readEmbedParams', () => {
  it('reads what the loader put in the widget URL', () => {
    expect(
      readEmbedParams(
        `?utm_source=x&embedId=w1&embedOrigin=${encodeURIComponent(HOST)}&embedColor=0a7&embedTheme=dark`,
        null,
      ),
    ).toEqual({ id: 'w1', hostOrigin: HOST, color: '#00AA77', theme: 'dark' });
  });

  it('drops what it cannot trust', () => {
    expect(
      readEmbedParams('?embedId=a%20b&embedOrigin=javascript:x&embedColor=red&embedTheme=sepia', null),
    ).toEqual({
      id: null,
      hostOrigin: null,
      color: null,
      theme: null,
    });
  });

  it('keeps the host origin only when it is the parent, where the browser says who the parent is', () => {
    const search = `?embedId=w1&embedOrigin=${encodeURIComponent(HOST)}`;
    expect(readEmbedParams(search, [HOST]).hostOrigin).toBe(HOST);
    expect(readEmbedParams(search, ['https://evil.example']).hostOrigin).toBeNull();
  });
});

function fakeWindow() {
  const listeners = new Set<(event: MessageEvent) => void>();
  const parent = { postMessage: vi.fn() };
  const win = {
    parent,
    addEventListener: (_type: string, listener: (event: MessageEvent) => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: MessageEvent) => void) =>
      listeners.delete(listener),
  };
  const deliver = (data: unknown, origin: string, source: unknown) => {
    for (const listener of listeners) listener({ data, origin, source } as MessageEvent);
  };
  return { win: win as unknown as Window, parent, deliver, listeners };
}

describe('createEmbedBridge', () => {
  const params = { id: 'w1', hostOrigin: HOST, color: null, theme: null };

  it('is null without the loader (no id or host origin) and outside a frame', () => {
    const { win } = fakeWindow();
    expect(createEmbedBridge({ ...params, id: null }, win)).toBeNull();
    expect(createEmbedBridge({ ...params, hostOrigin: null }, win)).toBeNull();
    const top = { addEventListener: () => undefined } as unknown as Window & { parent: Window };
    top.parent = top;
    expect(createEmbedBridge(params, top)).toBeNull();
  });

  it('posts to the parent, with the host origin as target', () => {
    const { win, parent } = fakeWindow();
    createEmbedBridge(params, win)?.post({ type: 'resize', height: 900 });
    expect(parent.postMessage).toHaveBeenCalledWith(
      { type: 'resize', height: 900, source: WIDGET_SOURCE, v: 1, id: 'w1' },
      HOST,
    );
  });

  it("hears the theme only from the parent, from the host's origin, for this widget", () => {
    const { win, parent, deliver, listeners } = fakeWindow();
    const bridge = createEmbedBridge(params, win);
    const modes: string[] = [];
    const stop = bridge?.onTheme((mode) => modes.push(mode));
    const theme = { source: LOADER_SOURCE, v: 1, id: 'w1', type: 'theme', mode: 'dark' };
    deliver(theme, 'https://evil.example', parent);
    deliver(theme, HOST, {});
    deliver({ ...theme, id: 'w2' }, HOST, parent);
    deliver(theme, HOST, parent);
    expect(modes).toEqual(['dark']);
    stop?.();
    expect(listeners.size).toBe(0);
  });
});
