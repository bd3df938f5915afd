import { describe, expect, it } from 'vitest';
import {
  LOADER_SOURCE,
  WIDGET_SOURCE,
  clampFrameHeight,
  normalizeColour,
  normalizeLang,
  normalizeOrigin,
  readLoaderMessage,
  readWidgetMessage,
} from './protocol.ts';

describe('the embed protocol', () => {
  it('reads the widget messages it knows and nothing else', () => {
    expect(readWidgetMessage({ source: WIDGET_SOURCE, v: 1, id: 'w1', type: 'resize', height: 500 })).toEqual(
      {
        source: WIDGET_SOURCE,
        v: 1,
        id: 'w1',
        type: 'resize',
        height: 500,
      },
    );
    expect(
      readWidgetMessage({ source: WIDGET_SOURCE, id: 'w1', type: 'step', step: 'insurance' }),
    ).toMatchObject({
      type: 'step',
      step: 'insurance',
    });
    expect(readWidgetMessage(null)).toBeNull();
    expect(readWidgetMessage('resize')).toBeNull();
    expect(readWidgetMessage({ source: 'other', id: 'w1', type: 'ready' })).toBeNull();
    expect(readWidgetMessage({ source: WIDGET_SOURCE, id: 'w 1', type: 'ready' })).toBeNull();
    expect(readWidgetMessage({ source: WIDGET_SOURCE, id: 'w1', type: 'resize', height: '9' })).toBeNull();
    expect(readWidgetMessage({ source: WIDGET_SOURCE, id: 'w1', type: 'step', step: '<b>' })).toBeNull();
    expect(readWidgetMessage({ source: WIDGET_SOURCE, id: 'w1', type: 'navigate' })).toBeNull();
  });

  it('keeps only the booking fields of a booked message', () => {
    const message = readWidgetMessage({
      source: WIDGET_SOURCE,
      id: 'w1',
      type: 'booked',
      booking: { appointmentId: '7', providerId: 12, email: 'someone@example.com' },
    });
    expect(message).toEqual({
      source: WIDGET_SOURCE,
      v: 1,
      id: 'w1',
      type: 'booked',
      booking: {
        appointmentId: '7',
        startUtc: null,
        appointmentTypeId: null,
        locationId: null,
        providerId: null,
      },
    });
  });

  it('reads theme messages from the loader', () => {
    expect(
      readLoaderMessage({ source: LOADER_SOURCE, v: 1, id: 'w1', type: 'theme', mode: 'dark' }),
    ).toMatchObject({
      mode: 'dark',
    });
    expect(readLoaderMessage({ source: LOADER_SOURCE, id: 'w1', type: 'theme', mode: 'sepia' })).toBeNull();
    expect(readLoaderMessage({ source: WIDGET_SOURCE, id: 'w1', type: 'theme', mode: 'dark' })).toBeNull();
  });

  it('clamps frame heights', () => {
    expect(clampFrameHeight(Number.NaN)).toBe(120);
    expect(clampFrameHeight(10)).toBe(120);
    expect(clampFrameHeight(700.2)).toBe(701);
    expect(clampFrameHeight(1e7)).toBe(20_000);
  });

  it('normalises colours and origins', () => {
    expect(normalizeColour('#024e94')).toBe('#024E94');
    expect(normalizeColour('0a7')).toBe('#00AA77');
    expect(normalizeColour('blue')).toBeNull();
    expect(normalizeColour('#024e94;x')).toBeNull();
    expect(normalizeOrigin('https://www.example.com')).toBe('https://www.example.com');
    expect(normalizeOrigin('http://localhost:3101')).toBe('http://localhost:3101');
    expect(normalizeOrigin('https://www.example.com/')).toBeNull();
    expect(normalizeOrigin('null')).toBeNull();
    expect(normalizeOrigin('javascript:alert(1)')).toBeNull();
  });

  it('reads data-lang as en or es only', () => {
    expect(normalizeLang('es')).toBe('es');
    expect(normalizeLang(' ES_us ')).toBe('es');
    expect(normalizeLang('en-US')).toBe('en');
    expect(normalizeLang('fr')).toBeNull();
    expect(normalizeLang('espanol')).toBeNull();
    expect(normalizeLang('es-<x>')).toBeNull();
    expect(normalizeLang(undefined)).toBeNull();
  });
});
