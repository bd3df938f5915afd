/*
 * Sample-request rules of the issue 18 public routes, spread into OVERRIDES (sample-overrides.ts):
 * the manage link (GET manage, POST cancel, POST reschedule) and the waitlist claim link (GET
 * waitlistOffer, POST claimWaitlistOffer). Their only credential is a token in a header
 * (X-Manage-Token, X-Claim-Token), which no schema generator can invent: each sample gets a real,
 * fresh one, so the fuzz and the guards reach the code behind the token check, not only the 404.
 *
 *  - manage: a booking made through the public booking route (its answer's `manageUrl`), at a
 *    free time two days or more ahead (inside the default 24 h cut-offs);
 *  - claim: a waiting entry, a freed time (a free slot three days or more ahead) and an open offer
 *    of it to the entry whose token hash is stored, as a wave would leave them.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { GetProvidersResponse } from '@scheduler/contract/scheduler-api';
import { newPatient, query } from '../../src/test/public-api-fixture.ts';
import type { CatalogueRoute } from './route-catalogue.ts';
import type { BrandObjects, SafetyFixture } from './safety-fixture.ts';
import { NOW } from './safety-fixture.ts';
import type { RequestParts, SampleOptions } from './sample-parts.ts';

type Override = (
  f: SafetyFixture,
  route: CatalogueRoute,
  options: SampleOptions,
  parts: RequestParts & { body: Record<string, unknown> },
) => Promise<void>;

const DAY_MS = 86_400_000;

let addresses = 0;
/** A documentation-range address per setup call (the per-IP limits never refuse the set-up). */
function nextIp(): string {
  addresses += 1;
  return `198.51.100.${(addresses % 250) + 1}`;
}
const HOUR_MS = 3_600_000;

interface Slot {
  startUtc: string;
  locationId: string;
  providerId: string;
}

/** Free slots of the brand's service, location and provider from `fromMs` on (first day with times). */
async function freeSlots(f: SafetyFixture, brand: BrandObjects, fromMs: number): Promise<Slot[]> {
  const response = await f.app.inject({
    method: 'GET',
    url: `/api/scheduler/getProviders?${query({
      clientName: brand.slug,
      scheduler: brand.schedulerSlug,
      appointmentTypeId: brand.ids.serviceId,
      locationId: brand.ids.locationId,
      providerId: brand.ids.providerId,
      fromDate: new Date(fromMs).toISOString().slice(0, 10),
      days: 7,
    })}`,
    remoteAddress: nextIp(),
  });
  if (response.statusCode !== 200) return [];
  return response
    .json<GetProvidersResponse>()
    .providers.flatMap((card) =>
      card.slots.map((slot) => ({
        startUtc: slot.startUtc,
        locationId: slot.locationId,
        providerId: card.providerId,
      })),
    )
    .filter((slot) => Date.parse(slot.startUtc) >= fromMs);
}

/** Slots handed out already (two samples never share one). */
const usedSlots = new WeakMap<SafetyFixture, Set<string>>();

async function unusedSlot(f: SafetyFixture, brand: BrandObjects, fromMs: number): Promise<Slot | undefined> {
  const used = usedSlots.get(f) ?? new Set<string>();
  usedSlots.set(f, used);
  const slot = (await freeSlots(f, brand, fromMs)).find(
    (candidate) => !used.has(`${candidate.providerId}@${candidate.startUtc}`),
  );
  if (slot !== undefined) used.add(`${slot.providerId}@${slot.startUtc}`);
  return slot;
}

/** A new booking of the brand (public booking route) and the token of its manage link. */
async function manageToken(f: SafetyFixture, brand: BrandObjects): Promise<string | undefined> {
  const slot = await unusedSlot(f, brand, NOW.getTime() + 2 * DAY_MS);
  if (slot === undefined) return undefined;
  const response = await f.app.inject({
    method: 'PUT',
    url: '/api/scheduler/bookAppointment',
    remoteAddress: nextIp(),
    payload: {
      clientSlug: brand.slug,
      schedulerSlug: brand.schedulerSlug,
      locationId: slot.locationId,
      providerId: slot.providerId,
      appointmentTypeId: String(brand.ids.serviceId),
      startUtc: slot.startUtc,
      patient: newPatient(),
      isExistingPatient: false,
      insurance: null,
      details: {},
      sessionId: `safety-${randomUUID()}`,
      idempotencyKey: randomUUID(),
    },
  });
  if (response.statusCode !== 201) return undefined;
  const { manageUrl } = response.json<{ manageUrl?: string | null }>();
  return manageUrl?.split('/').at(-1);
}

/** An open waitlist offer of a freed time to a new waiting entry of the brand, and its claim token. */
async function claimToken(f: SafetyFixture, brand: BrandObjects): Promise<string | undefined> {
  const slot = await unusedSlot(f, brand, NOW.getTime() + 3 * DAY_MS);
  if (slot === undefined) return undefined;
  const { clientId, schedulerId, serviceId } = brand.ids;
  if (clientId === undefined || serviceId === undefined) return undefined;
  const service = await f.db
    .selectFrom('services')
    .select('duration_minutes')
    .where('id', '=', serviceId)
    .executeTakeFirst();
  const startAt = Date.parse(slot.startUtc);
  const endAt = startAt + (service?.duration_minutes ?? 30) * 60_000;
  const at = NOW.getTime();
  const patient = newPatient();
  const entry = await f.db
    .insertInto('waitlist_entries')
    .values({
      client_id: clientId,
      scheduler_id: schedulerId ?? null,
      location_id: Number(slot.locationId),
      provider_id: Number(slot.providerId),
      service_id: serviceId,
      patient_id: null,
      first_name: String(patient.firstName),
      last_name: String(patient.lastName),
      date_of_birth: String(patient.dateOfBirth),
      phone: null,
      email: String(patient.email),
      preferred_times: null,
      notes: null,
      status: 'waiting',
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const freed = await f.db
    .insertInto('waitlist_freed_times')
    .values({
      client_id: clientId,
      scheduler_id: schedulerId ?? null,
      location_id: Number(slot.locationId),
      provider_id: Number(slot.providerId),
      service_id: serviceId,
      start_at: startAt,
      end_at: endAt,
      reason: 'cancelled',
      appointment_id: null,
      status: 'offering',
      waves_sent: 1,
      filled_appointment_id: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = randomBytes(16).toString('base64url');
  await f.db
    .insertInto('waitlist_offers')
    .values({
      client_id: clientId,
      freed_time_id: freed.id,
      waitlist_entry_id: entry.id,
      wave: 1,
      channel: 'email',
      service_id: serviceId,
      start_at: startAt,
      end_at: endAt,
      token_hash: createHash('sha256').update(token, 'utf8').digest('hex'),
      move_appointment_id: null,
      status: 'sent',
      sent_at: at,
      outcome_at: null,
      expires_at: startAt - 2 * HOUR_MS,
      appointment_id: null,
      claim_key: null,
      days_gained: null,
      created_at: at,
    })
    .execute();
  return token;
}

function withHeader(parts: RequestParts, header: string, token: string | undefined): void {
  if (token !== undefined) parts.headers = { ...parts.headers, [header]: token };
}

const manage: Override = async (f, _route, options, parts) => {
  withHeader(parts, 'x-manage-token', await manageToken(f, options.brand));
};
const claim: Override = async (f, _route, options, parts) => {
  withHeader(parts, 'x-claim-token', await claimToken(f, options.brand));
};

export const SELF_SERVICE_OVERRIDES: Record<string, Override> = {
  'GET /api/scheduler/manage': manage,
  'POST /api/scheduler/manage/cancel': async (f, route, options, parts) => {
    await manage(f, route, options, parts);
    parts.body.reason = 'schedule-conflict';
  },
  'POST /api/scheduler/manage/reschedule': async (f, route, options, parts) => {
    await manage(f, route, options, parts);
    // A time the slot search offers (the same service, location and provider), or none.
    const slot = await unusedSlot(f, options.brand, NOW.getTime() + 4 * DAY_MS);
    if (slot !== undefined) {
      parts.body.startUtc = slot.startUtc;
      parts.body.providerId = null;
    }
  },
  'GET /api/scheduler/waitlistOffer': claim,
  'POST /api/scheduler/claimWaitlistOffer': async (f, route, options, parts) => {
    await claim(f, route, options, parts);
    parts.body.idempotencyKey = randomUUID();
  },
};
