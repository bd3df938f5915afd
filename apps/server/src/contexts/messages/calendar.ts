/*
 * The calendar entry of an appointment e-mail (C1's builder, packages/domain/src/messages/ics.ts):
 * METHOD:REQUEST with the confirmation, "confirmed" and reschedule e-mails, METHOD:CANCEL with the
 * cancellation; one UID per appointment and SEQUENCE = the appointment's version, so a calendar
 * updates the entry it has. Nothing about the patient goes in it.
 */
import { buildAppointmentIcs } from '@scheduler/domain/messages/ics';
import { confirmationNumberOf } from '@scheduler/domain/messages/format';
import type { MessageKind } from '@scheduler/contract/admin/messages';
import type { EmailAttachment } from '../../platform/outbound/transports.ts';
import type { SendFacts } from './dispatch-repository.ts';
import { locationAddress } from './rendering.ts';
import type { CalendarSource } from './rendering.ts';

const METHOD_OF: Partial<Record<MessageKind, 'REQUEST' | 'CANCEL'>> = {
  confirmation: 'REQUEST',
  confirmed: 'REQUEST',
  rescheduled: 'REQUEST',
  cancelled: 'CANCEL',
};

/** 'Clinic <no-reply@clinic.example>' → { name, email }. */
export function organizerOf(mailFrom: string, fallbackName: string): { name: string; email: string } {
  const match = /^\s*(.*?)\s*<([^<>]+)>\s*$/.exec(mailFrom);
  if (match) return { name: match[1]?.replace(/^"|"$/g, '') || fallbackName, email: match[2] ?? mailFrom };
  return { name: fallbackName, email: mailFrom.trim() };
}

export function calendarSource(mailFrom: string, now: () => Date): CalendarSource {
  return (facts: SendFacts, kind: MessageKind, publicUrl: string): EmailAttachment | null => {
    const method = METHOD_OF[kind];
    if (method === undefined) return null;
    const confirmation = confirmationNumberOf(facts.appointmentId);
    const content = buildAppointmentIcs({
      appointmentId: facts.appointmentId,
      uidHost: new URL(publicUrl).hostname,
      sequence: facts.version,
      method,
      startUtc: new Date(facts.startAt),
      endUtc: new Date(facts.endAt),
      timeZone: facts.location.timeZone,
      // Issue 21: a Spanish booking's calendar entry reads in Spanish.
      summary:
        facts.language === 'es' ? `Cita en ${facts.practiceName}` : `Appointment at ${facts.practiceName}`,
      locationText: `${facts.location.name}, ${locationAddress(facts.location)}`,
      description:
        facts.language === 'es'
          ? `Número de confirmación: ${confirmation}`
          : `Confirmation number: ${confirmation}`,
      organizer: organizerOf(mailFrom, facts.practiceName),
      now: now(),
    });
    return {
      filename: method === 'CANCEL' ? 'cancelled-appointment.ics' : 'appointment.ics',
      contentType: `text/calendar; charset=utf-8; method=${method}`,
      content,
    };
  };
}
