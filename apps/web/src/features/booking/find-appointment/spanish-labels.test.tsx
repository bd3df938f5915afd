// @vitest-environment jsdom
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { BOOKING_MESSAGES } from '@scheduler/domain/messages';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/catalogs';
import { I18nWrapper } from '../../../i18n/test-support';
import { clockTimeText, zonedDateTimeText, zonedTimeLabel } from '../../../lib/zoned-time';
import { formatDayLabel, formatDayParts, formatLongDay } from '../lib/slot-format';
import { DayStrip } from './day-strip';
import { milesText, type Place } from './slot-label';
import { SlotGroups, type SlotChoice, type SlotEnv } from './slot-parts';
import { SPEC_REFUSAL_TEXTS } from '../../../lib/spec-refusal-texts';

/**
 * Issue 21: the find-a-time step's dates, times and zones in Spanish. Dates, times and numbers
 * come from Intl with the active language ('es-US'), the zone in words from the domain
 * ('hora del Centro'); a few words from a Spanish catalog loaded here (the real one is compiled
 * from the .po files). English stays as it was.
 */

// Fri, Nov 27 2026, 8:00 AM in Chicago (CST) = 14:00 UTC.
const CHICAGO_EIGHT = '2026-11-27T14:00:00.000Z';
/** 'a. m.' / 'a.m.' / 'a. m.' with a no-break space: as the ICU version writes it (spaces made plain). */
const AM = String.raw`a\.\s?m\.`;
const PM = String.raw`p\.\s?m\.`;

const SPANISH: Record<string, string> = {
  '{viewerTime} your time': '{viewerTime} en su zona horaria',
  '{date} at {full}': '{date}, {full}',
  Morning: 'Mañana',
  '{time} with {providerName} at {placeName}, {day}{yours}':
    '{time} con {providerName} en {placeName}, {day}{yours}',
  '{distance} miles away': 'a {distance} millas',
  'Days with times': 'Días con horarios',
};

beforeAll(() => {
  i18n.load(
    'es',
    Object.fromEntries(
      Object.entries(SPANISH).map(([english, spanish]) => [
        generateMessageId(english),
        compileMessage(spanish),
      ]),
    ),
  );
});

afterEach(() => {
  cleanup();
  i18n.activate('en');
});

describe('times and dates in Spanish', () => {
  it('reads a slot on the location clock with the zone in words, and the patient time beside it', () => {
    i18n.activate('es');
    const label = zonedTimeLabel(CHICAGO_EIGHT, 'America/Chicago', { viewerZone: 'America/Los_Angeles' });
    expect(label.date).toBe('vie, 27 de nov');
    expect(label.longDate).toBe('viernes, 27 de noviembre de 2026');
    expect(label.time).toMatch(new RegExp(`^8:00 ${AM}$`));
    expect(label.zone).toBe('hora del Centro');
    expect(label.full).toBe(`${label.time} hora del Centro`);
    expect(label.yourTime).toMatch(new RegExp(`^6:00 ${AM} en su zona horaria$`));
    expect(zonedDateTimeText(label)).toBe(`vie, 27 de nov, ${label.full}`);
    expect(clockTimeText('14:30')).toMatch(new RegExp(`^2:30 ${PM}$`));
    expect(formatDayLabel('2026-11-27')).toBe('vie, 27 de nov');
    expect(formatLongDay('2026-11-27')).toBe('viernes, 27 de noviembre de 2026');
    expect(formatDayParts('2026-11-27').weekday).toBe('vie');
    expect(milesText(3.2)).toBe('a 3.2 millas');
  });

  it('leaves English word for word', () => {
    const label = zonedTimeLabel(CHICAGO_EIGHT, 'America/Chicago', { viewerZone: 'America/Los_Angeles' });
    expect([label.date, label.full, label.yourTime]).toEqual([
      'Fri, Nov 27',
      '8:00 AM CT',
      '6:00 AM your time',
    ]);
    expect(zonedDateTimeText(label)).toBe('Fri, Nov 27 at 8:00 AM CT');
    expect(clockTimeText('00:30')).toBe('12:30 AM');
    expect(formatDayParts('2026-11-27')).toEqual({ weekday: 'Fri', date: 'Nov 27' });
    expect(milesText(1)).toBe('1.0 mile away');
    expect(milesText(0.35)).toBe('0.3 miles away'); // as toFixed(1) rounds
  });

  it("keeps the step's spec texts word for word the domain's", () => {
    for (const [code, descriptor] of Object.entries(SPEC_REFUSAL_TEXTS))
      expect(i18n._(descriptor)).toBe(BOOKING_MESSAGES[code as keyof typeof SPEC_REFUSAL_TEXTS]);
  });
});

describe('the step in Spanish', () => {
  const place: Place = {
    locationId: '3',
    name: 'Midtown',
    timeZone: 'America/Chicago',
    phone: null,
    distanceMiles: null,
  };
  const choice: SlotChoice = {
    slot: { startUtc: CHICAGO_EIGHT, dateLocal: '2026-11-27', timeLocal: '08:00', locationId: '3' },
    provider: { providerId: '7', name: 'Dr. Emily Carter', credentials: null, photoUrl: null },
  };
  const env: SlotEnv = {
    placeOf: () => place,
    locationOrder: ['3'],
    viewerZone: 'America/Chicago',
    selectedKey: null,
    onSelect: vi.fn(),
  };

  it('labels a time with its zone in words and its day in Spanish', () => {
    i18n.activate('es');
    render(<SlotGroups choices={[choice]} env={env} showProvider idPrefix="times" />, {
      wrapper: I18nWrapper,
    });
    expect(screen.getByRole('heading', { name: 'Mañana' })).toBeTruthy();
    const time = screen.getByRole('button', { name: /con Dr\. Emily Carter en Midtown, vie, 27 de nov$/ });
    expect(time.getAttribute('aria-label')).toMatch(new RegExp(`^8:00 ${AM} hora del Centro con `));
    expect(time.textContent).toMatch(new RegExp(`^8:00 ${AM} hora del CentroDr\\. Emily Carter$`));
  });

  it('names the days of the strip in Spanish', () => {
    i18n.activate('es');
    render(<DayStrip days={['2026-11-27', '2026-11-30']} selected="2026-11-27" onPick={vi.fn()} />, {
      wrapper: I18nWrapper,
    });
    const days = screen.getByRole('listbox', { name: 'Días con horarios' });
    const friday = within(days).getByRole('option', { name: 'viernes, 27 de noviembre de 2026' });
    expect(friday.textContent).toBe('vie27 nov');
    expect(within(days).getByRole('option', { name: 'lunes, 30 de noviembre de 2026' })).toBeTruthy();
  });

  it('switches back to English', () => {
    render(<SlotGroups choices={[choice]} env={env} showProvider idPrefix="times" />, {
      wrapper: I18nWrapper,
    });
    expect(screen.getByRole('heading', { name: 'Morning' })).toBeTruthy();
    expect(
      screen.getByRole('button', { name: '8:00 AM CT with Dr. Emily Carter at Midtown, Fri, Nov 27' }),
    ).toBeTruthy();
  });
});
