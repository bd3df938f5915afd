import type { AuditLogEntry, AuditTarget } from '@scheduler/contract/patient-management/audit-log';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AppointmentStatus } from '@scheduler/domain/appointment-status';
import { i18n } from '../../../i18n/catalogs';
import { APPOINTMENT_STATUS_MESSAGES } from '../shared/status-labels';

/**
 * The audit log as sentences (issue 19: it spoke in codes, `membership.delete`, `user #5`):
 * "Morgan Reyes removed Dana Lee from BrightSmile Dental", built from the entry's action, its
 * actor and its record as the server names them (names resolved within the practice only). The
 * record links to its admin screen. Pure: the screen turns the parts into text and links.
 */

/** A piece of a sentence: text, and the admin route segment it links to (the record's screen). */
export interface SentencePart {
  text: string;
  /** 'patientdetails/12/next', 'locationconfig' …; absent for plain text. */
  link?: string;
}

export interface AuditPractice {
  name: string;
}

/**
 * What each action says: `{actor}`, `{target}`, `{practice}`, `{role}`, `{status}` are filled in
 * (the translated sentence keeps them: `auditSentence` splits it around them).
 */
const TEMPLATES: Readonly<Record<string, MessageDescriptor>> = {
  'membership.create': msg({ message: '{actor} added {target} to {practice}' }),
  'membership.update': msg({ message: '{actor} changed the role of {target} to {role}' }),
  'membership.delete': msg({ message: '{actor} removed {target} from {practice}' }),
  'membership.disable': msg({ message: '{actor} turned off the access of {target} to {practice}' }),
  'membership.enable': msg({ message: '{actor} turned on the access of {target} to {practice}' }),
  'user.force-reset': msg({ message: '{actor} asked {target} to choose a new password' }),
  'invitation.create': msg({ message: '{actor} invited {target} to {practice}' }),
  'invitation.resend': msg({ message: '{actor} sent the invitation to {target} again' }),
  'invitation.revoke': msg({ message: '{actor} withdrew the invitation to {target}' }),
  'client.security-update': msg({ message: '{actor} changed the security settings of {practice}' }),
  'auth.login': msg({ message: '{actor} signed in' }),
  'auth.logout': msg({ message: '{actor} signed out' }),
  'auth.switch-client': msg({ message: '{actor} switched to {practice}' }),
  'auth.password-change': msg({ message: '{actor} changed their password' }),
  'auth.password-reset': msg({ message: '{actor} reset their password' }),
  'auth.two-factor-on': msg({ message: '{actor} turned on two-step sign-in' }),
  'auth.two-factor-off': msg({ message: '{actor} turned off two-step sign-in' }),
  'auth.session-end': msg({ message: '{actor} ended a session' }),
  'auth.sessions-end-others': msg({ message: '{actor} signed out their other sessions' }),
  'audit.read': msg({ message: '{actor} viewed the audit log' }),
  'patient.read': msg({ message: '{actor} opened the record of {target}' }),
  'patient.list.read': msg({ message: '{actor} viewed the patient list' }),
  'patient.appointments.read': msg({ message: '{actor} viewed the appointments of {target}' }),
  'patient.pending-changes.read': msg({ message: '{actor} viewed the contact changes proposed by {target}' }),
  'patient.message-language.read': msg({ message: '{actor} looked up the message language of {target}' }),
  'appointment.read': msg({ message: '{actor} opened {target}' }),
  'appointment.status.update': msg({ message: '{actor} changed the status of {target}{status}' }),
  'appointment.cancel.patient': msg({ message: '{actor} cancelled {target} online' }),
  'appointment.reschedule.patient': msg({ message: '{actor} moved {target} online' }),
  'appointment.manage-link.resend': msg({ message: '{actor} sent a new manage link for {target}' }),
  'note.create': msg({ message: '{actor} added {target}' }),
  'note.update': msg({ message: '{actor} edited {target}' }),
  'messages.list': msg({ message: '{actor} viewed the messages log' }),
  'messages.read': msg({ message: '{actor} opened {target}' }),
  'messages.resend': msg({ message: '{actor} sent {target} again' }),
  'message-template.save': msg({ message: '{actor} saved {target}' }),
  'message-template.reset': msg({ message: '{actor} put back the default {target}' }),
  'scheduler.settings.update': msg({ message: '{actor} changed the scheduler settings' }),
  'scheduler.message-rules.update': msg({ message: '{actor} changed the reminder rules' }),
  'waitlist.read': msg({ message: '{actor} viewed the waitlist' }),
  'waitlist.update': msg({ message: '{actor} updated {target}{status}' }),
  'waitlist.remove': msg({ message: '{actor} removed {target}' }),
  'waitlist.offers.read': msg({ message: '{actor} viewed the waitlist offers' }),
  'waitlist.book.replay': msg({ message: '{actor} booked {target} (a repeated request)' }),
  'widget.frame-ancestors.update': msg({
    message: '{actor} changed the websites that may show the booking widget',
  }),
  'schedule.read': msg({ message: '{actor} viewed the schedule' }),
  'appointment.book.staff': msg({ message: '{actor} booked {target} for a patient who called' }),
  'appointment.reschedule.staff': msg({ message: '{actor} moved {target}' }),
  'appointment.cancel.staff': msg({ message: '{actor} cancelled {target}' }),
  'provider.retire': msg({ message: '{actor} retired {target}' }),
  'provider.restore': msg({ message: '{actor} restored {target}' }),
  'provider.appointments.read': msg({ message: '{actor} viewed the upcoming appointments of {target}' }),
  'location-closures.read': msg({ message: '{actor} viewed the closed days' }),
  'location-closure.create': msg({ message: '{actor} closed {target} for a day' }),
  'location-closure.delete': msg({ message: '{actor} reopened a closed day at {target}' }),
  'location-closure.import': msg({ message: '{actor} imported the US federal holidays as closed days' }),
  'appointment.book.partner': msg({ message: '{actor} booked {target} through the FHIR scheduling API' }),
  'open-availability.update': msg({ message: '{actor} changed how {practice} publishes its open times' }),
  'partner-client.create': msg({ message: '{actor} added {target} to the partners of {practice}' }),
  'partner-client.revoke': msg({ message: '{actor} revoked the credentials of {target}' }),
  'provider.calendar-feed.read': msg({ message: '{actor} viewed the calendar feed link of {target}' }),
  'provider.calendar-feed.create': msg({ message: '{actor} created the calendar feed link of {target}' }),
  'provider.calendar-feed.rotate': msg({ message: '{actor} replaced the calendar feed link of {target}' }),
};

/** The last word of an action that has no template of its own: 'location.create' → 'added {target}'. */
const VERBS: Readonly<Record<string, MessageDescriptor>> = {
  create: msg({ message: '{actor} added {target}' }),
  update: msg({ message: '{actor} changed {target}' }),
  delete: msg({ message: '{actor} deleted {target}' }),
  remove: msg({ message: '{actor} removed {target}' }),
  read: msg({ message: '{actor} viewed {target}' }),
  list: msg({ message: '{actor} viewed {target}' }),
  book: msg({ message: '{actor} booked {target}' }),
  reschedule: msg({ message: '{actor} moved {target}' }),
  move: msg({ message: '{actor} moved {target}' }),
  cancel: msg({ message: '{actor} cancelled {target}' }),
  retire: msg({ message: '{actor} retired {target}' }),
  import: msg({ message: '{actor} imported {target}' }),
};

/** 'location.providers.replace' → the providers of the location. */
const REPLACED: Readonly<Record<string, MessageDescriptor>> = {
  providers: msg`providers`,
  services: msg`services`,
  locations: msg`locations`,
  insurance: msg`insurance plans`,
};

/** How a record type is called before its name ('location Downtown'), and when it has none. */
const NOUNS: Readonly<Record<string, MessageDescriptor>> = {
  location: msg`location`,
  provider: msg`provider`,
  service: msg`service`,
  'insurance-carrier': msg`insurance carrier`,
  'insurance-plan': msg`insurance plan`,
  'insurance-type': msg`insurance type`,
  appointment: msg`appointment`,
  patient: msg`patient`,
  user: msg`user`,
  invitation: msg`invitation`,
  closure: msg`closed day`,
  'partner-client': msg`partner`,
};

const words = (code: string): string => code.replace(/[._-]+/g, ' ').trim();

/** The patient page's route (patients/patient-paths.ts; 'next': its next appointment, else the latest). */
const patientDetailsPath = (patientId: string, appointmentId = 'next'): string =>
  `patientdetails/${encodeURIComponent(patientId)}/${encodeURIComponent(appointmentId)}`;

/** The admin screen of a record, or undefined when it has none to show. */
export function targetLink(target: AuditTarget): string | undefined {
  const patientId = target.patient?.patientId;
  switch (target.type) {
    case 'patient':
      return target.name === null ? undefined : patientDetailsPath(target.id);
    case 'appointment':
      return patientId ? patientDetailsPath(patientId, target.id) : undefined;
    case 'note':
    case 'message':
      return patientId ? patientDetailsPath(patientId) : undefined;
    case 'waitlist':
    case 'waitlist_entry':
      return target.name === null ? undefined : 'waitlist';
    case 'user':
    case 'invitation':
    case 'client':
      return target.name === null ? undefined : 'users';
    case 'location':
      return target.name === null ? undefined : 'locationconfig';
    case 'provider':
      return target.name === null
        ? undefined
        : `providercontroleditprovider?providerId=${encodeURIComponent(target.id)}`;
    case 'service':
      return target.name === null ? undefined : 'configservices';
    case 'insurance-carrier':
    case 'insurance-plan':
    case 'insurance-type':
      return target.name === null ? undefined : 'insuranceconfig';
    case 'scheduler':
      return 'managescheduler';
    case 'message_template':
      return 'messagesettings';
    case 'partner-client':
      return target.name === null ? undefined : 'openavailability';
    default:
      return undefined;
  }
}

/** The record in words: 'Dana Lee', 'appointment K7M-4QXD of Dana Lee', 'location Downtown', 'a former user'. */
export function targetText(target: AuditTarget): string {
  const patient = target.patient?.name;
  const name = target.name;
  switch (target.type) {
    case 'user':
      return name ?? i18n._(msg`a former user`);
    case 'patient':
      return name ?? i18n._(msg`a patient no longer on file`);
    case 'invitation':
      return name ?? i18n._(msg`a withdrawn invitation`);
    case 'client':
      return name ?? i18n._(msg`the practice`);
    case 'appointment':
      return name === null
        ? i18n._(msg`an appointment no longer on file`)
        : patient
          ? i18n._(msg`appointment ${name} of ${patient}`)
          : i18n._(msg`appointment ${name}`);
    case 'note':
      return patient ? i18n._(msg`a note on the record of ${patient}`) : i18n._(msg`a note`);
    case 'message':
      return patient ? i18n._(msg`a message to ${patient}`) : i18n._(msg`a message`);
    case 'waitlist':
    case 'waitlist_entry':
      return name ? i18n._(msg`the waitlist entry of ${name}`) : i18n._(msg`a waitlist entry`);
    case 'scheduler':
      return i18n._(msg`the scheduler settings`);
    case 'message_template': {
      const [code = '', channel = ''] = target.id.split('/');
      const kind = words(code);
      const medium =
        channel === 'sms'
          ? i18n._(msg`text message`)
          : channel === 'email'
            ? i18n._(msg`e-mail`)
            : words(channel);
      return i18n._(msg`the ${kind} ${medium} template`).replace(/\s+/g, ' ');
    }
    default: {
      const known = NOUNS[target.type];
      const noun = known ? i18n._(known) : words(target.type);
      return name === null ? i18n._(msg`a ${noun} no longer on file`) : i18n._(msg`${noun} ${name}`);
    }
  }
}

/** Kept in the translated template: `auditSentence` splits the sentence around them. */
const SLOTS = {
  actor: '{actor}',
  target: '{target}',
  practice: '{practice}',
  role: '{role}',
  status: '{status}',
};

/** A template in the active language: its slots kept, any other value filled in. */
const fill = (template: MessageDescriptor, values: Record<string, string>): string => {
  const filled: MessageDescriptor = { ...template, values };
  return i18n._(filled);
};

function templateOf(action: string): string {
  const exact = TEMPLATES[action];
  if (exact) return fill(exact, SLOTS);
  const segments = action.split('.');
  const verb = segments[segments.length - 1] ?? '';
  if (verb === 'replace' && segments.length >= 3) {
    const code = segments[segments.length - 2] ?? '';
    const replaced = REPLACED[code];
    const what = replaced ? i18n._(replaced) : words(code);
    return fill(msg({ message: '{actor} changed the {what} of {target}' }), { ...SLOTS, what });
  }
  const byVerb = VERBS[verb];
  if (byVerb) return fill(byVerb, SLOTS);
  return fill(msg({ message: '{actor} did “{action}” on {target}' }), { ...SLOTS, action: words(action) });
}

/** The status an entry's details moved to, as staff read it (' to Arrived'), else ''. */
function statusText(details: AuditLogEntry['details']): string {
  const to = details?.to;
  if (typeof to !== 'string' || to === '') return '';
  const known = (APPOINTMENT_STATUS_MESSAGES as Partial<Record<string, MessageDescriptor>>)[
    to as AppointmentStatus
  ];
  const label = known ? i18n._(known) : words(to);
  return ` ${i18n._(msg`to ${label}`)}`;
}

/**
 * The entry as a sentence: parts of text, the actor, the record (a link to its screen when it is
 * still there) and the practice.
 */
export function auditSentence(entry: AuditLogEntry, practice: AuditPractice): SentencePart[] {
  const target = entry.target;
  const selfService = entry.user === null && entry.action.endsWith('.patient');
  // A partner's booking (issue 20) names the partner (details.partnerName), never a staff user.
  const partnerName = entry.action.endsWith('.partner') ? entry.details?.partnerName : undefined;
  const actor = entry.user
    ? entry.user.name || entry.user.email
    : selfService
      ? (target?.patient?.name ?? i18n._(msg`The patient`))
      : typeof partnerName === 'string' && partnerName !== ''
        ? i18n._(msg`Partner ${partnerName}`)
        : i18n._(msg`The system`);
  // Someone accepting an invitation adds themselves: "Dana Lee joined BrightSmile Dental".
  const template =
    entry.action === 'membership.create' && target?.type === 'user' && entry.user?.userId === target.id
      ? fill(msg({ message: '{actor} joined {practice}' }), SLOTS)
      : templateOf(entry.action);

  const parts: SentencePart[] = [];
  const push = (part: SentencePart) => {
    const last = parts[parts.length - 1];
    if (part.link === undefined && last !== undefined && last.link === undefined) last.text += part.text;
    else parts.push({ ...part });
  };
  for (const piece of template.split(/(\{\w+\})/)) {
    if (piece === '') continue;
    switch (piece) {
      case '{actor}':
        push({ text: actor });
        break;
      case '{target}':
        if (target) {
          const link = targetLink(target);
          push(link === undefined ? { text: targetText(target) } : { text: targetText(target), link });
        } else {
          // An action that names no record ('patient.list.read' without one): say what it was about.
          push({ text: i18n._(msg`a record`) });
        }
        break;
      case '{practice}':
        push({ text: practice.name || i18n._(msg`the practice`) });
        break;
      case '{role}': {
        const role = entry.details?.role;
        push({ text: typeof role === 'string' ? words(role) : i18n._(msg`another role`) });
        break;
      }
      case '{status}':
        push({ text: statusText(entry.details) });
        break;
      default:
        push({ text: piece });
    }
  }
  return parts;
}

/** The sentence as plain text (for tests, titles and screen-reader labels). */
export function auditSentenceText(entry: AuditLogEntry, practice: AuditPractice): string {
  return auditSentence(entry, practice)
    .map((part) => part.text)
    .join('');
}
