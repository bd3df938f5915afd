import { describe, expect, it } from 'vitest';
import { defaultTemplate } from './defaults.ts';
import { appointmentVariables } from './format.ts';
import { APPOINTMENT_MESSAGE_KINDS, MESSAGE_CHANNELS } from './kinds.ts';
import { formatWhen } from './format.ts';
import { renderTemplate } from './render.ts';

// Issue 16: every message that shows the patient a time names the location's zone with it.
const chicago = appointmentVariables({
  appointmentId: 12,
  startUtc: '2026-11-27T14:00:00Z', // 8:00 AM in Chicago
  previousStartUtc: '2026-11-25T21:30:00Z', // 3:30 PM in Chicago
  practiceName: 'BrightSmile Dental',
  location: {
    name: 'BrightSmile Chicago',
    address: '200 N Michigan Ave, Chicago, IL 60601',
    phone: '(312) 555-0100',
    timeZone: 'America/Chicago',
  },
  providerName: 'Dr. Emily Carter',
  serviceName: 'Emergency Dental Visit',
  patientFirstName: 'Alex',
  manageLink: 'https://book.example.com/brightsmile/main/manage/t0ken',
});

/** Every clock time in `text` ('8:00 AM', '03:30 PM') and what follows it. */
function timesIn(text: string): string[] {
  return [...text.matchAll(/\b\d{1,2}:\d{2}\s?(?:AM|PM)\b(.{0,5})/g)].map((match) => match[0]);
}

describe('the shipped patient messages', () => {
  for (const kind of APPOINTMENT_MESSAGE_KINDS) {
    for (const channel of MESSAGE_CHANNELS) {
      it(`${kind} by ${channel}: shows the time, and names the zone beside every time`, () => {
        const rendered = renderTemplate({ kind, channel }, defaultTemplate(kind, channel), chicago);
        const parts = [rendered.subject, rendered.text, rendered.html].filter((part) => part !== null);
        expect(timesIn(rendered.text).length).toBeGreaterThan(0);
        for (const part of parts) {
          for (const time of timesIn(part)) expect(time).toMatch(/(AM|PM) CST/);
        }
      });
    }
  }

  it('names the previous time with its zone in a reschedule notice', () => {
    const rendered = renderTemplate(
      { kind: 'rescheduled', channel: 'email' },
      defaultTemplate('rescheduled', 'email'),
      chicago,
    );
    expect(rendered.text).toContain('3:30 PM CST (America/Chicago)');
    expect(rendered.text).toContain('8:00 AM CST (America/Chicago)');
  });
});

describe('the shipped Spanish patient messages (issue 21)', () => {
  const spanish = appointmentVariables({
    appointmentId: 12,
    startUtc: '2026-11-27T14:00:00Z',
    previousStartUtc: '2026-11-25T19:30:00Z', // 1:30 PM in Chicago: "a la 1:30"
    practiceName: 'BrightSmile Dental',
    location: {
      name: 'BrightSmile Chicago',
      address: '200 N Michigan Ave, Chicago, IL 60601',
      phone: '(312) 555-0100',
      timeZone: 'America/Chicago',
    },
    providerName: 'Dr. Emily Carter',
    serviceName: 'Emergency Dental Visit',
    patientFirstName: 'Alex',
    manageLink: 'https://book.example.com/brightsmile/main/manage/t0ken?lang=es',
    language: 'es',
  });

  it('writes dates and times in Spanish with the zone named', () => {
    expect(formatWhen(new Date('2026-11-27T14:00:00Z'), 'America/Chicago', 'es')).toEqual({
      date: 'viernes, 27 de noviembre de 2026',
      time: '8:00 a.m.',
      zoneAbbreviation: 'hora estándar del Centro',
      zoneName: 'America/Chicago',
      when: 'viernes, 27 de noviembre de 2026 a las 8:00 a.m. hora estándar del Centro (America/Chicago)',
    });
    expect(spanish.previous_when).toBe(
      'miércoles, 25 de noviembre de 2026 a la 1:30 p.m. hora estándar del Centro (America/Chicago)',
    );
  });

  for (const kind of APPOINTMENT_MESSAGE_KINDS) {
    for (const channel of MESSAGE_CHANNELS) {
      it(`${kind} by ${channel}: Spanish, names the zone beside every time`, () => {
        const rendered = renderTemplate(
          { kind, channel, language: 'es' },
          defaultTemplate(kind, channel, 'es'),
          spanish,
        );
        const parts = [rendered.subject, rendered.text, rendered.html].filter((part) => part !== null);
        const times = [...rendered.text.matchAll(/\b\d{1,2}:\d{2} [ap]\.m\.(.{0,25})/g)].map(
          (match) => match[0],
        );
        expect(times.length).toBeGreaterThan(0);
        for (const part of parts) {
          for (const match of part.matchAll(/\b\d{1,2}:\d{2} [ap]\.m\.(.{0,25})/g))
            expect(match[0]).toMatch(/[ap]\.m\. hora est[aá]ndar del Centro/);
          expect(part).not.toMatch(/\b(AM|PM|Hello|appointment)\b/);
        }
        if (channel === 'email') {
          expect(rendered.text).toMatch(/^Hola, Alex:/);
          expect(rendered.text).toContain('Número de confirmación:');
        }
      });
    }
  }
});
