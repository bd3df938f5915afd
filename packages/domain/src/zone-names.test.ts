import { describe, expect, it } from 'vitest';
import { zoneAbbreviation, zoneName } from './zone-names.ts';

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
