import { describe, expect, it } from 'vitest';
import { widgetSnippet } from './snippet';

describe('widgetSnippet', () => {
  it('is one script tag with the data attributes of the loader', () => {
    expect(
      widgetSnippet({
        productOrigin: 'https://book.example.com',
        clientSlug: 'brightsmile',
        schedulerSlug: 'main',
        location: 'midtown-manhattan',
      }),
    ).toBe(
      '<script async src="https://book.example.com/embed.js" data-client="brightsmile" data-scheduler="main" data-location="midtown-manhattan"></script>',
    );
  });

  it('adds the optional colour and theme, escaped', () => {
    const tag = widgetSnippet({
      productOrigin: 'https://book.example.com',
      clientSlug: 'a',
      schedulerSlug: 'b',
      location: 'all',
      color: '#024E94',
      theme: 'auto',
    });
    expect(tag).toContain('data-color="#024E94" data-theme="auto"');
  });
});
