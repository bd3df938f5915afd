/*
 * Turns a BrandSpec into rows: configuration (client, scheduler, locations, services,
 * insurance, providers, hours, time off), patients, appointments with their history and
 * slot units, waitlist, notes, feedback and analytics. Used by the demo seed (small,
 * everything in one transaction) and by the large-data generator (streamed in batches).
 * The configuration rows are written by catalogue-writer.ts.
 */
import type { EpochMs, MembershipRole } from '../schema.ts';
import type { BrandSpec } from './catalogue-spec.ts';
import { writeCatalogue } from './catalogue-writer.ts';
import type { WrittenCatalogue } from './catalogue-writer.ts';
import { DEMO_SCHEDULER_SLUG } from './demo-catalogue.ts';
import type { AnalyticsScope } from './analytics.ts';
import { generateAnalytics } from './analytics.ts';
import { fakePerson, patientRow } from './fake-people.ts';
import { patientSearchTokens } from '@scheduler/domain/patient-search';
import type { Random } from './random.ts';
import type { IdAllocator, RowSink } from './row-writer.ts';
import type { CreatedAppointment } from './scheduling.ts';
import { fillProviderAppointments } from './scheduling.ts';
import type { DayNumber } from './zoned-time.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS, isoDateOf } from './zoned-time.ts';

export interface BrandVolume {
  /** Appointments from today − pastDays to today + futureDays (local days). */
  pastDays: number;
  futureDays: number;
  /** Chance that a free 15-minute position starts an appointment, by days from today. */
  utilization: (daysFromToday: number) => number;
  /** Upper bound on appointments for the brand (spread evenly over providers). */
  maxAppointments?: number;
  analyticsDays: number;
  sessionsPerWeekday: number;
  maxEvents?: number;
  /** Events of the last N days also get tracking-log rows. */
  trackLogDays: number;
  /** Waitlist entries, notes, feedback and insurance policies. */
  extras: boolean;
}

export interface BrandContext {
  now: EpochMs;
  random: Random;
  ids: IdAllocator;
  sink: RowSink;
  /** Users (with their role in this brand) who appear as staff in the data. */
  users: readonly { id: number; role: MembershipRole }[];
  progress?: (message: string) => void;
}

export interface BrandSummary {
  clientId: number;
  schedulerId: number;
  locationSlugs: string[];
  providers: number;
  patients: number;
  appointments: number;
  events: number;
}

const waitlistTimes = ['Weekday mornings', 'After 3 pm', 'Any time', 'Mondays or Fridays', 'Lunch hour'];
const noteBodies = [
  'Prefers text reminders the day before.',
  'Asked about payment plans; sent the brochure.',
  'Needs an interpreter (Spanish) at the next visit.',
  'Running late policy explained.',
  'Requested the first appointment of the day.',
  'Insurance card updated at check-in.',
];
const feedbackComments = [
  'Friendly staff and no wait at all.',
  'Very thorough and explained everything.',
  'Booking online was quick and easy.',
  'Had to wait 20 minutes past my time.',
  'Great experience, will be back.',
  null,
];

export async function writeBrand(
  spec: BrandSpec,
  volume: BrandVolume,
  context: BrandContext,
): Promise<BrandSummary> {
  const { sink } = context;
  const log = context.progress ?? ((): void => undefined);
  const catalogue = writeCatalogue(spec, context);
  await sink.flushIfFull();

  const patients = await writePatients(spec, volume, context, catalogue);
  await sink.flushIfFull();
  log(`  ${spec.slug}: ${spec.providers.length} providers, ${patients.patientIds.length} patients`);

  const staffUserIds = context.users.filter((u) => u.role !== 'viewer').map((u) => u.id);
  const { appointments, fulfilled } = await writeAppointments(spec, volume, context, catalogue, {
    ...patients,
    staffUserIds,
  });
  log(`  ${spec.slug}: ${appointments} appointments`);

  if (volume.extras) writeExtras(spec, context, catalogue, staffUserIds, fulfilled);
  await sink.flushIfFull();

  const events = await writeBrandAnalytics(spec, volume, context, catalogue);
  log(`  ${spec.slug}: ${events} analytics events`);

  return {
    clientId: catalogue.clientId,
    schedulerId: catalogue.schedulerId,
    locationSlugs: spec.locations.map((l) => l.slug),
    providers: catalogue.plans.length,
    patients: patients.patientIds.length,
    appointments,
    events,
  };
}

interface WrittenPatients {
  patientIds: number[];
  policyByPatient: Map<number, number>;
}

/** Patients and (with extras) their insurance policies. */
async function writePatients(
  spec: BrandSpec,
  volume: BrandVolume,
  { now, random, ids, sink }: BrandContext,
  { clientId, planIds, carrierOfPlan, relationshipIds }: WrittenCatalogue,
): Promise<WrittenPatients> {
  const patientIds: number[] = [];
  const policyByPatient = new Map<number, number>();
  for (let i = 0; i < spec.patientCount; i++) {
    const id = ids.next('patients');
    patientIds.push(id);
    const person = fakePerson(random, now, id);
    const createdAt = now - random.int(1, 700) * DAY_MS;
    sink.add('patients', patientRow(id, clientId, person, createdAt, random));
    // The staff search's tokens (issue 19), as the booking writes them.
    for (const token of patientSearchTokens(person))
      sink.add('patient_search_tokens', {
        client_id: clientId,
        token,
        patient_id: id,
        last_name: person.lastName,
        first_name: person.firstName,
      });
    if (volume.extras && random.chance(0.7) && planIds.length > 0) {
      const policyId = ids.next('insurance_policies');
      const planId = random.pick(planIds);
      const self = random.chance(0.75);
      sink.add('insurance_policies', {
        id: policyId,
        client_id: clientId,
        patient_id: id,
        plan_id: planId,
        carrier_id: carrierOfPlan.get(planId) ?? null,
        relationship_id: (self ? relationshipIds[0] : random.pick(relationshipIds.slice(1))) ?? null,
        member_id: `${random.pick(['XJH', 'W', 'ZGP', 'U'])}${random.int(100000000, 999999999)}`,
        group_number: String(random.int(10000, 99999)),
        subscriber_first_name: self ? person.firstName : random.pick(['Chris', 'Pat', 'Jamie', 'Taylor']),
        subscriber_last_name: person.lastName,
        subscriber_date_of_birth: self
          ? person.dateOfBirth
          : isoDateOf(Math.floor(now / DAY_MS) - random.int(25, 60) * 365),
        self_pay: 0,
        created_at: createdAt,
        updated_at: createdAt,
      });
      policyByPatient.set(id, policyId);
    }
    if (i % 5000 === 4999) await sink.flushIfFull();
  }
  return { patientIds, policyByPatient };
}

/** Appointments of every provider over the volume's days, in chunks of two weeks. */
async function writeAppointments(
  spec: BrandSpec,
  volume: BrandVolume,
  { now, random, ids, sink }: BrandContext,
  { plans }: WrittenCatalogue,
  { patientIds, policyByPatient, staffUserIds }: WrittenPatients & { staffUserIds: number[] },
): Promise<{ appointments: number; fulfilled: CreatedAppointment[] }> {
  const autoConfirm = !spec.settings.some(
    ([group, order, value]) => group === 'thankYouScreen' && order === 3 && value === 'No',
  );
  const fulfilled: CreatedAppointment[] = [];
  const seenPatients = new Set<number>();
  const maxTotal = volume.maxAppointments ?? Number.POSITIVE_INFINITY;
  const perProvider = Math.ceil(maxTotal / Math.max(1, plans.length));
  const today = Math.floor(now / DAY_MS);
  let appointments = 0;
  for (const plan of plans) {
    let providerCount = 0;
    // Chunks of two weeks keep buffered rows bounded for the large generator.
    for (let from = today - volume.pastDays; from <= today + volume.futureDays; from += 14) {
      const to = Math.min(from + 13, today + volume.futureDays);
      const cap = Math.min(perProvider - providerCount, maxTotal - appointments);
      if (cap <= 0) break;
      const created = fillProviderAppointments(
        plan,
        {
          now,
          random,
          ids,
          sink,
          patientIds,
          seenPatients,
          staffUserIds,
          autoConfirm,
          policyIdByPatient: policyByPatient,
          onAppointment: (appointment) => {
            if (appointment.status === 'fulfilled' && volume.extras) fulfilled.push(appointment);
          },
        },
        from,
        to,
        volume.utilization,
        cap,
      );
      providerCount += created;
      appointments += created;
      await sink.flushIfFull();
    }
  }
  return { appointments, fulfilled };
}

/** Waitlist entries, notes and feedback. */
function writeExtras(
  spec: BrandSpec,
  { now, random, sink }: BrandContext,
  { clientId, schedulerId, locationOf, services, providerIdsByLocation }: WrittenCatalogue,
  staffUserIds: readonly number[],
  fulfilled: readonly CreatedAppointment[],
): void {
  const waitlistLocations = spec.locations
    .filter((l) => l.waitlistEnabled === true)
    .map((l) => locationOf(l.slug).id);
  const serviceIds = [...services.values()].filter((s) => s.spec.onlineEnabled !== false).map((s) => s.id);
  for (let i = 0; i < 8 && waitlistLocations.length > 0; i++) {
    const person = fakePerson(random, now, 90_000 + i);
    const createdAt = now - random.int(1, 20) * DAY_MS - random.int(0, 600) * MINUTE_MS;
    const location = random.pick(waitlistLocations);
    const providers = providerIdsByLocation.get(location) ?? [];
    sink.add('waitlist_entries', {
      client_id: clientId,
      scheduler_id: schedulerId,
      location_id: location,
      provider_id: providers.length > 0 && random.chance(0.5) ? random.pick(providers) : null,
      service_id: random.pick(serviceIds),
      patient_id: null,
      first_name: person.firstName,
      last_name: person.lastName,
      date_of_birth: person.dateOfBirth,
      phone: person.phone,
      email: person.email,
      preferred_times: random.pick(waitlistTimes),
      notes: null,
      status: random.weighted([
        ['waiting', 5],
        ['contacted', 2],
        ['booked', 1],
      ] as const),
      created_at: createdAt,
      updated_at: createdAt,
    });
  }
  const authors = staffUserIds.length > 0 ? staffUserIds : [null];
  for (const appointment of random.sample(fulfilled, Math.min(30, fulfilled.length))) {
    const createdAt = appointment.endAt + random.int(5, 120) * MINUTE_MS;
    sink.add('notes', {
      client_id: clientId,
      patient_id: appointment.patientId,
      appointment_id: appointment.id,
      author_user_id: random.pick(authors),
      body: random.pick(noteBodies),
      created_at: createdAt,
      edited_at: random.chance(0.2) ? createdAt + HOUR_MS : null,
    });
  }
  for (const appointment of random.sample(fulfilled, Math.min(60, Math.floor(fulfilled.length * 0.2)))) {
    sink.add('feedback', {
      client_id: clientId,
      patient_id: appointment.patientId,
      appointment_id: appointment.id,
      rating: random.weighted([
        [5, 60],
        [4, 25],
        [3, 10],
        [2, 3],
        [1, 2],
      ] as const),
      comment: random.pick(feedbackComments),
      created_at: appointment.endAt + random.int(2, 48) * HOUR_MS,
    });
  }
}

/** Analytics sessions and events of the last `analyticsDays` days; returns the number of events. */
async function writeBrandAnalytics(
  spec: BrandSpec,
  volume: BrandVolume,
  { now, random, sink }: BrandContext,
  { clientId, schedulerId, locations, locationOf, services, providerIdsByLocation }: WrittenCatalogue,
): Promise<number> {
  const today = Math.floor(now / DAY_MS);
  const onlineLocations = spec.locations
    .filter((l) => l.onlineEnabled !== false)
    .map((l) => ({ id: locationOf(l.slug).id, slug: l.slug }));
  const scope: AnalyticsScope = {
    clientId,
    clientSlug: spec.slug,
    schedulerId,
    schedulerSlug: DEMO_SCHEDULER_SLUG,
    locations:
      onlineLocations.length > 0
        ? onlineLocations
        : [...locations.entries()].map(([slug, l]) => ({ id: l.id, slug })),
    serviceIds: [...services.values()].filter((s) => s.spec.onlineEnabled !== false).map((s) => s.id),
    providerIdsByLocation,
  };
  const maxEvents = volume.maxEvents ?? Number.POSITIVE_INFINITY;
  let events = 0;
  for (let day: DayNumber = today - volume.analyticsDays; day <= today && events < maxEvents; day++) {
    events += generateAnalytics(
      scope,
      { now, random, sink, trackLogsSince: now - volume.trackLogDays * DAY_MS },
      day,
      day,
      volume.sessionsPerWeekday,
      maxEvents - events,
    );
    await sink.flushIfFull();
  }
  return events;
}
