/** The rules of sample requests that no schema states, by route key (see sample-requests.ts). */
import { randomUUID } from 'node:crypto';
import type { GetProvidersResponse } from '@scheduler/contract/scheduler-api';
import { localDateTimeToInstant } from '@scheduler/domain/time-zone';
import { newPatient, query } from '../../src/test/public-api-fixture.ts';
import type { CatalogueRoute } from './route-catalogue.ts';
import type { BrandObjects, SafetyFixture } from './safety-fixture.ts';
import { NOW } from './safety-fixture.ts';
import { appointmentVersion, cancellableAppointment, providerVersion } from './db/brand-records.ts';
import { setVersion } from './db/credentials.ts';
import type { SetVersionColumn, SetVersionTable } from './db/credentials.ts';
import type { RequestParts, SampleOptions } from './sample-parts.ts';
import { MESSAGE_OVERRIDES } from './message-overrides.ts';
import { ACCOUNT_OVERRIDES } from './account-overrides.ts';
import { SELF_SERVICE_OVERRIDES } from './self-service-overrides.ts';
import { FRONT_DESK_OVERRIDES } from './front-desk-overrides.ts';
import { OPEN_AVAILABILITY_OVERRIDES } from './open-availability-overrides.ts';

type Override = (
  f: SafetyFixture,
  route: CatalogueRoute,
  options: SampleOptions,
  parts: RequestParts & { body: Record<string, unknown> },
) => Promise<void>;

const usedAppointments = new WeakMap<SafetyFixture, Set<number>>();

async function freeSlot(
  f: SafetyFixture,
  brand: BrandObjects,
): Promise<{ startUtc: string; locationId: string; providerId: string } | undefined> {
  const response = await f.app.inject({
    method: 'GET',
    url: `/api/scheduler/getProviders?${query({
      clientName: brand.slug,
      scheduler: brand.schedulerSlug,
      appointmentTypeId: brand.ids.serviceId,
      locationId: brand.ids.locationId,
      providerId: brand.ids.providerId,
    })}`,
  });
  if (response.statusCode !== 200) return undefined;
  const card = response.json<GetProvidersResponse>().providers[0];
  const slot = card?.slots[0];
  return card === undefined || slot === undefined
    ? undefined
    : { startUtc: slot.startUtc, locationId: slot.locationId, providerId: card.providerId };
}

/** Puts the stored version of the set a map write (or the widget allow-list) replaces in the body. */
async function currentVersion(
  f: SafetyFixture,
  parts: { body: Record<string, unknown> },
  table: SetVersionTable,
  column: SetVersionColumn,
  id: unknown,
): Promise<void> {
  if (!Number.isSafeInteger(Number(id))) return;
  const version = await setVersion(f.db, table, column, Number(id));
  if (version !== undefined) parts.body.version = version;
}

const DAY_MS_STAFF = 86_400_000;
let staffWeeks = 0;

/**
 * A time inside a provider's weekly hours (at a location offering one of the provider's
 * services), about three months after the pinned clock, a week later on each call.
 */
async function staffSlot(
  f: SafetyFixture,
  clientId: number,
): Promise<{ startUtc: string; locationId: string; providerId: string; serviceId: string } | undefined> {
  const rows = await f.db
    .selectFrom('working_hours as wh')
    .innerJoin('provider_services as ps', 'ps.provider_id', 'wh.provider_id')
    .innerJoin('provider_locations as pl', (join) =>
      join.onRef('pl.provider_id', '=', 'wh.provider_id').onRef('pl.location_id', '=', 'wh.location_id'),
    )
    .innerJoin('service_locations as sl', (join) =>
      join.onRef('sl.service_id', '=', 'ps.service_id').onRef('sl.location_id', '=', 'wh.location_id'),
    )
    .innerJoin('services as sv', 'sv.id', 'ps.service_id')
    .innerJoin('locations as l', 'l.id', 'wh.location_id')
    .select([
      'wh.provider_id',
      'wh.location_id',
      'wh.weekday',
      'wh.start_minute',
      'wh.end_minute',
      'ps.service_id',
      'ps.duration_minutes',
      'sv.duration_minutes as service_duration',
      'l.time_zone',
    ])
    .where('wh.client_id', '=', clientId)
    .where('wh.effective_from', 'is', null)
    .where('wh.effective_to', 'is', null)
    .orderBy('wh.id')
    .orderBy('ps.service_id')
    .execute();
  const row = rows.find(
    (candidate) =>
      candidate.end_minute - candidate.start_minute >=
      (candidate.duration_minutes ?? candidate.service_duration),
  );
  if (row === undefined) return undefined;
  staffWeeks += 1;
  let dayMs = NOW.getTime() + (90 + 7 * staffWeeks) * DAY_MS_STAFF;
  while (new Date(dayMs).getUTCDay() !== row.weekday) dayMs += DAY_MS_STAFF;
  const date = new Date(dayMs).toISOString().slice(0, 10);
  return {
    startUtc: localDateTimeToInstant(date, row.start_minute, row.time_zone)
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z'),
    locationId: String(row.location_id),
    providerId: String(row.provider_id),
    serviceId: String(row.service_id),
  };
}

/** Rules the schemas do not state, by route key. */
/** A fresh pending change of the brand's patient to accept or reject (success requests). */
async function pendingChange(
  f: SafetyFixture,
  _route: CatalogueRoute,
  options: SampleOptions,
  parts: RequestParts & { body: Record<string, unknown> },
): Promise<void> {
  const { clientId, patientId } = options.brand.ids;
  if (options.mode !== 'success' || options.replaceId !== undefined) return;
  if (clientId === undefined || patientId === undefined) return;
  const { id } = await f.db
    .insertInto('patient_pending_changes')
    .values({
      client_id: clientId,
      patient_id: patientId,
      appointment_id: null,
      source: 'booking',
      phone: null,
      email: null,
      sms_permission: 1,
      email_permission: null,
      status: 'pending',
      decided_by_user_id: null,
      decided_at: null,
      created_at: NOW.getTime(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  parts.body.changeId = id;
}

export const OVERRIDES: Record<string, Override> = {
  'POST /api/patient-management/update_appointment_status': async (f, _route, options, parts) => {
    let appointmentId = Number(parts.body.appointmentId);
    if (options.mode === 'success' && options.replaceId === undefined) {
      const used = usedAppointments.get(f) ?? new Set<number>();
      usedAppointments.set(f, used);
      const fresh = await cancellableAppointment(f.db, options.brand.ids.clientId ?? 0, NOW.getTime(), used);
      if (fresh !== undefined) {
        used.add(fresh.appointmentId);
        appointmentId = fresh.appointmentId;
      }
    }
    parts.body.appointmentId = appointmentId;
    parts.body.version = await appointmentVersion(f.db, appointmentId);
    parts.body.status = 'cancelled';
    parts.body.reason = 'Safety check';
  },
  'PUT /api/patient-management/editNote': async (f, _route, options, parts) => {
    if (options.mode !== 'success' || options.replaceId !== undefined || options.caller === undefined) return;
    // Only a note's author may edit it: the caller writes one first.
    const response = await f.app.inject({
      method: 'POST',
      url: '/api/patient-management/addNote',
      headers: f.logins[options.caller].bearerHeaders,
      payload: {
        clientId: options.brand.ids.clientId,
        patientId: options.brand.ids.patientId,
        text: 'Safety note to edit',
      },
    });
    if (response.statusCode === 201) {
      parts.body.noteId = Number(response.json<{ note: { noteId: string } }>().note.noteId);
    }
  },
  'PATCH /api/scheduler/updateProviderInfo': async (f, _route, _options, parts) => {
    parts.body.version = await providerVersion(f.db, Number(parts.body.providerId));
  },
  'PATCH /api/scheduler/updateConfig': async (f, _route, _options, parts) => {
    parts.body.settings = [{ group: 'appointment', order: 20, value: '#1A73E8' }];
    const scheduler = await f.db
      .selectFrom('schedulers')
      .select('settings_version')
      .where('id', '=', Number(parts.body.ruleId))
      .executeTakeFirst();
    if (scheduler !== undefined) parts.body.version = scheduler.settings_version;
  },
  // The map writes and the widget allow-list name the version of the set they replace (migration 007).
  'POST /api/scheduler/providerLocationMapAssign': async (f, _route, _options, parts) => {
    await currentVersion(f, parts, 'providers', 'locations_version', parts.body.providerId);
  },
  'POST /api/scheduler/insertApptProviderMap': async (f, _route, _options, parts) => {
    await currentVersion(f, parts, 'providers', 'services_version', parts.body.providerId);
  },
  'POST /api/scheduler/createInsuranceProviderConfig': async (f, _route, _options, parts) => {
    if (parts.body.providerId !== undefined) {
      await currentVersion(f, parts, 'providers', 'plans_version', parts.body.providerId);
    } else {
      await currentVersion(f, parts, 'insurance_plans', 'providers_version', parts.body.planId);
    }
  },
  'POST /api/scheduler/createServiceLocationConfig': async (f, _route, _options, parts) => {
    await currentVersion(f, parts, 'services', 'locations_version', parts.body.appointmentTypeId);
  },
  'POST /api/scheduler/createLocationProviderConfig': async (f, _route, _options, parts) => {
    await currentVersion(f, parts, 'locations', 'providers_version', parts.body.locationId);
  },
  'PUT /api/scheduler/admin/widget': async (f, _route, options, parts) => {
    const clientId = parts.body.clientId ?? options.brand.ids.clientId;
    await currentVersion(f, parts, 'clients', 'frame_ancestors_version', clientId);
  },
  'PUT /api/scheduler/bookAppointment': async (f, _route, options, parts) => {
    const slot = await freeSlot(f, options.brand);
    if (slot === undefined) return;
    Object.assign(parts.body, {
      locationId: slot.locationId,
      providerId: slot.providerId,
      appointmentTypeId: String(options.brand.ids.serviceId),
      startUtc: slot.startUtc,
      patient: newPatient(),
      isExistingPatient: false,
      insurance: null,
      sessionId: `safety-${randomUUID()}`,
      idempotencyKey: randomUUID(),
    });
  },
  'POST /api/scheduler/createPatients': (_f, _route, _options, parts) => {
    parts.body.patient = newPatient();
    return Promise.resolve();
  },
  'PATCH /api/scheduler/updateWaitList': (_f, _route, _options, parts) => {
    // Only a booked entry names its appointment (the generator picks the first status, waiting).
    parts.body.status = 'booked';
    return Promise.resolve();
  },
  'POST /api/patient-management/bookFromWaitList': async (f, _route, options, parts) => {
    if (options.mode !== 'success' || options.replaceId !== undefined) return;
    // A waitlist entry can be booked once: a fresh one of the brand, booked by staff into the
    // provider's working hours a few months out (staff are not held to the online window, and
    // earlier requests of a run may have taken the canonical provider offline).
    const { brand } = options;
    const slot = await staffSlot(f, brand.ids.clientId ?? 0);
    if (slot === undefined) return;
    const person = newPatient();
    const { id } = await f.db
      .insertInto('waitlist_entries')
      .values({
        client_id: brand.ids.clientId ?? 0,
        scheduler_id: brand.ids.schedulerId ?? null,
        location_id: Number(slot.locationId),
        provider_id: Number(slot.providerId),
        service_id: Number(slot.serviceId),
        patient_id: null,
        first_name: String(person.firstName),
        last_name: String(person.lastName),
        date_of_birth: String(person.dateOfBirth),
        phone: String(person.phone).replace(/\D/g, ''),
        email: String(person.email),
        preferred_times: null,
        notes: null,
        status: 'waiting',
        created_at: NOW.getTime(),
        updated_at: NOW.getTime(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    Object.assign(parts.body, {
      waitlistEntryId: id,
      providerId: Number(slot.providerId),
      locationId: Number(slot.locationId),
      appointmentTypeId: Number(slot.serviceId),
      startUtc: slot.startUtc,
      // Optional while the entry has one, and then it must be the entry's.
      dateOfBirth: String(person.dateOfBirth),
      idempotencyKey: randomUUID(),
    });
  },
  'POST /api/scheduler/createWaitList': (_f, _route, _options, parts) => {
    parts.body.patient = newPatient();
    return Promise.resolve();
  },
  // Pending patient changes (issue 15, finding 3): a change is decided once, so a success
  // request decides a fresh one of the brand's patient.
  'POST /api/patient-management/acceptPatientPendingChange': pendingChange,
  'POST /api/patient-management/rejectPatientPendingChange': pendingChange,
  ...MESSAGE_OVERRIDES,
  ...ACCOUNT_OVERRIDES,
  ...SELF_SERVICE_OVERRIDES,
  ...FRONT_DESK_OVERRIDES,
  ...OPEN_AVAILABILITY_OVERRIDES,
};
