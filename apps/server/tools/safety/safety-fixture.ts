/*
 * The world the safety tests and harnesses run in: the seeded demo (brands brightsmile and
 * northside) at a pinned clock, the real app with generous rate limits, a signed-in session for
 * each role (owner@ owns both brands; admin@, staff@, viewer@ belong to brightsmile) plus an owner
 * of northside only, the objects of each brand the generated requests point at, and the app's
 * classified route table.
 */
import type { GetProvidersResponse } from '@scheduler/contract/scheduler-api';
import type { App } from '../../src/app.ts';
import type { Config, TwilioConfig } from '../../src/platform/config.ts';
import type { Db } from '../../src/platform/db/database.ts';
import { seedIfEmpty } from '../../src/platform/db/seed/seed.ts';
import { NOW, query } from '../../src/test/public-api-fixture.ts';
import { DEMO_PASSWORDS, loginAs } from '../../src/test/staff-login.ts';
import type { StaffLogin } from '../../src/test/staff-login.ts';
import { createTestApp } from '../../src/test/test-db.ts';
import { fakeTwilioConfig, twilioStub } from '../../src/test/twilio-stub.ts';
import type { TestDatabase, TestDatabaseTarget } from '../../src/test/test-db.ts';
import { routeCatalogue } from './route-catalogue.ts';
import type { RouteCatalogue } from './route-catalogue.ts';
import { brandRecords, onlineServices, userIdByEmail } from './db/brand-records.ts';

export { NOW };

export const BRANDS = ['brightsmile', 'northside'] as const;
export type BrandName = (typeof BRANDS)[number];

export const STAFF_ROLES = ['owner', 'admin', 'staff', 'viewer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Sessions of the fixture: the demo's four roles and an owner of northside only. */
export type SessionName = StaffRole | 'northsideOwner';

export const NORTHSIDE_OWNER_EMAIL = 'northside.only@safety.test';
export const NORTHSIDE_OWNER_PASSWORD = 'northside-lantern-orchid-2026';

export interface BrandObjects {
  name: BrandName;
  slug: string;
  schedulerSlug: string;
  /** By id kind (zod-examples.ts `idKindOf`): clientId, providerId, locationId… */
  ids: Record<string, number>;
}

export interface SafetyFixture {
  t: TestDatabase;
  app: App;
  db: Db;
  brands: Record<BrandName, BrandObjects>;
  logins: Record<SessionName, StaffLogin>;
  userIds: Record<SessionName, number>;
  catalogue: RouteCatalogue;
  /** The app's SMS settings (a fake account; its auth token signs Twilio webhook samples) and PUBLIC_URL. */
  twilio: { config: TwilioConfig; publicUrl: string };
  /** Signs in again (a second session of the same user). */
  login(name: SessionName): Promise<StaffLogin>;
  close(): Promise<void>;
}

export const RELAXED_LIMITS: Partial<Config> = {
  rateLimitReadsPerMinute: 1_000_000,
  rateLimitBookingsPerMinute: 1_000_000,
};

/** A provider, location and service of the brand that has free slots (found through the slot search). */
async function bookableTriple(
  app: App,
  db: Db,
  clientId: number,
  slug: string,
  schedulerSlug: string,
): Promise<{ providerId: number; locationId: number; serviceId: number }> {
  for (const service of await onlineServices(db, clientId)) {
    const response = await app.inject({
      method: 'GET',
      url: `/api/scheduler/getProviders?${query({
        clientName: slug,
        scheduler: schedulerSlug,
        appointmentTypeId: service.id,
        locationId: 'all',
      })}`,
    });
    if (response.statusCode !== 200) continue;
    const result = response.json<GetProvidersResponse>();
    const provider = result.providers.find((card) => card.slots.length > 0);
    const slot = provider?.slots[0];
    if (provider !== undefined && slot !== undefined) {
      return {
        providerId: Number(provider.providerId),
        locationId: Number(slot.locationId),
        serviceId: service.id,
      };
    }
  }
  throw new Error(`brand ${slug} has no bookable provider`);
}

const bearer = (login: StaffLogin) => login.bearerHeaders;

export async function createSafetyFixture(
  target: TestDatabaseTarget,
  options: { config?: Partial<Config> } = {},
): Promise<SafetyFixture> {
  const t = await target.create();
  await seedIfEmpty(t.db, NOW);
  // SMS configured (fake account, stubbed client): the Twilio webhooks check signatures against its token.
  const twilio = twilioStub(fakeTwilioConfig());
  const config = { ...RELAXED_LIMITS, twilio: twilio.config, ...options.config };
  const app = await createTestApp(t, { now: () => NOW, config, sms: twilio.sms });
  await app.ready();
  const db = t.db;

  const demoLogin = (role: StaffRole) => loginAs(app, `${role}@demo.health`, DEMO_PASSWORDS[role]);
  const owner = await demoLogin('owner');
  const admin = await demoLogin('admin');
  const staff = await demoLogin('staff');
  const viewer = await demoLogin('viewer');

  const brands = {} as Record<BrandName, BrandObjects>;
  for (const name of BRANDS) {
    const records = await brandRecords(db, name, NOW.getTime());
    const triple = await bookableTriple(app, db, records.clientId, records.slug, records.schedulerSlug);
    // A note written by owner@ (only its author may edit it).
    const note = await app.inject({
      method: 'POST',
      url: '/api/patient-management/addNote',
      headers: bearer(owner),
      payload: {
        clientId: records.clientId,
        patientId: records.patientId,
        appointmentId: records.appointmentId,
        text: `Safety note of ${name}`,
      },
    });
    if (note.statusCode !== 201) throw new Error(`addNote for ${name}: ${note.statusCode} ${note.body}`);
    const noteId = Number(note.json<{ note: { noteId: string } }>().note.noteId);
    brands[name] = {
      name,
      slug: records.slug,
      schedulerSlug: records.schedulerSlug,
      ids: {
        clientId: records.clientId,
        schedulerId: records.schedulerId,
        providerId: triple.providerId,
        locationId: triple.locationId,
        serviceId: triple.serviceId,
        planId: records.planId,
        carrierId: records.carrierId,
        insuranceTypeId: records.insuranceTypeId,
        patientId: records.patientId,
        appointmentId: records.appointmentId,
        noteId,
        userId: records.userId,
        waitlistEntryId: records.waitlistEntryId,
      },
    };
  }

  // An owner of northside only: the "user of another brand" for brightsmile's objects.
  const added = await app.inject({
    method: 'POST',
    url: '/api/config/users',
    headers: bearer(owner),
    payload: {
      clientId: brands.northside.ids.clientId,
      email: NORTHSIDE_OWNER_EMAIL,
      displayName: 'Northside Only',
      role: 'owner',
    },
  });
  if (added.statusCode !== 201) throw new Error(`add northside owner: ${added.statusCode} ${added.body}`);
  // Issue 15: adding a person is an invitation; the person chooses their own password on acceptance.
  const link = added.json<{ link: string | null }>().link;
  const token = /#token=([A-Za-z0-9_-]{43})$/.exec(link ?? '')?.[1];
  if (token === undefined)
    throw new Error('the northside owner invitation answered no link (SMTP configured?)');
  const temporaryPassword = NORTHSIDE_OWNER_PASSWORD;
  const accepted = await app.inject({
    method: 'POST',
    url: '/api/config/invitations/accept',
    payload: { token, displayName: 'Northside Only', password: temporaryPassword },
  });
  if (accepted.statusCode !== 200)
    throw new Error(`accept northside owner: ${accepted.statusCode} ${accepted.body}`);
  const northsideOwner = await loginAs(app, NORTHSIDE_OWNER_EMAIL, temporaryPassword);

  const emails: Record<SessionName, string> = {
    owner: 'owner@demo.health',
    admin: 'admin@demo.health',
    staff: 'staff@demo.health',
    viewer: 'viewer@demo.health',
    northsideOwner: NORTHSIDE_OWNER_EMAIL,
  };
  const userIds = {} as Record<SessionName, number>;
  for (const [name, email] of Object.entries(emails) as [SessionName, string][]) {
    userIds[name] = await userIdByEmail(db, email);
  }

  return {
    t,
    app,
    db,
    brands,
    logins: { owner, admin, staff, viewer, northsideOwner },
    userIds,
    catalogue: routeCatalogue(app),
    twilio: { config: config.twilio ?? twilio.config, publicUrl: config.publicUrl ?? t.config.publicUrl },
    login(name) {
      if (name === 'northsideOwner') return loginAs(app, NORTHSIDE_OWNER_EMAIL, temporaryPassword);
      return demoLogin(name);
    },
    async close() {
      await app.close();
      await t.destroy();
    },
  };
}
