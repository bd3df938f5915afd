import { describe, expect, it } from 'vitest';
import { toLocalInput, toUtcInstant } from './time-off-model';

describe('time off on the location clock', () => {
  it('reads an instant on the location’s wall clock and back', () => {
    expect(toLocalInput('2026-07-01T13:30:00.000Z', 'America/New_York')).toBe('2026-07-01T09:30');
    expect(toUtcInstant('2026-07-01T09:30', 'America/New_York')).toBe('2026-07-01T13:30:00.000Z');
  });

  it('follows daylight saving time', () => {
    expect(toUtcInstant('2026-01-15T09:00', 'America/Chicago')).toBe('2026-01-15T15:00:00.000Z');
    expect(toUtcInstant('2026-07-15T09:00', 'America/Chicago')).toBe('2026-07-15T14:00:00.000Z');
  });

  it('gives an empty value for text that is not a date and time', () => {
    expect(toUtcInstant('', 'UTC')).toBe('');
    expect(toUtcInstant('tomorrow', 'UTC')).toBe('');
  });
});
