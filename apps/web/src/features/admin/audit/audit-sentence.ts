import type { AuditLogEntry, AuditTarget } from '@scheduler/contract/patient-management/audit-log';
import { APPOINTMENT_STATUS_LABELS, type AppointmentStatus } from '@scheduler/domain/appointment-status';

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

/** What each action says: `{actor}`, `{target}`, `{practice}`, `{role}`, `{status}` are filled in. */
const TEMPLATES: Readonly<Record<string, string>> = {
  'membership.create': '{actor} added {target} to {practice}',
  'membership.update': '{actor} changed the role of {target} to {role}',
  'membership.delete': '{actor} removed {target} from {practice}',
  'membership.disable': '{actor} turned off the access of {target} to {practice}',
  'membership.enable': '{actor} turned on the access of {target} to {practice}',
  'user.force-reset': '{actor} asked {target} to choose a new password',
  'invitation.create': '{actor} invited {target} to {practice}',
  'invitation.resend': '{actor} sent the invitation to {target} again',
  'invitation.revoke': '{actor} withdrew the invitation to {target}',
  'client.security-update': '{actor} changed the security settings of {practice}',
  'auth.login': '{actor} signed in',
  'auth.logout': '{actor} signed out',
  'auth.switch-client': '{actor} switched to {practice}',
  'auth.password-change': '{actor} changed their password',
  'auth.password-reset': '{actor} reset their password',
  'auth.two-factor-on': '{actor} turned on two-step sign-in',
  'auth.two-factor-off': '{actor} turned off two-step sign-in',
  'auth.session-end': '{actor} ended a session',
  'auth.sessions-end-others': '{actor} signed out their other sessions',
  'audit.read': '{actor} viewed the audit log',
  'patient.read': '{actor} opened the record of {target}',
  'patient.list.read': '{actor} viewed the patient list',
  'patient.appointments.read': '{actor} viewed the appointments of {target}',
  'patient.pending-changes.read': '{actor} viewed the contact changes proposed by {target}',
  'appointment.read': '{actor} opened {target}',
  'appointment.status.update': '{actor} changed the status of {target}{status}',
  'appointment.cancel.patient': '{actor} cancelled {target} online',
  'appointment.reschedule.patient': '{actor} moved {target} online',
  'appointment.manage-link.resend': '{actor} sent a new manage link for {target}',
  'note.create': '{actor} added {target}',
  'note.update': '{actor} edited {target}',
  'messages.list': '{actor} viewed the messages log',
  'messages.read': '{actor} opened {target}',
  'messages.resend': '{actor} sent {target} again',
  'message-template.save': '{actor} saved {target}',
  'message-template.reset': '{actor} put back the default {target}',
  'scheduler.settings.update': '{actor} changed the scheduler settings',
  'scheduler.message-rules.update': '{actor} changed the reminder rules',
  'waitlist.read': '{actor} viewed the waitlist',
  'waitlist.update': '{actor} updated {target}{status}',
  'waitlist.remove': '{actor} removed {target}',
  'waitlist.offers.read': '{actor} viewed the waitlist offers',
  'waitlist.book.replay': '{actor} booked {target} (a repeated request)',
  'widget.frame-ancestors.update': '{actor} changed the websites that may show the booking widget',
  'schedule.read': '{actor} viewed the schedule',
  'appointment.book.staff': '{actor} booked {target} for a patient who called',
  'appointment.reschedule.staff': '{actor} moved {target}',
  'appointment.cancel.staff': '{actor} cancelled {target}',
  'provider.retire': '{actor} retired {target}',
  'provider.restore': '{actor} restored {target}',
  'provider.appointments.read': '{actor} viewed the upcoming appointments of {target}',
  'location-closures.read': '{actor} viewed the closed days',
  'location-closure.create': '{actor} closed {target} for a day',
  'location-closure.delete': '{actor} reopened a closed day at {target}',
  'location-closure.import': '{actor} imported the US federal holidays as closed days',
  'appointment.book.partner': '{actor} booked {target} through the FHIR scheduling API',
  'open-availability.update': '{actor} changed how {practice} publishes its open times',
  'partner-client.create': '{actor} added {target} to the partners of {practice}',
  'partner-client.revoke': '{actor} revoked the credentials of {target}',
  'provider.calendar-feed.read': '{actor} viewed the calendar feed link of {target}',
  'provider.calendar-feed.create': '{actor} created the calendar feed link of {target}',
  'provider.calendar-feed.rotate': '{actor} replaced the calendar feed link of {target}',
};

/** The last word of an action that has no template of its own: 'location.create' → 'added {target}'. */
const VERBS: Readonly<Record<string, string>> = {
  create: '{actor} added {target}',
  update: '{actor} changed {target}',
  delete: '{actor} deleted {target}',
  remove: '{actor} removed {target}',
  read: '{actor} viewed {target}',
  list: '{actor} viewed {target}',
  book: '{actor} booked {target}',
  reschedule: '{actor} moved {target}',
  move: '{actor} moved {target}',
  cancel: '{actor} cancelled {target}',
  retire: '{actor} retired {target}',
  import: '{actor} imported {target}',
};

/** 'location.providers.replace' → the providers of the location. */
const REPLACED: Readonly<Record<string, string>> = {
  providers: 'providers',
  services: 'services',
  locations: 'locations',
  insurance: 'insurance plans',
};

/** How a record type is called before its name ('location Downtown'), and when it has none. */
const NOUNS: Readonly<Record<string, string>> = {
  location: 'location',
  provider: 'provider',
  service: 'service',
  'insurance-carrier': 'insurance carrier',
  'insurance-plan': 'insurance plan',
  'insurance-type': 'insurance type',
  appointment: 'appointment',
  patient: 'patient',
  user: 'user',
  invitation: 'invitation',
  closure: 'closed day',
  'partner-client': 'partner',
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
  switch (target.type) {
    case 'user':
      return target.name ?? 'a former user';
    case 'patient':
      return target.name ?? 'a patient no longer on file';
    case 'invitation':
      return target.name ?? 'a withdrawn invitation';
    case 'client':
      return target.name ?? 'the practice';
    case 'appointment':
      return target.name === null
        ? 'an appointment no longer on file'
        : `appointment ${target.name}${patient ? ` of ${patient}` : ''}`;
    case 'note':
      return patient ? `a note on the record of ${patient}` : 'a note';
    case 'message':
      return patient ? `a message to ${patient}` : 'a message';
    case 'waitlist':
    case 'waitlist_entry':
      return target.name ? `the waitlist entry of ${target.name}` : 'a waitlist entry';
    case 'scheduler':
      return 'the scheduler settings';
    case 'message_template': {
      const [kind = '', channel = ''] = target.id.split('/');
      const medium = channel === 'sms' ? 'text message' : channel === 'email' ? 'e-mail' : words(channel);
      return `the ${words(kind)} ${medium} template`.replace(/\s+/g, ' ');
    }
    default: {
      const noun = NOUNS[target.type] ?? words(target.type);
      return target.name === null ? `a ${noun} no longer on file` : `${noun} ${target.name}`;
    }
  }
}

function templateOf(action: string): string {
  const exact = TEMPLATES[action];
  if (exact) return exact;
  const segments = action.split('.');
  const verb = segments[segments.length - 1] ?? '';
  if (verb === 'replace' && segments.length >= 3) {
    const what = REPLACED[segments[segments.length - 2] ?? ''] ?? words(segments[segments.length - 2] ?? '');
    return `{actor} changed the ${what} of {target}`;
  }
  return VERBS[verb] ?? `{actor} did “${words(action)}” on {target}`;
}

/** The status an entry's details moved to, as staff read it (' to Arrived'), else ''. */
function statusText(details: AuditLogEntry['details']): string {
  const to = details?.to;
  if (typeof to !== 'string' || to === '') return '';
  const label = (APPOINTMENT_STATUS_LABELS as Partial<Record<string, string>>)[to as AppointmentStatus];
  return ` to ${label ?? words(to)}`;
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
      ? (target?.patient?.name ?? 'The patient')
      : typeof partnerName === 'string' && partnerName !== ''
        ? `Partner ${partnerName}`
        : 'The system';
  // Someone accepting an invitation adds themselves: "Dana Lee joined BrightSmile Dental".
  const template =
    entry.action === 'membership.create' && target?.type === 'user' && entry.user?.userId === target.id
      ? '{actor} joined {practice}'
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
          push({ text: 'a record' });
        }
        break;
      case '{practice}':
        push({ text: practice.name || 'the practice' });
        break;
      case '{role}': {
        const role = entry.details?.role;
        push({ text: typeof role === 'string' ? words(role) : 'another role' });
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
