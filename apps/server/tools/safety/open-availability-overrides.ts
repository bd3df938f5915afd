/*
 * Sample-request rules of the open-availability routes (issue 20), spread into OVERRIDES
 * (sample-overrides.ts). The public FHIR routes get requests that reach their code: a published
 * resource type and id, a free Slot of the brand, a bulk file of its manifest, a calendar feed's live
 * token. The partner operations carry a partner's Bearer token (made through the owner's admin
 * route and the brand's token endpoint, as a partner would): without it they answer 401 before
 * anything else, which route-guards.test.ts checks explicitly (BEARER_PUBLIC_ROUTES).
 */
import type { Bundle } from '@medplum/fhirtypes';
import type { CreatePartnerResponse, PartnerTokenResponse } from '@scheduler/contract/admin/partners';
import type { CalendarFeedResponse } from '@scheduler/contract/admin/calendar-feeds';
import { newPatient } from '../../src/test/public-api-fixture.ts';
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

/** The header that carries a partner's access token (see BEARER_PUBLIC_ROUTES). */
export const PARTNER_TOKEN_HEADER = 'authorization';

const fhirBase = (brand: BrandObjects) => `/fhir/${brand.slug}`;

async function fhirGet<T>(f: SafetyFixture, url: string): Promise<T | undefined> {
  const response = await f.app.inject({ method: 'GET', url });
  return response.statusCode === 200 ? response.json<T>() : undefined;
}

const idsOf = (bundle: Bundle | undefined): string[] =>
  (bundle?.entry ?? []).flatMap((entry) => (entry.resource?.id === undefined ? [] : [entry.resource.id]));

/**
 * A free Slot the FHIR API publishes for the brand now (held and booked times are not offered), with
 * its Schedule: the canonical provider's first, else any published schedule's.
 */
async function publishedSlot(
  f: SafetyFixture,
  brand: BrandObjects,
): Promise<{ scheduleId: string; slotId: string } | undefined> {
  const base = fhirBase(brand);
  const { providerId, locationId, serviceId } = brand.ids;
  const canonical = `${String(providerId)}-${String(locationId)}-${String(serviceId)}`;
  const own = idsOf(await fhirGet<Bundle>(f, `${base}/Schedule?actor=Practitioner/${String(providerId)}`));
  const schedules = [...new Set([canonical, ...own])];
  if (schedules.length < 3) schedules.push(...idsOf(await fhirGet<Bundle>(f, `${base}/Schedule?_count=20`)));
  for (const scheduleId of schedules) {
    const [slotId] = idsOf(await fhirGet<Bundle>(f, `${base}/Slot?schedule=Schedule/${scheduleId}&_count=1`));
    if (slotId !== undefined) return { scheduleId, slotId };
  }
  return undefined;
}

// ---------------------------------------------------------------- partners

interface PartnerCredentials {
  partnerId: number;
  clientIdentifier: string;
  secret: string;
  accessToken: string;
}

const partnersOf = new WeakMap<SafetyFixture, Map<string, PartnerCredentials>>();

/** Basic client authentication (RFC 6749 section 2.3.1: form-encoded id and secret). */
export const basicAuthorization = (clientIdentifier: string, secret: string): string =>
  `Basic ${Buffer.from(`${encodeURIComponent(clientIdentifier)}:${encodeURIComponent(secret)}`).toString('base64')}`;

/**
 * A live partner client of the brand and an access token of it: made once per fixture and brand,
 * again when the admin routes' samples revoked it meanwhile (the clock is pinned: tokens never
 * expire in a run).
 */
export async function partnerOf(
  f: SafetyFixture,
  brand: BrandObjects,
): Promise<PartnerCredentials | undefined> {
  const cache = partnersOf.get(f) ?? new Map<string, PartnerCredentials>();
  partnersOf.set(f, cache);
  const known = cache.get(brand.name);
  if (known !== undefined) {
    const row = await f.db
      .selectFrom('partner_clients')
      .select('revoked_at')
      .where('id', '=', known.partnerId)
      .executeTakeFirst();
    if (row !== undefined && row.revoked_at === null) return known;
  }
  const created = await f.app.inject({
    method: 'POST',
    url: '/api/scheduler/admin/partners',
    headers: f.logins.owner.bearerHeaders,
    payload: { clientId: brand.ids.clientId, name: `Safety partner of ${brand.name}` },
  });
  if (created.statusCode !== 201) return undefined;
  const { partner, clientSecret } = created.json<CreatePartnerResponse>();
  const token = await f.app.inject({
    method: 'POST',
    url: `${fhirBase(brand)}/auth/token`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: basicAuthorization(partner.clientIdentifier, clientSecret),
    },
    payload: 'grant_type=client_credentials',
  });
  if (token.statusCode !== 200) return undefined;
  const credentials: PartnerCredentials = {
    partnerId: Number(partner.partnerId),
    clientIdentifier: partner.clientIdentifier,
    secret: clientSecret,
    accessToken: token.json<PartnerTokenResponse>().access_token,
  };
  cache.set(brand.name, credentials);
  return credentials;
}

/** The Parameters of `$hold` / `$book`: one appointment-resource naming a free Slot (and a contained Patient). */
async function appointmentParameters(
  f: SafetyFixture,
  options: SampleOptions,
  parts: RequestParts & { body: Record<string, unknown> },
  withPatient: boolean,
): Promise<void> {
  const partner = await partnerOf(f, options.brand);
  if (partner !== undefined)
    parts.headers = { ...parts.headers, [PARTNER_TOKEN_HEADER]: `Bearer ${partner.accessToken}` };
  const slot = await publishedSlot(f, options.brand);
  const person = newPatient();
  const patient = {
    resourceType: 'Patient',
    id: 'patient',
    name: [{ family: String(person.lastName), given: [String(person.firstName)] }],
    birthDate: String(person.dateOfBirth),
    gender: 'female',
    telecom: [
      { system: 'email', value: String(person.email) },
      { system: 'phone', value: String(person.phone), use: 'mobile' },
    ],
  };
  parts.body.resourceType = 'Parameters';
  parts.body.parameter = [
    {
      name: 'appointment-resource',
      resource: {
        resourceType: 'Appointment',
        status: 'pending',
        // A slot the API refuses as unknown (404) when the brand publishes none: still a valid request.
        slot: [{ reference: `Slot/${slot?.slotId ?? '1-1-1-1'}` }],
        ...(withPatient
          ? {
              contained: [patient],
              participant: [{ actor: { reference: '#patient' }, status: 'accepted' }],
            }
          : {}),
      },
    },
  ];
}

// ---------------------------------------------------------------- calendar feeds

/** The provider of the brand's upcoming appointment (so that the feed has events), else the canonical one. */
async function feedProvider(f: SafetyFixture, brand: BrandObjects): Promise<number | undefined> {
  const appointmentId = brand.ids.appointmentId;
  if (appointmentId !== undefined) {
    const row = await f.db
      .selectFrom('appointments')
      .select('provider_id')
      .where('id', '=', appointmentId)
      .executeTakeFirst();
    if (row?.provider_id !== undefined && row.provider_id !== null) return row.provider_id;
  }
  return brand.ids.providerId;
}

/** The live token of the provider's calendar feed (read by the owner; made when there is none). */
async function feedToken(f: SafetyFixture, brand: BrandObjects): Promise<string | undefined> {
  const providerId = await feedProvider(f, brand);
  if (providerId === undefined) return undefined;
  const path = `/api/scheduler/admin/providers/${String(providerId)}/calendar-feed`;
  const headers = f.logins.owner.bearerHeaders;
  const read = await f.app.inject({
    method: 'GET',
    url: `${path}?clientId=${String(brand.ids.clientId)}`,
    headers,
  });
  let feed = read.statusCode === 200 ? read.json<CalendarFeedResponse>().feed : null;
  if (feed === null) {
    const rotated = await f.app.inject({
      method: 'POST',
      url: `${path}/rotate`,
      headers,
      payload: { clientId: brand.ids.clientId },
    });
    if (rotated.statusCode === 200) feed = rotated.json<CalendarFeedResponse>().feed;
  }
  return /\/api\/calendar\/([A-Za-z0-9_-]{43})\.ics$/.exec(feed?.url ?? '')?.[1];
}

// ---------------------------------------------------------------- the rules

export const OPEN_AVAILABILITY_OVERRIDES: Record<string, Override> = {
  // Search: the free Slots of a published Schedule from a date on (the booking API's own search).
  'GET /fhir/:clientName/:resourceType': async (f, _route, options, parts) => {
    parts.params.resourceType = 'Slot';
    const slot = await publishedSlot(f, options.brand);
    if (slot !== undefined) parts.query.schedule = `Schedule/${slot.scheduleId}`;
    else parts.params.resourceType = 'Location';
    parts.query.start = `ge${NOW.toISOString().slice(0, 10)}`;
    parts.query._count = '5';
    if (slot === undefined) delete parts.query.start;
  },
  // Read: one free Slot by its id (what a partner does before $hold).
  'GET /fhir/:clientName/:resourceType/:id': async (f, _route, options, parts) => {
    const slot = await publishedSlot(f, options.brand);
    parts.params.resourceType = slot === undefined ? 'Location' : 'Slot';
    parts.params.id = slot?.slotId ?? String(options.brand.ids.locationId);
  },
  // The deep link of a published slot (the booking page's `?slot=`).
  'GET /api/scheduler/slotLink': async (f, _route, options, parts) => {
    const slot = await publishedSlot(f, options.brand);
    if (slot !== undefined) parts.query.slot = slot.slotId;
  },
  // A file the brand's manifest lists: the Slots of its first location.
  'GET /fhir/:clientName/bulk/:file': async (f, _route, options, parts) => {
    const manifest = await fhirGet<{ output?: { type: string; url: string }[] }>(
      f,
      `${fhirBase(options.brand)}/$bulk-publish`,
    );
    const outputs = manifest?.output ?? [];
    const file = (outputs.find((output) => output.type === 'Slot') ?? outputs[0])?.url.split('/').at(-1);
    parts.params.file = file ?? 'Location.ndjson';
  },
  // The live token of a provider's feed (the token is the credential; a wrong one is a 404).
  'GET /api/calendar/:token.ics': async (f, _route, options, parts) => {
    const token = await feedToken(f, options.brand);
    if (token !== undefined) parts.params.token = token;
  },
  // Client credentials in the body (client_secret_post; JSON is accepted besides the form).
  'POST /fhir/:clientName/auth/token': async (f, _route, options, parts) => {
    const partner = await partnerOf(f, options.brand);
    parts.body.grant_type = 'client_credentials';
    if (partner === undefined) return;
    parts.body.client_id = partner.clientIdentifier;
    parts.body.client_secret = partner.secret;
  },
  'POST /fhir/:clientName/Appointment/$hold': (f, _route, options, parts) =>
    appointmentParameters(f, options, parts, false),
  'POST /fhir/:clientName/Appointment/$book': (f, _route, options, parts) =>
    appointmentParameters(f, options, parts, true),
  // Success requests revoke a fresh partner of the brand (not the one the partner samples use).
  'POST /api/scheduler/admin/partners/:partnerId/revoke': async (f, _route, options, parts) => {
    if (options.mode !== 'success' || options.replaceId !== undefined) return;
    const created = await f.app.inject({
      method: 'POST',
      url: '/api/scheduler/admin/partners',
      headers: f.logins.owner.bearerHeaders,
      payload: { clientId: options.brand.ids.clientId, name: 'Safety partner to revoke' },
    });
    if (created.statusCode === 201)
      parts.params.partnerId = created.json<CreatePartnerResponse>().partner.partnerId;
  },
  // The settings' current version (1 while the brand has no row: migration 022's defaults).
  'PUT /api/scheduler/admin/open-availability': async (f, _route, options, parts) => {
    const clientId = Number(parts.body.clientId ?? options.brand.ids.clientId);
    if (!Number.isSafeInteger(clientId)) return;
    const row = await f.db
      .selectFrom('open_availability_settings')
      .select('version')
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    parts.body.version = row?.version ?? 1;
  },
};
