/**
 * The templates that ship, in English and (issue 21) Spanish, for every kind × channel: e-mail
 * with subject, HTML and plain text; SMS text only. A practice's own template replaces one of
 * them; "reset" brings it back. SMS defaults name only the practice, date, time (with zone),
 * place, the confirmation number and the manage link when there is one; they fit in 2 segments
 * with the sample values of their language (tested). The Spanish is formal ("usted"), for US
 * patients; its dates and times come from Intl ('es-US', format.ts), not from the text.
 */
import type {
  AppointmentMessageKind,
  MessageChannel,
  MessageKind,
  MessageLanguage,
  StaffMessageKind,
} from './kinds.ts';
import { MESSAGE_KIND_LABELS, isStaffMessageKind, kindHasChannel } from './kinds.ts';
import type { TemplateParts } from './render.ts';

export interface DefaultTemplate {
  subject: string | null;
  bodyHtml: string | null;
  bodyText: string;
}

/** The words around a message's own sentences: greeting, detail labels, links, the call line. */
interface EmailChrome {
  /** The HTML part's opening tag. */
  open: string;
  greeting: string;
  detailsText: string;
  detailsHtml: string;
  manageText: string;
  manageHtml: string;
  callText: string;
  callHtml: string;
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

const EMAIL_OPEN =
  '<div style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a1a1a">';

const CHROME_EN: EmailChrome = {
  open: EMAIL_OPEN,
  greeting: GREETING,
  detailsText: DETAILS_TEXT,
  detailsHtml: DETAILS_HTML,
  manageText: MANAGE_TEXT,
  manageHtml: MANAGE_HTML,
  callText: CALL_TEXT,
  callHtml: CALL_HTML,
};

const CHROME_ES: EmailChrome = {
  open: EMAIL_OPEN.replace('<div ', '<div lang="es" '),
  greeting: '{% if patient_first_name %}Hola, {{ patient_first_name }}:{% else %}Hola:{% endif %}',
  detailsText: [
    'Fecha y hora: {{ when }}',
    'Lugar: {{ location_name }}, {{ location_address }}',
    'Profesional: {{ provider_name }}',
    'Servicio: {{ service_name }}',
    'Número de confirmación: {{ confirmation_number }}',
  ].join('\n'),
  detailsHtml: [
    '<table role="presentation" cellpadding="4" style="border-collapse:collapse">',
    '<tr><th align="left">Fecha y hora</th><td>{{ when }}</td></tr>',
    '<tr><th align="left">Lugar</th><td>{{ location_name }}<br>{{ location_address }}</td></tr>',
    '<tr><th align="left">Profesional</th><td>{{ provider_name }}</td></tr>',
    '<tr><th align="left">Servicio</th><td>{{ service_name }}</td></tr>',
    '<tr><th align="left">Número de confirmación</th><td><strong>{{ confirmation_number }}</strong></td></tr>',
    '</table>',
  ].join('\n'),
  manageText: '{% if manage_link %}Para ver o cambiar su cita: {{ manage_link }}\n\n{% endif %}',
  manageHtml: '{% if manage_link %}<p><a href="{{ manage_link }}">Ver o cambiar su cita</a></p>\n{% endif %}',
  callText: '{% if location_phone %}¿Tiene preguntas? Llámenos al {{ location_phone }}.\n\n{% endif %}',
  callHtml: '{% if location_phone %}<p>¿Tiene preguntas? Llámenos al {{ location_phone }}.</p>\n{% endif %}',
};

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

// Issue 21: Spanish SMS name the time without "a las" (it would be "a la" at one o'clock).
const SMS_WHEN_ES = '{{ date }}, {{ time }} {{ zone_abbreviation }}';
const SMS_MANAGE_ES = '{% if manage_link %} Ver o cambiar: {{ manage_link }}{% endif %}';

const APPOINTMENT_COPY_ES: Record<AppointmentMessageKind, AppointmentCopy> = {
  confirmation: {
    subject: 'Su cita del {{ date }} está reservada',
    intro: 'Su cita está reservada. Adjuntamos un archivo de calendario.',
    manage: true,
    sms: `{{ practice_name }}: su cita está reservada para el ${SMS_WHEN_ES}, {{ location_name }}. Confirmación {{ confirmation_number }}.${SMS_MANAGE_ES} Responda STOP para no recibir más mensajes.`,
  },
  'request-received': {
    subject: 'Recibimos su solicitud de cita para el {{ date }}',
    intro:
      'Recibimos su solicitud de cita. El consultorio la confirmará en breve; mientras tanto, le guardamos el horario.',
    manage: true,
    sms: `{{ practice_name }}: recibimos su solicitud para el ${SMS_WHEN_ES}, {{ location_name }}. La confirmaremos en breve. Ref. {{ confirmation_number }}. Responda STOP para no recibir más mensajes.`,
  },
  confirmed: {
    subject: 'Su cita del {{ date }} está confirmada',
    intro: 'El consultorio confirmó su cita. Adjuntamos un archivo de calendario.',
    manage: true,
    sms: `{{ practice_name }}: su cita del ${SMS_WHEN_ES}, {{ location_name }} está confirmada. Ref. {{ confirmation_number }}.${SMS_MANAGE_ES}`,
  },
  reminder: {
    subject: 'Recordatorio: su cita del {{ date }}, {{ time }} {{ zone_abbreviation }}',
    intro: 'Le recordamos su próxima cita.',
    manage: true,
    sms: `{{ practice_name }}, recordatorio: su cita es el ${SMS_WHEN_ES}, {{ location_name }}. Responda C para confirmar.${SMS_MANAGE_ES}`,
  },
  cancelled: {
    subject: 'Su cita del {{ date }} fue cancelada',
    intro: 'Su cita fue cancelada.',
    after: 'Para reservar otro horario, visite nuestro sitio web o llámenos.',
    manage: false,
    sms: `{{ practice_name }}: su cita del ${SMS_WHEN_ES}, {{ location_name }} fue cancelada. Ref. {{ confirmation_number }}.`,
  },
  rescheduled: {
    subject: 'Su cita cambió al {{ date }}, {{ time }} {{ zone_abbreviation }}',
    intro:
      'Su cita cambió de horario{% if previous_when %} (antes: {{ previous_when }}){% endif %}. Abajo encontrará el nuevo horario; el archivo de calendario actualiza la cita en su calendario.',
    manage: true,
    sms: `{{ practice_name }}: su cita cambió al ${SMS_WHEN_ES}, {{ location_name }}. Ref. {{ confirmation_number }}.${SMS_MANAGE_ES}`,
  },
};

function appointmentEmail(copy: AppointmentCopy, chrome: EmailChrome): DefaultTemplate {
  const after = copy.after ?? '';
  const bodyText = [
    `${chrome.greeting}\n\n${copy.intro}\n\n${chrome.detailsText}\n\n`,
    copy.manage ? chrome.manageText : '',
    after ? `${after}\n\n` : '',
    chrome.callText,
    '{{ practice_name }}',
  ].join('');
  const bodyHtml = [
    chrome.open,
    `<p>${chrome.greeting}</p>`,
    `<p>${copy.intro}</p>`,
    chrome.detailsHtml,
    copy.manage ? chrome.manageHtml : '',
    after ? `<p>${after}</p>` : '',
    chrome.callHtml,
    '<p>{{ practice_name }}</p>',
    '</div>',
  ]
    .filter((line) => line !== '')
    .join('\n');
  return { subject: `${copy.subject} - {{ practice_name }}`, bodyHtml, bodyText };
}

interface StaffCopy {
  subject: string;
  lines: string[];
  button: string;
}

const STAFF_HELLO = '{% if staff_name %}Hello {{ staff_name }},{% else %}Hello,{% endif %}';

const STAFF_COPY: Record<StaffMessageKind, StaffCopy> = {
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

const STAFF_HELLO_ES = '{% if staff_name %}Hola, {{ staff_name }}:{% else %}Hola:{% endif %}';

const STAFF_COPY_ES: Record<StaffMessageKind, StaffCopy> = {
  'staff-invitation': {
    subject: 'Le invitamos a {{ practice_name }} en el sistema de citas',
    lines: [
      '{% if invited_by %}{{ invited_by }} le invitó{% else %}Le invitamos{% endif %} a unirse a {{ practice_name }} como {{ role }}.',
      'Acepte la invitación y elija su contraseña con este enlace. Es válido durante {{ expires_in }} y solo se puede usar una vez.',
    ],
    button: 'Aceptar la invitación',
  },
  'password-reset': {
    subject: 'Elija una nueva contraseña para el sistema de citas',
    lines: [
      'Alguien pidió restablecer la contraseña de su cuenta del sistema de citas{% if practice_name %} de {{ practice_name }}{% endif %}.',
      'Elija una nueva contraseña con este enlace. Es válido durante {{ expires_in }} y solo se puede usar una vez.',
    ],
    button: 'Elegir una nueva contraseña',
  },
};

const STAFF_FOOTER_ES =
  'Si no esperaba este correo electrónico, ignórelo: nada cambia hasta que se use el enlace.';

function staffEmail(copy: StaffCopy, open: string, hello: string, footer: string): DefaultTemplate {
  const bodyText = [hello, ...copy.lines, '{{ action_link }}', footer].join('\n\n');
  const bodyHtml = [
    open,
    `<p>${hello}</p>`,
    ...copy.lines.map((line) => `<p>${line}</p>`),
    `<p><a href="{{ action_link }}">${copy.button}</a></p>`,
    `<p style="color:#555">${footer}</p>`,
    '</div>',
  ].join('\n');
  return { subject: copy.subject, bodyHtml, bodyText };
}

/**
 * The shipped template of a kind and channel in `language` (English when absent); throws
 * RangeError for a pair that has none (staff SMS).
 */
export function defaultTemplate(
  kind: MessageKind,
  channel: MessageChannel,
  language: MessageLanguage = 'en',
): DefaultTemplate {
  if (!kindHasChannel(kind, channel)) {
    throw new RangeError(`${MESSAGE_KIND_LABELS[kind]} is not sent by ${channel}`);
  }
  const spanish = language === 'es';
  if (isStaffMessageKind(kind)) {
    return spanish
      ? staffEmail(STAFF_COPY_ES[kind], CHROME_ES.open, STAFF_HELLO_ES, STAFF_FOOTER_ES)
      : staffEmail(STAFF_COPY[kind], EMAIL_OPEN, STAFF_HELLO, STAFF_FOOTER);
  }
  const copy = (spanish ? APPOINTMENT_COPY_ES : APPOINTMENT_COPY)[kind];
  if (channel === 'sms') return { subject: null, bodyHtml: null, bodyText: copy.sms };
  return appointmentEmail(copy, spanish ? CHROME_ES : CHROME_EN);
}

/** The default as TemplateParts (for renderTemplate). */
export function defaultTemplateParts(
  kind: MessageKind,
  channel: MessageChannel,
  language: MessageLanguage = 'en',
): TemplateParts {
  return defaultTemplate(kind, channel, language);
}
