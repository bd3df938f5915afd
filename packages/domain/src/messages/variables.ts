/**
 * The variables a message template may use: a documented whitelist (the admin editor lists it),
 * per kind and channel. A template naming anything else is refused at save.
 *
 * SMS content rule (issue 17): an SMS carries no health information beyond practice name, date,
 * time and location. So an SMS render is given ONLY the SMS-safe variables: no service name (unless
 * the practice opts in for that template), no provider, no patient name. The rule is enforced by
 * what the renderer receives, not by trusting the template.
 */
import type { MessageChannel, MessageKind, MessageLanguage } from './kinds.ts';
import { isStaffMessageKind } from './kinds.ts';

export const APPOINTMENT_VARIABLE_NAMES = [
  'practice_name',
  'location_name',
  'location_address',
  'location_phone',
  'date',
  'time',
  'zone_abbreviation',
  'zone_name',
  'when',
  'provider_name',
  'service_name',
  'confirmation_number',
  'manage_link',
  'patient_first_name',
  'previous_when',
] as const;

export const STAFF_VARIABLE_NAMES = [
  'practice_name',
  'staff_name',
  'invited_by',
  'role',
  'action_link',
  'expires_in',
] as const;

export type AppointmentVariableName = (typeof APPOINTMENT_VARIABLE_NAMES)[number];
export type StaffVariableName = (typeof STAFF_VARIABLE_NAMES)[number];
export type VariableName = AppointmentVariableName | StaffVariableName;

/** Values of a message's variables, all text (already formatted). Absent optional ones render empty. */
export type MessageVariables = Partial<Record<VariableName, string>>;

export interface VariableDefinition {
  name: VariableName;
  label: string;
  description: string;
  sample: string;
  /** May be empty: wrap it in {% if name %}…{% endif %}. */
  optional: boolean;
  /** Channels it may be used on; 'sms-opt-in' = SMS only when the template opts in. */
  sms: 'yes' | 'no' | 'opt-in';
  /** Only these kinds (all of its group when absent). */
  kinds?: readonly MessageKind[];
}

const define = (
  name: VariableName,
  label: string,
  description: string,
  sample: string,
  extra: Partial<Pick<VariableDefinition, 'optional' | 'sms' | 'kinds'>> = {},
): VariableDefinition => ({ name, label, description, sample, optional: false, sms: 'yes', ...extra });

export const APPOINTMENT_VARIABLES: readonly VariableDefinition[] = [
  define('practice_name', 'Practice name', 'The practice (brand) name.', 'Riverside Family Health'),
  define('location_name', 'Location name', 'Where the appointment takes place.', 'Downtown Clinic'),
  define(
    'location_address',
    'Location address',
    'The location’s street address on one line.',
    '120 Main Street, Springfield, IL 62701',
  ),
  define('location_phone', 'Location phone', 'The location’s phone number.', '(217) 555-0142', {
    optional: true,
  }),
  define(
    'date',
    'Date',
    'The appointment date at the location, with the weekday.',
    'Friday, December 4, 2026',
  ),
  define('time', 'Time', 'The appointment time on the location’s clock.', '9:00 AM'),
  define('zone_abbreviation', 'Time zone (short)', 'The location’s zone abbreviation at that date.', 'EST'),
  define('zone_name', 'Time zone', 'The location’s IANA time zone.', 'America/New_York'),
  define(
    'when',
    'Date, time and zone',
    'Date and time with the zone named, e.g. for the first line of a message.',
    'Friday, December 4, 2026 at 9:00 AM EST (America/New_York)',
  ),
  define('provider_name', 'Provider', 'The provider’s display name.', 'Dr. Maria Lopez', { sms: 'no' }),
  define(
    'service_name',
    'Service',
    'The booked service (health information: not in SMS unless opted in).',
    'Annual physical',
    {
      sms: 'opt-in',
    },
  ),
  define(
    'confirmation_number',
    'Confirmation number',
    'The appointment’s confirmation number (as shown on the thank-you page).',
    'K7M-4QXD',
  ),
  define(
    'manage_link',
    'Manage link',
    'A link where the patient can view or change the appointment (empty until that page exists).',
    'https://scheduler.example.com/manage/abc123',
    { optional: true },
  ),
  define('patient_first_name', 'Patient first name', 'The patient’s first name (e-mail only).', 'Alex', {
    sms: 'no',
  }),
  define(
    'previous_when',
    'Previous date and time',
    'Reschedule notice: the date, time and zone the appointment had before it moved.',
    'Thursday, December 3, 2026 at 2:30 PM EST (America/New_York)',
    { optional: true, kinds: ['rescheduled'] },
  ),
];

export const STAFF_VARIABLES: readonly VariableDefinition[] = [
  define('practice_name', 'Practice name', 'The practice (brand) name.', 'Riverside Family Health', {
    sms: 'no',
    optional: true,
  }),
  define('staff_name', 'Staff member', 'The recipient’s name.', 'Jordan Smith', {
    sms: 'no',
    optional: true,
  }),
  define('invited_by', 'Invited by', 'Who sent the invitation.', 'Pat Owner', {
    sms: 'no',
    optional: true,
    kinds: ['staff-invitation'],
  }),
  define('role', 'Role', 'The role offered.', 'Administrator', { sms: 'no', kinds: ['staff-invitation'] }),
  define(
    'action_link',
    'Link',
    'The one-time link to accept the invitation or choose a new password.',
    'https://scheduler.example.com/admin/accept?token=abc123',
    { sms: 'no' },
  ),
  define('expires_in', 'Link validity', 'How long the link works, e.g. “72 hours”.', '72 hours', {
    sms: 'no',
  }),
];

export interface VariableScope {
  kind: MessageKind;
  channel: MessageChannel;
  /** SMS: the practice opted in to the service name in this template. */
  smsServiceNameOptIn?: boolean;
  /** Issue 21: the template's language; its sample dates and times are written in it (English when absent). */
  language?: MessageLanguage;
}

/** Issue 21: the sample values that read differently in Spanish (Intl 'es-US', see format.ts). */
const SPANISH_SAMPLES: MessageVariables = {
  date: 'viernes, 4 de diciembre de 2026',
  time: '9:00 a.m.',
  zone_abbreviation: 'hora estándar del Este',
  when: 'viernes, 4 de diciembre de 2026 a las 9:00 a.m. hora estándar del Este (America/New_York)',
  previous_when: 'jueves, 3 de diciembre de 2026 a las 2:30 p.m. hora estándar del Este (America/New_York)',
  expires_in: '72 horas',
};

/** The variables a (kind, channel) template may use, in display order. */
export function variablesFor({
  kind,
  channel,
  smsServiceNameOptIn = false,
}: VariableScope): VariableDefinition[] {
  const group = isStaffMessageKind(kind) ? STAFF_VARIABLES : APPOINTMENT_VARIABLES;
  return group.filter((variable) => {
    if (variable.kinds && !variable.kinds.includes(kind)) return false;
    if (channel === 'email') return true;
    return variable.sms === 'yes' || (variable.sms === 'opt-in' && smsServiceNameOptIn);
  });
}

export function variableNamesFor(scope: VariableScope): Set<string> {
  return new Set(variablesFor(scope).map((variable) => variable.name));
}

/** The sample values of a scope (previews; the SMS length check at save). */
export function sampleVariables(scope: VariableScope): MessageVariables {
  const spanish = scope.language === 'es';
  return Object.fromEntries(
    variablesFor(scope).map((variable) => [
      variable.name,
      (spanish ? SPANISH_SAMPLES[variable.name] : undefined) ?? variable.sample,
    ]),
  );
}

/**
 * Only the whitelisted variables of the scope, as own properties of a fresh object; every
 * whitelisted name is present (absent optional values are ''). This is what a render is given:
 * e.g. an SMS never receives `service_name` or `patient_first_name`, whatever the caller passed.
 */
export function scopedVariables(
  scope: VariableScope,
  values: Readonly<Record<string, unknown>>,
): Record<string, string> {
  return Object.fromEntries(
    variablesFor(scope).map((variable) => {
      const value = Object.hasOwn(values, variable.name) ? values[variable.name] : undefined;
      return [variable.name, typeof value === 'string' ? value : ''];
    }),
  );
}
