// A realistic rendered confirmation/reminder e-mail (HTML + text + .ics), as the messages context
// sends: about 5 KB on the wire. Only the numbers differ between messages.
import type { OutboundEmail } from '../../apps/server/src/platform/outbound/index.ts';

export function renderedEmail(id: number): Omit<OutboundEmail, 'to'> {
  const number = `BSD-${String(100000 + id)}`;
  const text = [
    'Hello Jordan,',
    '',
    'This is a reminder of your appointment at BrightSmile Dental — Midtown Manhattan:',
    '',
    '  Tuesday, December 8, 2026 at 10:30 AM (Eastern Time, America/New_York)',
    '  350 5th Ave, Suite 1200, New York, NY 10118',
    '',
    `Confirmation number: ${number}`,
    '',
    'To change or cancel, call us at (212) 555-0100.',
    '',
    'BrightSmile Dental',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="600" cellpadding="24" cellspacing="0" style="border:1px solid #e4e7eb;border-radius:8px">
<tr><td><h1 style="font-size:20px;margin:0 0 16px">Your appointment reminder</h1>
<p>Hello Jordan,</p><p>This is a reminder of your appointment at <strong>BrightSmile Dental — Midtown Manhattan</strong>:</p>
<p style="font-size:16px"><strong>Tuesday, December 8, 2026 at 10:30 AM</strong><br>Eastern Time (America/New_York)</p>
<p>350 5th Ave, Suite 1200<br>New York, NY 10118</p>
<p>Confirmation number: <strong>${number}</strong></p>
<p>To change or cancel, call us at <a href="tel:+12125550100">(212) 555-0100</a>.</p>
<hr style="border:none;border-top:1px solid #e4e7eb"><p style="font-size:12px;color:#7b8794">BrightSmile Dental · 350 5th Ave, New York, NY</p>
</td></tr></table></td></tr></table></body></html>`;
  const ics = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Scheduler//Appointments//EN',
    'METHOD:REQUEST',
    'BEGIN:VTIMEZONE',
    'TZID:America/New_York',
    'BEGIN:STANDARD',
    'DTSTART:20261101T020000',
    'TZOFFSETFROM:-0400',
    'TZOFFSETTO:-0500',
    'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
    'END:STANDARD',
    'BEGIN:DAYLIGHT',
    'DTSTART:20260308T020000',
    'TZOFFSETFROM:-0500',
    'TZOFFSETTO:-0400',
    'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
    'END:DAYLIGHT',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    `UID:appointment-${id}@scheduler.test`,
    'SEQUENCE:0',
    'DTSTAMP:20261127T090000Z',
    'DTSTART;TZID=America/New_York:20261208T103000',
    'DTEND;TZID=America/New_York:20261208T111500',
    'SUMMARY:Appointment at BrightSmile Dental',
    'LOCATION:350 5th Ave\\, Suite 1200\\, New York\\, NY 10118',
    `DESCRIPTION:Confirmation number ${number}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
  return {
    subject: 'Reminder: your appointment on Tuesday, December 8 at 10:30 AM (Eastern Time)',
    text,
    html,
    attachments: [
      {
        filename: 'appointment.ics',
        contentType: 'text/calendar; method=REQUEST; charset=UTF-8',
        content: ics,
      },
    ],
  };
}
