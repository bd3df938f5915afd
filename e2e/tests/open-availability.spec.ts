import type { Page } from '@playwright/test';
import { brightSmile, expect, expectNotification, seriousViolations, test } from './admin-fixtures';
import {
  bookingAnswerOf,
  expectAccessible,
  expectThankYou,
  fillDetails,
  fillIdentity,
  fillInsurance,
  newPatient,
  plansFor,
  zonedLabel,
} from './booking-support';
import { staffApi, type StaffApi } from './front-desk-support';
import { waitForMail } from './mail-sink';
import {
  BOOKING_DEEP_LINK,
  BOOKING_PHONE,
  FHIR_BASE,
  INSTANT_WITH_OFFSET,
  appointmentOperation,
  appointmentParameters,
  expectValidFhir,
  extensionOf,
  feedEventsOf,
  fhirJsonOf,
  jsonOf,
  ndjsonOf,
  outputsOf,
  partnerToken,
  slotKeyOf,
  type FhirSlot,
  type Manifest,
  type PartnerCredentials,
  type PartnerPatient,
} from './open-availability-support';
import { clockNow } from './test-clock';

/*
 * Issue 20, "Done when": a directory's path — read the brand's SMART Scheduling Links manifest,
 * download the Slot NDJSON, pick a slot, follow its booking deep link in Chromium to the booking
 * flow with that time chosen, book; a trusted partner's path — client credentials from the owner,
 * a token, Slot search, Appointment/$hold, Appointment/$book, and another partner's $book of the
 * held time refused; the provider's calendar feed lists each new appointment with its zone. Every
 * FHIR resource the spec receives is validated (open-availability-support.ts).
 *
 * Independence from the other specs (one worker, one database): the times are New Patient Exam &
 * Cleaning at BrightSmile Cherry Creek (Denver), which no other spec books, a week and more ahead;
 * the patients and partner clients are the spec's own.
 */

const LOCATION_NAME = 'BrightSmile Cherry Creek';
const LOCATION_PHONE = '(303) 555-0119';
const ZONE = 'America/Denver';
const SERVICE_NAME = 'New Patient Exam & Cleaning';
const VIEWER_ZONE = 'America/New_York';
const DAY_MS = 86_400_000;

interface Bundle<T> {
  resourceType: 'Bundle';
  type: string;
  link?: { relation: string; url: string }[];
  entry?: { fullUrl?: string; resource: T }[];
}

interface FhirAppointment {
  resourceType: 'Appointment';
  id: string;
  status: string;
  start: string;
  end: string;
  slot: { reference: string }[];
  identifier?: { system: string; value: string }[];
  participant: { actor?: { reference?: string } }[];
  extension?: { url: string; valueInstant?: string }[];
}

interface CalendarFeed {
  url: string;
  webcalUrl: string;
}

interface OperationOutcome {
  resourceType: 'OperationOutcome';
  issue: { severity: string; code: string; diagnostics?: string }[];
}

/** `YYYY-MM-DDThh:mm:ss±hh:mm` of an instant on the zone's clock (what a Slot's start must read). */
function instantInZone(ms: number, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    })
      .formatToParts(ms)
      .map((part) => [part.type, part.value]),
  );
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : String(parts.timeZoneName).replace('GMT', '');
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

/** A FHIR search path with its parameters (repeated names allowed), encoded. */
function searchPath(type: string, params: [string, string][]): string {
  return `${FHIR_BASE}/${type}?${new URLSearchParams(params).toString()}`;
}

/** The brand's published location by name, from the FHIR API. */
async function publishedLocation(page: Page): Promise<{ id: string; state: string }> {
  const bundle = await fhirJsonOf<Bundle<{ id: string; name: string; address?: { state?: string } }>>(
    await page.request.get(searchPath('Location', [['name', LOCATION_NAME]])),
    200,
  );
  expectValidFhir('Location search', bundle);
  const location = bundle.entry?.map((entry) => entry.resource).find((found) => found.name === LOCATION_NAME);
  if (!location) throw new Error(`${LOCATION_NAME} is not published`);
  return { id: location.id, state: location.address?.state ?? '' };
}

/**
 * The provider's calendar feed (its address read by staff, the feed fetched as a calendar
 * application would) lists the appointment at its start, on the location's clock (TZID and its
 * VTIMEZONE), with no health or patient information.
 */
async function expectInCalendarFeed(
  api: StaffApi,
  page: Page,
  booking: { clientId: string; providerId: string; appointmentId: string; startUtc: string; minutes: number },
  patient: { lastName: string; email: string },
): Promise<void> {
  const path = `/api/scheduler/admin/providers/${booking.providerId}/calendar-feed`;
  // The address, made by the first "new address" when the provider has none yet.
  let { feed } = await api.get<{ feed: CalendarFeed | null }>(`${path}?clientId=${booking.clientId}`);
  if (feed === null)
    ({ feed } = await jsonOf<{ feed: CalendarFeed }>(
      await api.post(`${path}/rotate`, { clientId: booking.clientId }),
      200,
    ));
  const { url, webcalUrl } = feed;
  expect(url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  expect(webcalUrl).toBe(url.replace(/^https?:/, 'webcal:'));
  const response = await page.request.get(url);
  const ics = await response.text();
  expect(response.status(), ics.slice(0, 200)).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/calendar/);
  expect(response.headers()['cache-control']).toMatch(/max-age=\d+/);
  const etag = response.headers().etag;
  expect(etag).toBeTruthy();
  const again = await page.request.get(url, { headers: { 'if-none-match': etag ?? '' } });
  expect(again.status()).toBe(304);

  const { calendar, events } = feedEventsOf(ics);
  const zones = calendar.getAllSubcomponents('vtimezone').map((zone) => zone.getFirstPropertyValue('tzid'));
  expect(zones).toContain(ZONE);
  const event = events.find((candidate) => candidate.uid.startsWith(`appointment-${booking.appointmentId}@`));
  if (!event) throw new Error(`appointment ${booking.appointmentId} is not in the provider's feed`);
  expect(event.tzid).toBe(ZONE);
  expect(event.startUtc).toBe(new Date(booking.startUtc).toISOString());
  expect(event.status).toBe('CONFIRMED');
  expect(event.summary).toBe(`Booked: ${booking.minutes} min`);
  expect(event.location).toContain(LOCATION_NAME);
  // Nothing about the patient.
  expect(ics).not.toContain(patient.lastName);
  expect(ics).not.toContain(patient.email);
}

test.describe('open availability (FHIR R4, SMART Scheduling Links, partners, calendar feeds)', () => {
  test.use({ viewport: { width: 1366, height: 900 }, timezoneId: VIEWER_ZONE });

  test('a directory reads the published files and a patient books a slot through its deep link', async ({
    page,
    pageAs,
    signedIn,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const request = page.request;
    const origin = String(baseURL);

    // The manifest: JSON without an Accept header, cacheable, conditional.
    const manifestResponse = await request.get(`${FHIR_BASE}/$bulk-publish`);
    const manifest = await jsonOf<Manifest>(manifestResponse, 200);
    const headers = manifestResponse.headers();
    expect(headers['content-type']).toMatch(/json/);
    expect(headers['cache-control']).toMatch(/max-age=\d+/);
    expect(headers['last-modified']).toBeTruthy();
    const etag = headers.etag ?? '';
    expect(etag).toMatch(/^"/);
    expect(
      (await request.get(`${FHIR_BASE}/$bulk-publish`, { headers: { 'if-none-match': etag } })).status(),
    ).toBe(304);
    // The SMART Scheduling Links manifest checks (as the Inferno test kit's).
    expect(manifest.transactionTime).toMatch(INSTANT_WITH_OFFSET);
    expect(manifest.request).toBe(`${origin}${FHIR_BASE}/$bulk-publish`);
    expect(manifest.error).toEqual([]);
    for (const type of ['Location', 'Schedule', 'Slot'])
      expect(outputsOf(manifest, type).length).toBeGreaterThan(0);
    for (const output of manifest.output) {
      expect(output.url.startsWith(`${origin}${FHIR_BASE}/`), output.url).toBe(true);
      expect(() => new URL(output.url)).not.toThrow();
      for (const state of output.extension?.state ?? []) expect(typeof state).toBe('string');
    }

    // The catalogue files: the location, its schedules.
    const [locationFile] = outputsOf(manifest, 'Location');
    const [scheduleFile] = outputsOf(manifest, 'Schedule');
    const locations = await ndjsonOf<{
      resourceType: string;
      id: string;
      name: string;
      address?: { state?: string };
    }>(request, locationFile?.url ?? '');
    expectValidFhir('Location.ndjson', ...locations);
    const location = locations.find((candidate) => candidate.name === LOCATION_NAME);
    if (!location) throw new Error(`${LOCATION_NAME} is not in Location.ndjson`);
    const state = location.address?.state ?? '';
    expect(state).toBe('CO');
    const schedules = await ndjsonOf<{ resourceType: string; id: string; actor: { reference: string }[] }>(
      request,
      scheduleFile?.url ?? '',
    );
    expectValidFhir('Schedule.ndjson', ...schedules);
    const scheduleIds = new Set(schedules.map((schedule) => schedule.id));

    // The location's Slot file (the one for its state), every line valid and a time of that place.
    const slotFile = outputsOf(manifest, 'Slot').find((output) => output.extension?.state?.includes(state));
    if (!slotFile) throw new Error(`no Slot file for ${state}`);
    const slots = await ndjsonOf<FhirSlot>(request, slotFile.url);
    expect(slots.length).toBeGreaterThan(0);
    expectValidFhir(`Slot file ${slotFile.url}`, ...slots);
    for (const slot of slots) {
      expect(slot.status).toBe('free');
      expect(slotKeyOf(slot.id).locationId).toBe(location.id);
      expect(scheduleIds.has(slot.schedule.reference.replace('Schedule/', '')), slot.schedule.reference).toBe(
        true,
      );
      expect(slot.start).toBe(instantInZone(slotKeyOf(slot.id).startMs, ZONE));
      expect(extensionOf(slot, BOOKING_DEEP_LINK)).toBe(
        `${origin}/brightsmile/main/all/findappointment?slot=${slot.id}`,
      );
      expect(extensionOf(slot, BOOKING_PHONE)).toBe(LOCATION_PHONE);
    }

    // A new patient's exam a week or more ahead.
    const weekAhead = clockNow().getTime() + 7 * DAY_MS;
    const slot = slots
      .filter((candidate) => candidate.serviceType?.[0]?.text === SERVICE_NAME)
      .sort((a, b) => Date.parse(a.start) - Date.parse(b.start))
      .find((candidate) => Date.parse(candidate.start) >= weekAhead);
    if (!slot) throw new Error(`no ${SERVICE_NAME} slot a week ahead in ${slotFile.url}`);
    const key = slotKeyOf(slot.id);
    const startUtc = new Date(Date.parse(slot.start)).toISOString();
    const minutes = (Date.parse(slot.end) - Date.parse(slot.start)) / 60_000;
    // The same Slot through the read API, while it is free.
    const read = await fhirJsonOf<FhirSlot>(await request.get(`${FHIR_BASE}/Slot/${slot.id}`), 200);
    expectValidFhir('Slot read', read);
    expect(read).toEqual(slot);

    // The deep link, with a partner's attribution, in Chromium: the flow opens at that time.
    const link = `${extensionOf(slot, BOOKING_DEEP_LINK)}&source=e2e-county-portal&booking-referral=e2e-ref-20`;
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Find an appointment' })).toBeVisible();
    const label = zonedLabel(startUtc, ZONE, VIEWER_ZONE);
    const chosen = page.getByRole('region', { name: 'Your chosen time' });
    await expect(chosen.getByRole('status')).toHaveText(/^Your chosen time is selected: /);
    await expect(chosen.getByRole('status')).toContainText(label.full);
    const selected = page.getByRole('region', { name: 'Your selected time' });
    await expect(selected).toContainText(label.full);
    await expect(selected).toContainText(LOCATION_NAME);
    // The link's parameters left the address bar (a reload does not open it again).
    expect(new URL(page.url()).search).toBe('');
    await expectAccessible(page, 'find appointment opened by a deep link');

    await selected.getByRole('button', { name: 'Continue with this time' }).click();
    await expect(page).toHaveURL(/\/additionaldetails/);
    await fillDetails(page, 'A first visit found on the county portal');
    const { accepted } = await plansFor(request, key.providerId);
    const plan = accepted[0];
    if (!plan) throw new Error('the provider accepts no plan');
    await fillInsurance(page, plan, 'MEM-2020');
    await page.getByRole('button', { name: 'Continue' }).click();
    const patient = newPatient('Link');
    await fillIdentity(page, patient);
    const sent = page.waitForRequest(
      (candidate) =>
        candidate.url().includes('/api/scheduler/bookAppointment') && candidate.method() === 'PUT',
    );
    const booking = await bookingAnswerOf(page, () =>
      page.getByRole('button', { name: 'Book appointment' }).click(),
    );
    const body = (await sent).postDataJSON() as {
      providerId: string;
      locationId: string;
      appointmentTypeId: string;
      startUtc: string;
      campaign?: Record<string, unknown>;
    };
    expect(body).toMatchObject({
      providerId: key.providerId,
      locationId: key.locationId,
      appointmentTypeId: key.serviceId,
      startUtc,
    });
    // The partner's source and referral are kept for attribution.
    expect(body.campaign).toMatchObject({
      utmSource: 'e2e-county-portal',
      utmMedium: 'scheduling-link',
      utmTerm: 'e2e-ref-20',
    });
    expect(booking.startUtc).toBe(startUtc);
    expect(booking.timeZone).toBe(ZONE);
    await expectThankYou(page, booking, VIEWER_ZONE);

    // The time is no longer offered, and the provider's calendar feed lists the appointment.
    const after = await jsonOf<{ free: boolean }>(
      await request.get(`/api/scheduler/slotLink?clientName=brightsmile&scheduler=main&slot=${slot.id}`),
      200,
    );
    expect(after.free).toBe(false);
    const gone = await fhirJsonOf<OperationOutcome>(await request.get(`${FHIR_BASE}/Slot/${slot.id}`), 404);
    expectValidFhir('Slot read once booked', gone);
    const { clientId } = await brightSmile(signedIn, 'owner');
    const owner = await pageAs('owner');
    await expectInCalendarFeed(
      staffApi(owner),
      owner,
      { clientId, providerId: key.providerId, appointmentId: booking.appointmentId, startUtc, minutes },
      patient,
    );
  });

  test('a trusted partner finds, holds and books a time; another partner cannot book the held time', async ({
    page,
    pageAs,
    signedIn,
  }) => {
    test.setTimeout(180_000);
    const request = page.request;
    const { clientId, base } = await brightSmile(signedIn, 'owner');
    const owner = await pageAs('owner');
    const api = staffApi(owner);
    const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

    // The owner adds the first partner on the Open availability screen: its secret is shown once.
    await owner.goto(base);
    await owner
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Open availability' })
      .click();
    await expect(owner.getByRole('heading', { level: 1, name: 'Open availability' })).toBeVisible();
    await expect(owner.getByRole('textbox', { name: '$bulk-publish URL' })).toHaveValue(
      new RegExp(`${FHIR_BASE.replace('/', '\\/')}/\\$bulk-publish$`),
    );
    expect(await seriousViolations(owner)).toEqual([]);
    const healthSystem = `E2E Health System ${tag}`;
    await owner.getByRole('button', { name: 'Add partner' }).click();
    const add = owner.getByRole('dialog', { name: 'Add partner' });
    await add.getByRole('textbox', { name: 'Partner name' }).fill(healthSystem);
    await add.getByRole('button', { name: 'Add partner' }).click();
    const shown = owner.getByRole('dialog', { name: `${healthSystem} is added` });
    await expect(shown.getByRole('textbox', { name: 'Client secret' })).not.toHaveValue('');
    const first: PartnerCredentials = {
      clientIdentifier: await shown.getByRole('textbox', { name: 'Client id' }).inputValue(),
      clientSecret: await shown.getByRole('textbox', { name: 'Client secret' }).inputValue(),
    };
    expect(await seriousViolations(owner)).toEqual([]);
    await shown.getByRole('button', { name: 'I have copied the secret' }).click();
    await expect(shown).toBeHidden();
    const table = owner.getByRole('table', { name: 'Partner clients' });
    await expect(table.getByRole('row', { name: new RegExp(healthSystem) })).toContainText(
      first.clientIdentifier,
    );
    // The secret is not on the screen any more.
    await expect(owner.getByText(first.clientSecret)).toHaveCount(0);

    // A second partner, through the admin API.
    const symptomChecker = `E2E Symptom Checker ${tag}`;
    const created = await api.post('/api/scheduler/admin/partners', { clientId, name: symptomChecker });
    const second = await jsonOf<{
      partner: { clientIdentifier: string };
      clientSecret: string;
      tokenUrl: string;
    }>(created, 201);
    expect(second.tokenUrl).toMatch(new RegExp(`${FHIR_BASE}/auth/token$`));
    const competitor: PartnerCredentials = {
      clientIdentifier: second.partner.clientIdentifier,
      clientSecret: second.clientSecret,
    };

    // What the server supports, and the location's schedules for the service.
    const metadata = await fhirJsonOf<{ resourceType: string; rest: { resource?: { type: string }[] }[] }>(
      await request.get(`${FHIR_BASE}/metadata`),
      200,
    );
    expectValidFhir('metadata', metadata);
    expect(metadata.resourceType).toBe('CapabilityStatement');
    expect(metadata.rest[0]?.resource?.map((resource) => resource.type)).toEqual(
      expect.arrayContaining(['Location', 'Schedule', 'Slot']),
    );
    const token = await partnerToken(request, first);
    const rival = await partnerToken(request, competitor);
    const location = await publishedLocation(page);
    const schedules = await fhirJsonOf<Bundle<{ id: string; serviceType: { text?: string }[] }>>(
      await request.get(searchPath('Schedule', [['actor', `Location/${location.id}`]]), {
        headers: { authorization: `Bearer ${token}` },
      }),
      200,
    );
    expectValidFhir('Schedule search', schedules);
    const schedule = (schedules.entry ?? [])
      .map((entry) => entry.resource)
      .filter((candidate) => candidate.serviceType[0]?.text === SERVICE_NAME)
      .sort((a, b) => a.id.localeCompare(b.id))[0];
    if (!schedule) throw new Error(`no ${SERVICE_NAME} schedule at ${LOCATION_NAME}`);

    // Slot search, 9 to 13 days ahead (later than the deep-link test's time), three a page.
    const now = clockNow().getTime();
    const from = instantInZone(now + 9 * DAY_MS, ZONE);
    const to = instantInZone(now + 13 * DAY_MS, ZONE);
    const slotSearch: [string, string][] = [
      ['schedule', `Schedule/${schedule.id}`],
      ['start', `ge${from}`],
      ['start', `lt${to}`],
      ['status', 'free'],
      ['_count', '3'],
    ];
    const firstPage = await fhirJsonOf<Bundle<FhirSlot>>(
      await request.get(searchPath('Slot', slotSearch), { headers: { authorization: `Bearer ${token}` } }),
      200,
    );
    expectValidFhir('Slot search', firstPage);
    expect(firstPage.type).toBe('searchset');
    expect(firstPage.entry?.length).toBe(3);
    expect(firstPage.link?.find((link) => link.relation === 'self')).toBeTruthy();
    const next = firstPage.link?.find((link) => link.relation === 'next')?.url;
    if (!next) throw new Error('the first page of Slots has no next link');
    const secondPage = await fhirJsonOf<Bundle<FhirSlot>>(
      await request.get(next, { headers: { authorization: `Bearer ${token}` } }),
      200,
    );
    expectValidFhir('Slot search, page 2', secondPage);
    const seen = [...(firstPage.entry ?? []), ...(secondPage.entry ?? [])].map((entry) => entry.resource);
    expect(new Set(seen.map((found) => found.id)).size).toBe(seen.length);
    for (const found of seen) {
      expect(found.schedule.reference).toBe(`Schedule/${schedule.id}`);
      expect(found.status).toBe('free');
      expect(Date.parse(found.start)).toBeGreaterThanOrEqual(Date.parse(from));
      expect(Date.parse(found.start)).toBeLessThan(Date.parse(to));
    }
    const slot = secondPage.entry?.[0]?.resource;
    if (!slot) throw new Error('the second page of Slots is empty');
    const key = slotKeyOf(slot.id);

    // $hold: the time is kept for five minutes, and no longer offered to anyone else.
    const held = await fhirJsonOf<FhirAppointment>(
      await appointmentOperation(request, '$hold', token, appointmentParameters(slot.id)),
      201,
    );
    expectValidFhir('$hold', held);
    expect(held).toMatchObject({
      status: 'pending',
      start: slot.start,
      end: slot.end,
      slot: [{ reference: `Slot/${slot.id}` }],
    });
    const expires =
      held.extension?.find((extension) => extension.url.endsWith('/hold-expires'))?.valueInstant ?? '';
    expect(expires).toMatch(INSTANT_WITH_OFFSET);
    const holdMinutes = (Date.parse(expires) - clockNow().getTime()) / 60_000;
    expect(holdMinutes).toBeGreaterThan(4);
    expect(holdMinutes).toBeLessThanOrEqual(5);
    const whileHeld = await fhirJsonOf<Bundle<FhirSlot>>(
      await request.get(
        searchPath('Slot', [
          ['schedule', `Schedule/${schedule.id}`],
          ['start', `ge${slot.start}`],
          ['start', `lt${slot.end}`],
          ['status', 'free'],
        ]),
      ),
      200,
    );
    expectValidFhir('Slot search while held', whileHeld);
    expect((whileHeld.entry ?? []).map((entry) => entry.resource.id)).not.toContain(slot.id);

    // Another partner can neither hold nor book the held time.
    const patient: PartnerPatient = {
      given: 'Parker',
      family: `Partner${tag.replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'x')}`,
      birthDate: '1984-06-02',
      email: `partner.${tag}@example.org`,
      phone: `(303) 555-${String(1000 + Math.floor(Math.random() * 8999)).slice(0, 4)}`,
    };
    for (const operation of ['$hold', '$book'] as const) {
      const refused = await fhirJsonOf<OperationOutcome>(
        await appointmentOperation(request, operation, rival, appointmentParameters(slot.id, patient)),
        409,
      );
      expectValidFhir(`competing ${operation}`, refused);
      expect(refused.issue[0]).toMatchObject({ severity: 'error', code: 'conflict' });
    }

    // $book by the partner holding it: booked, the confirmation sent to the patient.
    const booked = await fhirJsonOf<FhirAppointment>(
      await appointmentOperation(request, '$book', token, appointmentParameters(slot.id, patient)),
      201,
    );
    expectValidFhir('$book', booked);
    expect(booked).toMatchObject({
      status: 'booked',
      start: slot.start,
      end: slot.end,
      slot: [{ reference: `Slot/${slot.id}` }],
    });
    expect(booked.identifier?.[0]?.value).toMatch(/^[0-9A-Z]{3}-[0-9A-Z]{4}$/);
    expect(JSON.stringify(booked)).not.toContain(patient.family);
    expect(booked.participant.map((participant) => participant.actor?.reference)).toEqual(
      expect.arrayContaining([`Practitioner/${key.providerId}`, `Location/${key.locationId}`]),
    );
    const mail = await waitForMail({ to: patient.email, subject: /is booked/ }, 15_000);
    expect(mail.text).toContain(booked.identifier?.[0]?.value ?? '');

    // Booked, the time stays refused to the other partner.
    const late = await fhirJsonOf<OperationOutcome>(
      await appointmentOperation(request, '$book', rival, appointmentParameters(slot.id, patient)),
      409,
    );
    expectValidFhir('$book of a booked time', late);

    // The provider's calendar feed lists the appointment in the location's zone.
    const startUtc = new Date(Date.parse(slot.start)).toISOString();
    await expectInCalendarFeed(
      api,
      owner,
      {
        clientId,
        providerId: key.providerId,
        appointmentId: booked.id,
        startUtc,
        minutes: (Date.parse(slot.end) - Date.parse(slot.start)) / 60_000,
      },
      { lastName: patient.family, email: patient.email },
    );

    // The owner revokes the second partner: no new token, and the one it has stops working.
    await owner.reload();
    const row = table.getByRole('row', { name: new RegExp(symptomChecker) });
    await row.getByRole('button', { name: `Revoke ${symptomChecker}` }).click();
    const confirm = owner.getByRole('dialog', { name: `Revoke ${symptomChecker}?` });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expectNotification(owner, `${symptomChecker} is revoked`);
    await expect(row).toContainText('Revoked');
    const revoked = await fhirJsonOf<OperationOutcome>(
      await appointmentOperation(request, '$hold', rival, appointmentParameters(slot.id)),
      401,
    );
    expectValidFhir('$hold with a revoked token', revoked);
    const basic = Buffer.from(
      `${encodeURIComponent(competitor.clientIdentifier)}:${encodeURIComponent(competitor.clientSecret)}`,
    ).toString('base64');
    const refusedToken = await request.post(`${FHIR_BASE}/auth/token`, {
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      data: 'grant_type=client_credentials',
    });
    expect(await jsonOf<{ error: string }>(refusedToken, 401)).toMatchObject({ error: 'invalid_client' });
  });
});
