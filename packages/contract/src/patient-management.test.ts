import { describe, expect, it } from 'vitest';
import { updateAppointmentStatusRequestSchema } from './patient-management/appointments';
import { addNoteRequestSchema } from './patient-management/notes';
import { getPatientListQuerySchema } from './patient-management/patients';
import { funnelOf, funnelStepOfPageName, getAppointmentReportQuerySchema } from './reports.ts';

describe('patient management schemas', () => {
  it('reads a patient list query with defaults, a status list and a date range', () => {
    const query = getPatientListQuerySchema.parse({
      clientId: '3',
      search: '  ruiz ',
      status: 'booked,arrived,booked',
      from: '2026-11-01',
      to: '2026-11-30',
      page: '2',
    });
    expect(query).toMatchObject({
      clientId: 3,
      search: 'ruiz',
      status: ['booked', 'arrived'],
      page: 2,
      pageSize: 25,
      sort: 'name',
    });
    expect(getPatientListQuerySchema.parse({ status: ['noshow', 'cancelled'] }).status).toEqual([
      'noshow',
      'cancelled',
    ]);
  });

  it('refuses an unknown status, a reversed range and a page size over 100', () => {
    expect(getPatientListQuerySchema.safeParse({ status: 'done' }).success).toBe(false);
    expect(getPatientListQuerySchema.safeParse({ from: '2026-12-01', to: '2026-11-01' }).success).toBe(false);
    expect(getPatientListQuerySchema.safeParse({ pageSize: '101' }).success).toBe(false);
  });

  it('needs a reason to cancel and a version with every status change', () => {
    expect(
      updateAppointmentStatusRequestSchema.safeParse({ appointmentId: 1, status: 'cancelled', version: 1 })
        .success,
    ).toBe(false);
    expect(
      updateAppointmentStatusRequestSchema.safeParse({
        appointmentId: 1,
        status: 'cancelled',
        version: 1,
        reason: 'Sick',
      }).success,
    ).toBe(true);
    expect(
      updateAppointmentStatusRequestSchema.safeParse({ appointmentId: 1, status: 'booked' }).success,
    ).toBe(false);
  });

  it('needs a patient or an appointment for a note, and some text', () => {
    expect(addNoteRequestSchema.safeParse({ text: 'Hello' }).success).toBe(false);
    expect(addNoteRequestSchema.safeParse({ appointmentId: '4', text: '  ' }).success).toBe(false);
    expect(addNoteRequestSchema.parse({ appointmentId: '4', text: ' Call back ' })).toMatchObject({
      appointmentId: 4,
      text: 'Call back',
    });
  });
});

describe('report schemas', () => {
  it('defaults the appointment report to JSON, 50 rows, by start', () => {
    expect(getAppointmentReportQuerySchema.parse({})).toMatchObject({
      format: 'json',
      pageSize: 50,
      sort: 'startUtc',
      page: 1,
    });
    expect(getAppointmentReportQuerySchema.parse({ format: 'csv', channel: ' ' }).channel).toBeUndefined();
  });

  it('computes drop-off and conversion per funnel step', () => {
    const funnel = funnelOf({ landing: 100, findappointment: 60, additionaldetails: 30, thankyou: 10 });
    expect(funnel.map((step) => [step.step, step.sessions, step.dropOff])).toEqual([
      ['landing', 100, 0],
      ['findappointment', 60, 40],
      ['additionaldetails', 30, 30],
      ['insurance', 0, 30],
      ['identity', 0, 0],
      ['thankyou', 10, 0],
    ]);
    expect(funnel[1]?.dropOffRate).toBeCloseTo(0.4);
    expect(funnel[2]?.conversionRate).toBeCloseTo(0.3);
    expect(funnelOf({}).every((step) => step.dropOffRate === 0 && step.conversionRate === 0)).toBe(true);
  });

  it('maps page names of either form to funnel steps', () => {
    expect(funnelStepOfPageName('Find Appointment')).toBe('findappointment');
    expect(funnelStepOfPageName('thankyou')).toBe('thankyou');
    expect(funnelStepOfPageName('widget')).toBeUndefined();
  });
});
