import type { AuditLogEntry } from '@scheduler/contract/patient-management/audit-log';
import { describe, expect, it } from 'vitest';
import { auditSentence, auditSentenceText } from './audit-sentence';

const PRACTICE = { name: 'BrightSmile Dental' };
const MORGAN = { userId: '2', name: 'Morgan Reyes', email: 'morgan@brightsmile.example' };

function entry(fields: Partial<AuditLogEntry>): AuditLogEntry {
  return {
    auditId: '1',
    at: '2026-11-27T14:00:00.000Z',
    user: MORGAN,
    action: 'patient.read',
    recordType: null,
    recordId: null,
    ip: null,
    details: null,
    target: null,
    ...fields,
  };
}

describe('the audit log as sentences', () => {
  it('says who removed whom from the practice, the person a link to the users screen', () => {
    const removed = entry({
      action: 'membership.delete',
      recordType: 'user',
      recordId: '5',
      target: { type: 'user', id: '5', name: 'Dana Lee', patient: null },
    });
    expect(auditSentenceText(removed, PRACTICE)).toBe(
      'Morgan Reyes removed Dana Lee from BrightSmile Dental',
    );
    expect(auditSentence(removed, PRACTICE)).toEqual([
      { text: 'Morgan Reyes removed ' },
      { text: 'Dana Lee', link: 'users' },
      { text: ' from BrightSmile Dental' },
    ]);
  });

  it('names a former user without a link, never as "user #5"', () => {
    const text = auditSentenceText(
      entry({ action: 'membership.delete', target: { type: 'user', id: '5', name: null, patient: null } }),
      PRACTICE,
    );
    expect(text).toBe('Morgan Reyes removed a former user from BrightSmile Dental');
    expect(text).not.toMatch(/#5|membership/);
  });

  it("links a patient's record and an appointment to the patient page", () => {
    const opened = entry({
      action: 'patient.read',
      target: {
        type: 'patient',
        id: '12',
        name: 'Zoë O’Brien',
        patient: { patientId: '12', name: 'Zoë O’Brien' },
      },
    });
    expect(auditSentence(opened, PRACTICE)).toEqual([
      { text: 'Morgan Reyes opened the record of ' },
      { text: 'Zoë O’Brien', link: 'patientdetails/12/next' },
    ]);
    const status = entry({
      action: 'appointment.status.update',
      details: { patientId: 12, from: 'booked', to: 'noshow' },
      target: {
        type: 'appointment',
        id: '40',
        name: 'K7M-4QXD',
        patient: { patientId: '12', name: 'Zoë O’Brien' },
      },
    });
    expect(auditSentence(status, PRACTICE)).toEqual([
      { text: 'Morgan Reyes changed the status of ' },
      { text: 'appointment K7M-4QXD of Zoë O’Brien', link: 'patientdetails/12/40' },
      { text: ' to No-show' },
    ]);
  });

  it('speaks of the patient when they acted themselves, and of the system otherwise', () => {
    const cancelled = entry({
      user: null,
      action: 'appointment.cancel.patient',
      target: {
        type: 'appointment',
        id: '40',
        name: 'K7M-4QXD',
        patient: { patientId: '12', name: 'Dana Lee' },
      },
    });
    expect(auditSentenceText(cancelled, PRACTICE)).toBe(
      'Dana Lee cancelled appointment K7M-4QXD of Dana Lee online',
    );
    expect(auditSentenceText(entry({ user: null, action: 'scheduler.settings.update' }), PRACTICE)).toBe(
      'The system changed the scheduler settings',
    );
  });

  it("tells the front desk's bookings, moves and cancellations for callers apart from the patient's own", () => {
    const target = {
      type: 'appointment',
      id: '41',
      name: 'Q2W-9ZXC',
      patient: { patientId: '12', name: 'Dana Lee' },
    };
    expect(auditSentenceText(entry({ action: 'appointment.book.staff', target }), PRACTICE)).toBe(
      'Morgan Reyes booked appointment Q2W-9ZXC of Dana Lee for a patient who called',
    );
    expect(auditSentenceText(entry({ action: 'appointment.cancel.staff', target }), PRACTICE)).toBe(
      'Morgan Reyes cancelled appointment Q2W-9ZXC of Dana Lee',
    );
    expect(auditSentenceText(entry({ action: 'schedule.read' }), PRACTICE)).toBe(
      'Morgan Reyes viewed the schedule',
    );
  });

  it('names the partner of a booking made through the FHIR API, and words the open-availability changes', () => {
    const booked = entry({
      user: null,
      action: 'appointment.book.partner',
      details: { partnerName: 'County Care Finder' },
      target: {
        type: 'appointment',
        id: '42',
        name: 'Z8P-3KLM',
        patient: { patientId: '12', name: 'Dana Lee' },
      },
    });
    expect(auditSentenceText(booked, PRACTICE)).toBe(
      'Partner County Care Finder booked appointment Z8P-3KLM of Dana Lee through the FHIR scheduling API',
    );
    expect(auditSentence(booked, PRACTICE).find((part) => part.link)?.link).toBe('patientdetails/12/42');
    expect(auditSentenceText(entry({ action: 'open-availability.update' }), PRACTICE)).toBe(
      'Morgan Reyes changed how BrightSmile Dental publishes its open times',
    );
    const partner = { type: 'partner-client', id: '3', name: 'County Care Finder', patient: null };
    expect(auditSentenceText(entry({ action: 'partner-client.revoke', target: partner }), PRACTICE)).toBe(
      'Morgan Reyes revoked the credentials of partner County Care Finder',
    );
    expect(
      auditSentence(entry({ action: 'partner-client.revoke', target: partner }), PRACTICE)[1]?.link,
    ).toBe('openavailability');
  });

  it('says someone joined when they accepted an invitation themselves', () => {
    const joined = entry({
      user: { userId: '5', name: 'Dana Lee', email: 'dana@example.com' },
      action: 'membership.create',
      details: { role: 'staff' },
      target: { type: 'user', id: '5', name: 'Dana Lee', patient: null },
    });
    expect(auditSentenceText(joined, PRACTICE)).toBe('Dana Lee joined BrightSmile Dental');
    expect(
      auditSentenceText(
        { ...joined, user: MORGAN, action: 'membership.update', details: { role: 'admin' } },
        PRACTICE,
      ),
    ).toBe('Morgan Reyes changed the role of Dana Lee to admin');
  });

  it('words configuration changes from the action and the record, with links to their screens', () => {
    const location = { type: 'location', id: '3', name: 'Downtown', patient: null };
    expect(auditSentence(entry({ action: 'location.update', target: location }), PRACTICE)).toEqual([
      { text: 'Morgan Reyes changed ' },
      { text: 'location Downtown', link: 'locationconfig' },
    ]);
    expect(
      auditSentenceText(entry({ action: 'location.providers.replace', target: location }), PRACTICE),
    ).toBe('Morgan Reyes changed the providers of location Downtown');
    const provider = { type: 'provider', id: '7', name: 'Dr. Ann Lee', patient: null };
    expect(auditSentence(entry({ action: 'provider.create', target: provider }), PRACTICE)[1]).toEqual({
      text: 'provider Dr. Ann Lee',
      link: 'providercontroleditprovider?providerId=7',
    });
    expect(
      auditSentenceText(
        entry({ action: 'service.delete', target: { type: 'service', id: '9', name: null, patient: null } }),
        PRACTICE,
      ),
    ).toBe('Morgan Reyes deleted a service no longer on file');
    expect(
      auditSentenceText(
        entry({
          action: 'message-template.save',
          target: { type: 'message_template', id: 'reminder/sms/en', name: null, patient: null },
        }),
        PRACTICE,
      ),
    ).toBe('Morgan Reyes saved the reminder text message template');
  });

  it('still makes a sentence of an action it has never seen', () => {
    expect(
      auditSentenceText(
        entry({
          action: 'closure.holidays.sync',
          target: { type: 'location', id: '3', name: 'Downtown', patient: null },
        }),
        PRACTICE,
      ),
    ).toBe('Morgan Reyes did “closure holidays sync” on location Downtown');
    expect(auditSentenceText(entry({ action: 'auth.login' }), PRACTICE)).toBe('Morgan Reyes signed in');
  });
});
