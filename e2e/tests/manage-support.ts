import type { APIRequestContext } from '@playwright/test';
import { freeSlots, SERVICE, type FreeSlot } from './admin-patients-support';
import { bookingBody, newPatient, serviceIdOf, type Patient } from './booking-support';
import { clockNow, expect } from './test-clock';
import { openServerDatabase } from './waitlist-fixtures';

/*
 * Shared steps of the issue 18 specs (manage.spec.ts, waitlist-offers.spec.ts): bookings made
 * through the public booking API (the booking page is not what they test), the manage and claim
 * APIs called as the pages call them (the token in a header, never in the URL), and what staff see
 * through their APIs.
 */

export const HOUR_MS = 3_600_000;
export const MANAGE_TOKEN_HEADER = 'x-manage-token';
export const CLAIM_TOKEN_HEADER = 'x-claim-token';

export interface Booking {
  patient: Patient;
  slot: FreeSlot;
  appointmentTypeId: string;
  appointmentId: string;
  confirmationNumber: string;
  status: 'booked' | 'pending';
  startUtc: string;
  timeZone: string;
  manageUrl: string;
}

const slotKey = (slot: { providerId: string; startUtc: string }) => `${slot.providerId}@${slot.startUtc}`;

/**
 * A free time of `SERVICE` starting between `minHours` and `maxHours` from now on the test clock
 * (null when none), picked at random among the first few so two tests never race for one.
 * `taken` keeps the times already used by the test.
 */
export async function freeSlotBetween(
  request: APIRequestContext,
  appointmentTypeId: string,
  minHours: number,
  maxHours: number,
  taken: Set<string> = new Set(),
): Promise<FreeSlot | null> {
  const now = clockNow().getTime();
  const candidates = (await freeSlots(request, appointmentTypeId))
    .filter((slot) => {
      const ahead = Date.parse(slot.startUtc) - now;
      return ahead >= minHours * HOUR_MS && ahead <= maxHours * HOUR_MS && !taken.has(slotKey(slot));
    })
    .sort((a, b) => Date.parse(a.startUtc) - Date.parse(b.startUtc));
  const slot = candidates[Math.floor(Math.random() * Math.min(3, candidates.length))] ?? null;
  if (slot) taken.add(slotKey(slot));
  return slot;
}

/** Books a new patient into `slot` (PUT bookAppointment) and returns the answer with its manage link. */
export async function bookPatient(request: APIRequestContext, slot: FreeSlot, tag: string): Promise<Booking> {
  const appointmentTypeId = await serviceIdOf(request, SERVICE);
  const patient = newPatient(tag);
  const response = await request.put('/api/scheduler/bookAppointment', {
    data: bookingBody(slot, appointmentTypeId, patient),
  });
  expect(response.status(), await response.text()).toBe(201);
  const answer = (await response.json()) as Omit<Booking, 'patient' | 'slot' | 'appointmentTypeId'> & {
    manageUrl: string | null;
  };
  expect(answer.manageUrl, 'the booking answer carries the manage link').toMatch(
    /\/brightsmile\/main\/manage\/[A-Za-z0-9_-]{43}$/,
  );
  return { ...answer, manageUrl: answer.manageUrl ?? '', patient, slot, appointmentTypeId };
}

/** The token of a manage or claim link (its last path segment). */
export function tokenOf(link: string): string {
  return new URL(link).pathname.split('/').at(-1) ?? '';
}

/** The path (and query) of a link the server wrote with its PUBLIC_URL: opened on the test's base URL. */
export function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

export interface ApiAnswer {
  status: number;
  body: Record<string, unknown> & { error?: { code: string; message: string; details?: unknown } };
}

async function answerOf(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<ApiAnswer> {
  const text = await response.text();
  return { status: response.status(), body: text ? (JSON.parse(text) as ApiAnswer['body']) : {} };
}

/** GET /api/scheduler/manage with the token header. */
export async function manageView(request: APIRequestContext, token: string): Promise<ApiAnswer> {
  return answerOf(await request.get('/api/scheduler/manage', { headers: { [MANAGE_TOKEN_HEADER]: token } }));
}

/** POST /api/scheduler/manage/cancel or …/reschedule with the token header. */
export async function managePost(
  request: APIRequestContext,
  token: string,
  action: 'cancel' | 'reschedule',
  data: Record<string, unknown>,
): Promise<ApiAnswer> {
  return answerOf(
    await request.post(`/api/scheduler/manage/${action}`, {
      headers: { [MANAGE_TOKEN_HEADER]: token },
      data,
    }),
  );
}

/** Whether the public slot search offers exactly this time again (its provider and location). */
export async function isOfferedNow(
  request: APIRequestContext,
  appointmentTypeId: string,
  slot: { startUtc: string; providerId: string; locationId: string },
): Promise<boolean> {
  const response = await request.get(
    `/api/scheduler/getProviders?clientName=brightsmile&scheduler=main&appointmentTypeId=${appointmentTypeId}` +
      `&locationId=${slot.locationId}&providerId=${slot.providerId}&isExistingPatient=false`,
  );
  expect(response.status()).toBe(200);
  const body = (await response.json()) as {
    providers: { providerId: string; slots: { startUtc: string; locationId: string }[] }[];
  };
  return body.providers.some(
    (provider) =>
      provider.providerId === slot.providerId &&
      provider.slots.some((free) => free.startUtc === slot.startUtc && free.locationId === slot.locationId),
  );
}

export interface StaffMessage {
  messageId: string;
  kind: string;
  channel: 'email' | 'sms';
  status: 'queued' | 'sent' | 'delivered' | 'failed' | 'skipped';
  statusReason: string | null;
  scheduledAt: string;
  appointmentStartUtc: string;
}

/** The messages of one appointment as staff see them (GET /api/scheduler/admin/messages). */
export async function messagesOf(
  staff: APIRequestContext,
  clientId: string,
  appointmentId: string,
): Promise<StaffMessage[]> {
  const response = await staff.get(
    `/api/scheduler/admin/messages?clientId=${clientId}&appointmentId=${appointmentId}&pageSize=100`,
  );
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { items: StaffMessage[] }).items;
}

export interface SelfServiceFacts {
  cancelledBy: 'patient' | 'staff' | null;
  cancelReason: string | null;
  cancelNote: string | null;
  rescheduleCount: number;
  rescheduledFromUtc: string | null;
}

/** The appointment as staff read it (GET getAppointmentDetails): status, start, self-service facts. */
export async function appointmentDetails(
  staff: APIRequestContext,
  clientId: string,
  appointmentId: string,
): Promise<{ appointment: { status: string; startUtc?: string }; selfService: SelfServiceFacts }> {
  const response = await staff.get(
    `/api/patient-management/getAppointmentDetails?clientId=${clientId}&appointmentId=${appointmentId}`,
  );
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as {
    appointment: { status: string; startUtc?: string };
    selfService: SelfServiceFacts;
  };
}

export interface WaitingEntry {
  waitlistEntryId: string;
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * A waiting entry for `SERVICE` at the slot's location with its provider, with a date of birth and
 * an e-mail address (what an offer needs), written into the server's database as the front desk
 * would leave it (see waitlist-fixtures.ts for why). Its waiting start lies years back, so it is
 * first in line (FIFO) for the first wave of an offer of that slot, whatever the demo holds.
 */
export function addFirstInLineEntry(options: {
  clientId: string;
  schedulerId: string;
  appointmentTypeId: string;
  slot: { providerId: string; locationId: string };
  patient: Patient;
}): WaitingEntry {
  const now = clockNow().getTime();
  const db = openServerDatabase();
  try {
    const { lastInsertRowid } = db
      .prepare(
        `insert into waitlist_entries (client_id, scheduler_id, location_id, provider_id, service_id, patient_id,
           first_name, last_name, date_of_birth, phone, email, preferred_times, notes, status, created_at, updated_at)
         values (?, ?, ?, ?, ?, null, ?, ?, ?, null, ?, null, null, 'waiting', ?, ?)`,
      )
      .run(
        Number(options.clientId),
        Number(options.schedulerId),
        Number(options.slot.locationId),
        Number(options.slot.providerId),
        Number(options.appointmentTypeId),
        options.patient.firstName,
        options.patient.lastName,
        options.patient.dateOfBirth,
        options.patient.email,
        Date.parse('2020-01-06T15:00:00Z'),
        now,
      );
    return {
      waitlistEntryId: String(lastInsertRowid),
      firstName: options.patient.firstName,
      lastName: options.patient.lastName,
      email: options.patient.email,
    };
  } finally {
    db.close();
  }
}

interface ServiceCutoffs {
  patientCancelCutoffHours: number;
  patientRescheduleCutoffHours: number;
}

/**
 * Sets the service's online cut-offs through the admin services API (PATCH, config:write, with the
 * session's XSRF token) and returns what they were, to put back with the same call.
 */
export async function setServiceCutoffs(
  staff: APIRequestContext,
  clientId: string,
  appointmentTypeId: string,
  cutoffs: ServiceCutoffs,
): Promise<ServiceCutoffs> {
  const list = await staff.get(
    `/api/scheduler/admin/services?clientId=${clientId}&search=${encodeURIComponent(SERVICE)}&pageSize=100`,
  );
  expect(list.status(), await list.text()).toBe(200);
  const { items } = (await list.json()) as {
    items: (ServiceCutoffs & { appointmentTypeId: string; version: number })[];
  };
  const service = items.find((item) => item.appointmentTypeId === appointmentTypeId);
  if (!service) throw new Error(`the admin services list has no ${SERVICE}`);
  const xsrf =
    (await staff.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const changed = await staff.patch(`/api/scheduler/admin/services/${appointmentTypeId}`, {
    headers: { 'x-xsrf-token': xsrf },
    data: { clientId, version: service.version, ...cutoffs },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  return {
    patientCancelCutoffHours: service.patientCancelCutoffHours,
    patientRescheduleCutoffHours: service.patientRescheduleCutoffHours,
  };
}

/** The UID of the .ics attached to an e-mail (unfolded), or null. */
export function icsUidOf(mail: {
  attachments: { filename: string; encoding: 'utf8' | 'base64'; content: string }[];
}): string | null {
  const ics = mail.attachments.find((attachment) => attachment.filename.endsWith('.ics'));
  if (!ics) return null;
  const text = ics.encoding === 'base64' ? Buffer.from(ics.content, 'base64').toString('utf8') : ics.content;
  const unfolded = text.replace(/\r\n[ \t]/g, '');
  return /^UID:(.+)$/m.exec(unfolded)?.[1]?.trim() ?? null;
}

/**
 * Sets one setting of the scheduler (PATCH updateConfig, with the version read first) by its key,
 * and returns the value it had, to put back with the same call.
 */
export async function setSchedulerSetting(
  staff: APIRequestContext,
  clientId: string,
  ruleId: string,
  key: string,
  value: string,
): Promise<string> {
  const read = await staff.get(`/api/scheduler/getAssignConfig?clientId=${clientId}&ruleId=${ruleId}`);
  expect(read.status(), await read.text()).toBe(200);
  const config = (await read.json()) as {
    version: number;
    definitions: { key: string; group: string; order: number; value: string }[];
  };
  const definition = config.definitions.find((candidate) => candidate.key === key);
  if (!definition) throw new Error(`no setting ${key}`);
  const xsrf =
    (await staff.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const changed = await staff.patch('/api/scheduler/updateConfig', {
    headers: { 'x-xsrf-token': xsrf },
    data: {
      clientId,
      ruleId,
      version: config.version,
      settings: [{ group: definition.group, order: definition.order, value }],
    },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  return definition.value;
}
