import { describe, expect, it } from 'vitest';
import {
  localizedZoneName,
  spanishZoneName,
  ZONE_NAME_LOCALES,
  zoneAbbreviation,
  zoneName,
  zoneNameLocaleOf,
} from './zone-names.ts';

const WINTER = Date.UTC(2026, 0, 15, 18);
const SUMMER = Date.UTC(2026, 6, 15, 18);

describe('zone names', () => {
  it('names US zones generically for pages and specifically for messages', () => {
    expect(zoneName('America/Chicago', WINTER)).toBe('CT');
    expect(zoneName('America/Chicago', SUMMER)).toBe('CT');
    expect(zoneAbbreviation(WINTER, 'America/Chicago')).toBe('CST');
    expect(zoneAbbreviation(SUMMER, 'America/Chicago')).toBe('CDT');
    expect(zoneName('America/Phoenix', SUMMER)).toBe('MST');
    expect(zoneName('America/Anchorage', SUMMER)).toBe('AKT');
  });

  it('uses British English letters where American English has none, then UTC/GMT', () => {
    expect(zoneName('Europe/Berlin', SUMMER)).toBe('CET');
    expect(zoneAbbreviation(SUMMER, 'Europe/Berlin')).toBe('CEST');
    expect(zoneAbbreviation(SUMMER, 'Europe/London')).toBe('BST');
    expect(zoneName('Europe/London', WINTER)).toBe('GMT');
    expect(zoneName('UTC', WINTER)).toBe('UTC');
  });

  it('falls back to the GMT offset, half hours included, never a long name', () => {
    expect(zoneName('Australia/Lord_Howe', Date.UTC(2026, 5, 26, 22))).toBe('GMT+10:30');
    expect(zoneName('Australia/Lord_Howe', Date.UTC(2026, 11, 26, 22))).toBe('GMT+11');
    expect(zoneName('Asia/Kolkata', WINTER)).toBe('GMT+5:30');
    expect(zoneName('Asia/Tokyo', WINTER)).toBe('GMT+9');
    expect(zoneName('America/St_Johns', WINTER)).toMatch(/^(NST|GMT-3:30)$/);
  });

  it('refuses an unknown zone or instant', () => {
    expect(() => zoneName('Nowhere/Special', WINTER)).toThrow(RangeError);
    expect(() => zoneAbbreviation(Number.NaN, 'America/Chicago')).toThrow(RangeError);
  });
});

describe('zone names in Spanish (issue 21)', () => {
  it('names US zones in words after the time, generically for pages', () => {
    expect(zoneName('America/Chicago', WINTER, 'es')).toBe('hora del Centro');
    expect(zoneName('America/Chicago', SUMMER, 'es-US')).toBe('hora del Centro');
    expect(zoneName('America/New_York', WINTER, 'es')).toBe('hora del Este');
    expect(zoneName('America/Denver', WINTER, 'es')).toBe('hora de la Montaña');
    expect(zoneName('America/Los_Angeles', SUMMER, 'es')).toBe('hora del Pacífico');
    expect(zoneName('America/Anchorage', SUMMER, 'es')).toBe('hora de Alaska');
    expect(zoneName('America/Phoenix', SUMMER, 'es')).toBe('hora estándar de la Montaña');
    expect(zoneName('Pacific/Honolulu', SUMMER, 'es')).toBe('hora estándar de Hawái');
    expect(zoneName('America/Puerto_Rico', SUMMER, 'es')).toBe('hora estándar del Atlántico');
  });

  it('names the offset in force for messages', () => {
    expect(localizedZoneName(WINTER, 'America/Chicago', { locale: 'es' })).toBe('hora estándar del Centro');
    expect(localizedZoneName(SUMMER, 'America/Chicago', { locale: 'es' })).toBe('hora de verano del Centro');
    expect(localizedZoneName(SUMMER, 'America/Anchorage', { locale: 'es' })).toBe('hora de verano de Alaska');
    expect(localizedZoneName(SUMMER, 'America/Adak', { locale: 'es' })).toBe(
      'hora de verano de Hawái-Aleutianas',
    );
    expect(localizedZoneName(SUMMER, 'America/Chicago', { style: 'generic', locale: 'es' })).toBe(
      'hora del Centro',
    );
  });

  it('keeps the letters or the offset of other zones after "hora": the zone is always named', () => {
    expect(zoneName('Europe/Berlin', SUMMER, 'es')).toBe('hora CET');
    expect(localizedZoneName(SUMMER, 'Europe/Berlin', { locale: 'es' })).toBe('hora CEST');
    expect(zoneName('UTC', WINTER, 'es')).toBe('hora UTC');
    expect(zoneName('Asia/Tokyo', WINTER, 'es')).toBe('hora GMT+9');
    expect(zoneName('Asia/Kolkata', WINTER, 'es')).toBe('hora GMT+5:30');
    expect(spanishZoneName('CAT')).toBe('hora CAT');
    expect(spanishZoneName('MSK')).toBe('hora MSK');
  });

  it('leaves English as it was, whatever English tag is given', () => {
    expect(zoneName('America/Chicago', WINTER, 'en')).toBe('CT');
    expect(zoneName('America/Chicago', WINTER, 'en-US')).toBe('CT');
    expect(localizedZoneName(WINTER, 'America/Chicago')).toBe('CST');
    expect(localizedZoneName(SUMMER, 'America/Chicago', { locale: 'en' })).toBe('CDT');
    expect(localizedZoneName(SUMMER, 'Europe/London', { locale: 'en-US' })).toBe('BST');
    expect(zoneNameLocaleOf('ES_mx')).toBe('es');
    expect(zoneNameLocaleOf('en-US')).toBe('en');
    expect(zoneNameLocaleOf(undefined)).toBe('en');
    expect(ZONE_NAME_LOCALES).toEqual(['en', 'es']);
  });

  it('refuses an unknown zone in Spanish too', () => {
    expect(() => zoneName('Nowhere/Special', WINTER, 'es')).toThrow(RangeError);
    expect(() => localizedZoneName(Number.NaN, 'America/Chicago', { locale: 'es' })).toThrow(RangeError);
  });
});
