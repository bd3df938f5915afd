/*
 * Turns a BrandSpec into rows: configuration (client, scheduler, locations, services,
 * insurance, providers, hours, time off), patients, appointments with their history and
 * slot units, waitlist, notes, feedback and analytics. Used by the demo seed (small,
 * everything in one transaction) and by the large-data generator (streamed in batches).
 */
import zipcodes from 'zipcodes';
import type { EpochMs, MembershipRole } from '../schema.ts';
import type { BrandSpec } from './demo-catalogue.ts';
import { DEMO_SCHEDULER_SLUG } from './demo-catalogue.ts';
import type { AnalyticsScope } from './analytics.ts';
import { generateAnalytics } from './analytics.ts';
import { fakePerson, patientRow } from './fake-people.ts';
import type { Random } from './random.ts';
import type { IdAllocator, RowSink } from './row-writer.ts';
import type { CreatedAppointment, HoursBlock, PlannedService, ProviderPlan } from './scheduling.ts';
import { fillProviderAppointments } from './scheduling.ts';
import type { DayNumber } from './zoned-time.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS, isoDateOf, localDayOf, minutesOf, zonedToUtc } from './zoned-time.ts';

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
  const { now, random, ids, sink } = context;
  const log = context.progress ?? ((): void => undefined);
  const clientId = ids.next('clients');
  sink.add('clients', {
    id: clientId,
    slug: spec.slug,
    name: spec.name,
    phone: spec.phone,
    frame_ancestors: JSON.stringify(spec.frameAncestors),
    created_at: now - 400 * DAY_MS,
    updated_at: now - 30 * DAY_MS,
  });
  const schedulerId = ids.next('schedulers');
  sink.add('schedulers', {
    id: schedulerId,
    client_id: clientId,
    slug: DEMO_SCHEDULER_SLUG,
    name: spec.schedulerName,
    created_at: now - 400 * DAY_MS,
    updated_at: now - 30 * DAY_MS,
  });
  for (const [group, order, value] of spec.settings) {
    sink.add('scheduler_settings', {
      client_id: clientId,
      scheduler_id: schedulerId,
      setting_group: group,
      setting_order: order,
      value,
      updated_at: now - 30 * DAY_MS,
    });
  }

  // ── locations ──
  const locations = new Map<string, { id: number; timeZone: string; online: boolean }>();
  spec.locations.forEach((location, index) => {
    const place = zipcodes.lookup(location.postalCode);
    if (place === undefined) throw new Error(`Unknown ZIP code ${location.postalCode} for ${location.slug}`);
    const id = ids.next('locations');
    locations.set(location.slug, { id, timeZone: location.timeZone, online: location.onlineEnabled ?? true });
    sink.add('locations', {
      id,
      client_id: clientId,
      slug: location.slug,
      name: location.name,
      address_line1: location.addressLine1,
      address_line2: location.addressLine2 ?? null,
      city: place.city,
      state: place.state,
      postal_code: location.postalCode,
      latitude: place.latitude,
      longitude: place.longitude,
      time_zone: location.timeZone,
      phone: location.phone,
      online_enabled: (location.onlineEnabled ?? true) ? 1 : 0,
      waitlist_enabled: (location.waitlistEnabled ?? false) ? 1 : 0,
      sort_order: index,
      created_at: now - 400 * DAY_MS,
      updated_at: now - 30 * DAY_MS,
    });
  });
  const locationOf = (slug: string): { id: number; timeZone: string; online: boolean } => {
    const location = locations.get(slug);
    if (location === undefined) throw new Error(`Unknown location ${slug} in brand ${spec.slug}`);
    return location;
  };

  // ── services ──
  const services = new Map<string, { id: number; spec: BrandSpec['services'][number] }>();
  spec.services.forEach((service, index) => {
    const id = ids.next('services');
    services.set(service.key, { id, spec: service });
    sink.add('services', {
      id,
      client_id: clientId,
      name: service.name,
      description: service.description,
      duration_minutes: service.durationMinutes,
      online_enabled: (service.onlineEnabled ?? true) ? 1 : 0,
      call_to_schedule: (service.callToSchedule ?? false) ? 1 : 0,
      new_patients: (service.newPatients ?? true) ? 1 : 0,
      existing_patients: (service.existingPatients ?? true) ? 1 : 0,
      sort_order: index,
      created_at: now - 400 * DAY_MS,
      updated_at: now - 30 * DAY_MS,
    });
    for (const slug of service.locations ?? spec.locations.map((l) => l.slug)) {
      sink.add('service_locations', {
        client_id: clientId,
        service_id: id,
        location_id: locationOf(slug).id,
      });
    }
  });

  // ── insurance ──
  const typeIds = new Map<string, number>();
  spec.insuranceTypes.forEach((name, index) => {
    const id = ids.next('insurance_types');
    typeIds.set(name, id);
    sink.add('insurance_types', { id, client_id: clientId, name, sort_order: index });
  });
  const carrierIds = new Map<string, number>();
  for (const plan of spec.plans) {
    if (carrierIds.has(plan.carrier)) continue;
    const id = ids.next('insurance_carriers');
    carrierIds.set(plan.carrier, id);
    sink.add('insurance_carriers', {
      id,
      client_id: clientId,
      name: plan.carrier,
      created_at: now - 400 * DAY_MS,
    });
  }
  const planIds: number[] = [];
  const carrierOfPlan = new Map<number, number>();
  for (const plan of spec.plans) {
    const id = ids.next('insurance_plans');
    const carrierId = carrierIds.get(plan.carrier) ?? 0;
    planIds.push(id);
    carrierOfPlan.set(id, carrierId);
    sink.add('insurance_plans', {
      id,
      client_id: clientId,
      carrier_id: carrierId,
      insurance_type_id: typeIds.get(plan.type) ?? null,
      name: plan.name,
      top_package_rank: plan.topRank ?? null,
      active: 1,
      created_at: now - 400 * DAY_MS,
      updated_at: now - 30 * DAY_MS,
    });
  }
  const relationshipIds: number[] = [];
  spec.relationships.forEach((name, index) => {
    const id = ids.next('insurance_relationships');
    relationshipIds.push(id);
    sink.add('insurance_relationships', { id, client_id: clientId, name, sort_order: index });
  });

  // ── providers, their maps, hours and time off ──
  const plans: ProviderPlan[] = [];
  const providerIdsByLocation = new Map<number, number[]>();
  spec.providers.forEach((provider, index) => {
    const id = ids.next('providers');
    sink.add('providers', {
      id,
      client_id: clientId,
      prefix: provider.prefix,
      first_name: provider.firstName,
      middle_name: null,
      last_name: provider.lastName,
      credentials: provider.credentials,
      specialty: provider.specialty,
      gender: provider.gender,
      bio: provider.bio,
      photo_url: `/api/avatars/${id}.svg`,
      online_bookable: (provider.onlineBookable ?? true) ? 1 : 0,
      accepting_new_patients: (provider.acceptingNewPatients ?? true) ? 1 : 0,
      sort_order: index,
      version: 1,
      created_at: now - 300 * DAY_MS,
      updated_at: now - 30 * DAY_MS,
    });
    const locationSlugs = [...new Set(provider.hours.map((h) => h.location))];
    for (const slug of locationSlugs) {
      const location = locationOf(slug);
      sink.add('provider_locations', { client_id: clientId, provider_id: id, location_id: location.id });
      if (location.online && (provider.onlineBookable ?? true)) {
        const list = providerIdsByLocation.get(location.id) ?? [];
        list.push(id);
        providerIdsByLocation.set(location.id, list);
      }
    }
    const planned: PlannedService[] = [];
    for (const key of provider.services) {
      const service = services.get(key);
      if (service === undefined) throw new Error(`Unknown service ${key} for ${provider.lastName}`);
      const override = provider.durationOverrides?.[key];
      sink.add('provider_services', {
        client_id: clientId,
        provider_id: id,
        service_id: service.id,
        duration_minutes: override ?? null,
      });
      planned.push({
        serviceId: service.id,
        durationMinutes: override ?? service.spec.durationMinutes,
        newPatientsOnly: service.spec.existingPatients === false,
        weight: service.spec.weight,
      });
    }
    for (const planId of planIds) {
      if (random.chance(0.85))
        sink.add('provider_insurance_plans', { client_id: clientId, provider_id: id, plan_id: planId });
    }
    const blocks: HoursBlock[] = [];
    for (const hours of provider.hours) {
      const location = locationOf(hours.location);
      const today = localDayOf(now, location.timeZone);
      const effectiveFrom = hours.fromDay === undefined ? null : today + hours.fromDay;
      const effectiveTo = hours.toDay === undefined ? null : today + hours.toDay;
      for (const weekday of hours.weekdays) {
        const block: HoursBlock = {
          locationId: location.id,
          timeZone: location.timeZone,
          weekday,
          startMinute: minutesOf(hours.start),
          endMinute: minutesOf(hours.end),
          effectiveFrom,
          effectiveTo,
        };
        blocks.push(block);
        sink.add('working_hours', {
          client_id: clientId,
          provider_id: id,
          location_id: location.id,
          weekday,
          start_minute: block.startMinute,
          end_minute: block.endMinute,
          effective_from: effectiveFrom === null ? null : isoDateOf(effectiveFrom),
          effective_to: effectiveTo === null ? null : isoDateOf(effectiveTo),
        });
      }
    }
    const homeZone = locationOf(provider.hours[0]?.location ?? '').timeZone;
    const timeOff = (provider.timeOff ?? []).map((off) => {
      const day = localDayOf(now, homeZone) + off.startDay;
      const startAt = zonedToUtc(day, off.start === undefined ? 0 : minutesOf(off.start), homeZone);
      const endAt =
        off.end === undefined
          ? zonedToUtc(day + off.days, 0, homeZone)
          : zonedToUtc(day, minutesOf(off.end), homeZone);
      sink.add('time_off', {
        client_id: clientId,
        provider_id: id,
        location_id: null,
        start_at: startAt,
        end_at: endAt,
        reason: off.reason,
        created_at: Math.min(now, startAt) - 20 * DAY_MS,
      });
      return { startAt, endAt };
    });
    plans.push({ clientId, schedulerId, providerId: id, blocks, services: planned, timeOff });
  });
  await sink.flushIfFull();

  // ── patients and insurance policies ──
  const patientIds: number[] = [];
  const policyByPatient = new Map<number, number>();
  for (let i = 0; i < spec.patientCount; i++) {
    const id = ids.next('patients');
    patientIds.push(id);
    const person = fakePerson(random, now, id);
    const createdAt = now - random.int(1, 700) * DAY_MS;
    sink.add('patients', patientRow(id, clientId, person, createdAt, random));
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
  await sink.flushIfFull();
  log(`  ${spec.slug}: ${spec.providers.length} providers, ${patientIds.length} patients`);

  // ── appointments ──
  const staffUserIds = context.users.filter((u) => u.role !== 'viewer').map((u) => u.id);
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
  log(`  ${spec.slug}: ${appointments} appointments`);

  // ── waitlist, notes, feedback ──
  if (volume.extras) {
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
  await sink.flushIfFull();

  // ── analytics ──
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
  log(`  ${spec.slug}: ${events} analytics events`);

  return {
    clientId,
    schedulerId,
    locationSlugs: spec.locations.map((l) => l.slug),
    providers: plans.length,
    patients: patientIds.length,
    appointments,
    events,
  };
}
