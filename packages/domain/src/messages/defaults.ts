/**
 * The templates that ship (English) for every kind × channel: e-mail with subject, HTML and plain
 * text; SMS text only. A practice's own template replaces one of them; "reset" brings it back.
 * SMS defaults name only the practice, date, time (with zone), place, the confirmation number and
 * the manage link when there is one; they fit in 2 segments with the sample values (tested).
 */
import type { AppointmentMessageKind, MessageChannel, MessageKind, StaffMessageKind } from './kinds.ts';
import { MESSAGE_KIND_LABELS, isStaffMessageKind, kindHasChannel } from './kinds.ts';
import type { TemplateParts } from './render.ts';

export interface DefaultTemplate {
  subject: string | null;
  bodyHtml: string | null;
  bodyText: string;
}

const GREETING = '{% if patient_first_name %}Hello {{ patient_first_name }},{% else %}Hello,{% endif %}';

const DETAILS_TEXT = [
  'When: {{ when }}',
  'Where: {{ location_name }}, {{ location_address }}',
  'With: {{ provider_name }}',
  'Service: {{ service_name }}',
  'Confirmation number: {{ confirmation_number }}',
].join('\n');

const DETAILS_HTML = [
  '<table role="presentation" cellpadding="4" style="border-collapse:collapse">',
  '<tr><th align="left">When</th><td>{{ when }}</td></tr>',
  '<tr><th align="left">Where</th><td>{{ location_name }}<br>{{ location_address }}</td></tr>',
  '<tr><th align="left">With</th><td>{{ provider_name }}</td></tr>',
  '<tr><th align="left">Service</th><td>{{ service_name }}</td></tr>',
  '<tr><th align="left">Confirmation number</th><td><strong>{{ confirmation_number }}</strong></td></tr>',
  '</table>',
].join('\n');

const MANAGE_TEXT =
  '{% if manage_link %}To view or change your appointment: {{ manage_link }}\n\n{% endif %}';
const MANAGE_HTML =
  '{% if manage_link %}<p><a href="{{ manage_link }}">View or change your appointment</a></p>\n{% endif %}';
const CALL_TEXT = '{% if location_phone %}Questions? Call us at {{ location_phone }}.\n\n{% endif %}';
const CALL_HTML = '{% if location_phone %}<p>Questions? Call us at {{ location_phone }}.</p>\n{% endif %}';

interface AppointmentCopy {
  subject: string;
  /** The sentence after the greeting (Liquid allowed). */
  intro: string;
  /** Shown after the details (text; may be empty). */
  after?: string;
  manage: boolean;
  sms: string;
}

const SMS_WHEN = '{{ date }} at {{ time }} {{ zone_abbreviation }}';
const SMS_MANAGE = '{% if manage_link %} Manage: {{ manage_link }}{% endif %}';

const APPOINTMENT_COPY: Record<AppointmentMessageKind, AppointmentCopy> = {
  confirmation: {
    subject: 'Your appointment on {{ date }} is booked',
    intro: 'Your appointment is booked. A calendar file is attached.',
    manage: true,
    sms: `{{ practice_name }}: your appointment is booked for ${SMS_WHEN}, {{ location_name }}. Confirmation {{ confirmation_number }}.${SMS_MANAGE} Reply STOP to opt out.`,
  },
  'request-received': {
    subject: 'We received your appointment request for {{ date }}',
    intro:
      'We received your appointment request. The office will confirm it shortly; until then the time is held for you.',
    manage: true,
    sms: `{{ practice_name }}: we received your request for ${SMS_WHEN}, {{ location_name }}. We will confirm it shortly. Ref {{ confirmation_number }}. Reply STOP to opt out.`,
  },
  confirmed: {
    subject: 'Your appointment on {{ date }} is confirmed',
    intro: 'The office has confirmed your appointment. A calendar file is attached.',
    manage: true,
    sms: `{{ practice_name }}: your appointment on ${SMS_WHEN}, {{ location_name }} is confirmed. Ref {{ confirmation_number }}.${SMS_MANAGE}`,
  },
  reminder: {
    subject: 'Reminder: your appointment on {{ date }} at {{ time }} {{ zone_abbreviation }}',
    intro: 'This is a reminder of your upcoming appointment.',
    manage: true,
    sms: `{{ practice_name }} reminder: appointment ${SMS_WHEN}, {{ location_name }}. Reply C to confirm.${SMS_MANAGE}`,
  },
  cancelled: {
    subject: 'Your appointment on {{ date }} is cancelled',
    intro: 'Your appointment has been cancelled.',
    after: 'To book another time, visit our website or call us.',
    manage: false,
    sms: `{{ practice_name }}: your appointment on ${SMS_WHEN}, {{ location_name }} is cancelled. Ref {{ confirmation_number }}.`,
  },
  rescheduled: {
    subject: 'Your appointment has moved to {{ date }} at {{ time }} {{ zone_abbreviation }}',
    intro:
      'Your appointment has moved{% if previous_when %} from {{ previous_when }}{% endif %}. The new time is below; the calendar file updates your calendar entry.',
    manage: true,
    sms: `{{ practice_name }}: your appointment has moved to ${SMS_WHEN}, {{ location_name }}. Ref {{ confirmation_number }}.${SMS_MANAGE}`,
  },
};

function appointmentEmail(copy: AppointmentCopy): DefaultTemplate {
  const after = copy.after ?? '';
  const bodyText = [
    `${GREETING}\n\n${copy.intro}\n\n${DETAILS_TEXT}\n\n`,
    copy.manage ? MANAGE_TEXT : '',
    after ? `${after}\n\n` : '',
    CALL_TEXT,
    '{{ practice_name }}',
  ].join('');
  const bodyHtml = [
    '<div style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a1a1a">',
    `<p>${GREETING}</p>`,
    `<p>${copy.intro}</p>`,
    DETAILS_HTML,
    copy.manage ? MANAGE_HTML : '',
    after ? `<p>${after}</p>` : '',
    CALL_HTML,
    '<p>{{ practice_name }}</p>',
    '</div>',
  ]
    .filter((line) => line !== '')
    .join('\n');
  return { subject: `${copy.subject} - {{ practice_name }}`, bodyHtml, bodyText };
}

const STAFF_HELLO = '{% if staff_name %}Hello {{ staff_name }},{% else %}Hello,{% endif %}';

const STAFF_COPY: Record<StaffMessageKind, { subject: string; lines: string[]; button: string }> = {
  'staff-invitation': {
    subject: 'You are invited to {{ practice_name }} on the scheduler',
    lines: [
      '{% if invited_by %}{{ invited_by }} invited you{% else %}You are invited{% endif %} to join {{ practice_name }} as {{ role }}.',
      'Accept the invitation and choose your password with this link. It works for {{ expires_in }} and only once.',
    ],
    button: 'Accept the invitation',
  },
  'password-reset': {
    subject: 'Choose a new password for the scheduler',
    lines: [
      'Someone asked to reset the password of your scheduler account{% if practice_name %} at {{ practice_name }}{% endif %}.',
      'Choose a new password with this link. It works for {{ expires_in }} and only once.',
    ],
    button: 'Choose a new password',
  },
};

const STAFF_FOOTER = 'If you did not expect this e-mail, ignore it: nothing changes until the link is used.';

function staffEmail(kind: StaffMessageKind): DefaultTemplate {
  const copy = STAFF_COPY[kind];
  const bodyText = [STAFF_HELLO, ...copy.lines, '{{ action_link }}', STAFF_FOOTER].join('\n\n');
  const bodyHtml = [
    '<div style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a1a1a">',
    `<p>${STAFF_HELLO}</p>`,
    ...copy.lines.map((line) => `<p>${line}</p>`),
    `<p><a href="{{ action_link }}">${copy.button}</a></p>`,
    `<p style="color:#555">${STAFF_FOOTER}</p>`,
    '</div>',
  ].join('\n');
  return { subject: copy.subject, bodyHtml, bodyText };
}

/** The shipped template of a kind and channel; throws RangeError for a pair that has none (staff SMS). */
export function defaultTemplate(kind: MessageKind, channel: MessageChannel): DefaultTemplate {
  if (!kindHasChannel(kind, channel)) {
    throw new RangeError(`${MESSAGE_KIND_LABELS[kind]} is not sent by ${channel}`);
  }
  if (isStaffMessageKind(kind)) return staffEmail(kind);
  const copy = APPOINTMENT_COPY[kind];
  if (channel === 'sms') return { subject: null, bodyHtml: null, bodyText: copy.sms };
  return appointmentEmail(copy);
}

/** The default as TemplateParts (for renderTemplate). */
export function defaultTemplateParts(kind: MessageKind, channel: MessageChannel): TemplateParts {
  return defaultTemplate(kind, channel);
}
