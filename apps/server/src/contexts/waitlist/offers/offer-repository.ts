/*
 * The SQL of waitlist offers (issue 18): the scheduler's offer settings, freed times, matching entries,
 * offer rows, and what the claim page and the offer message show. Every function takes the handle to use.
 */
import { resolveSettings } from '@scheduler/domain/settings';
import { providerDisplayName } from '@scheduler/domain/providers';
import { activeAppointmentStatuses } from '../../../platform/db/schema.ts';
import type { Db } from '../../../platform/db/database.ts';
import type { WaitlistOfferStatus } from '../../../platform/db/schema.ts';
import { OPEN_WAITLIST_STATUSES } from '../staff/staff-booking-repository.ts';
import { isFreedTimeBookable } from './freed-time-bookable-repository.ts';
import type { WaveSettings } from './matching.ts';
import type { FreedTimeReason } from './time-freed.ts';

export interface OfferSettings extends WaveSettings {
  on: boolean;
}

/** The offer settings of a scheduler (or, without one, of the brand's first scheduler). */
export async function selectOfferSettings(
  db: Db,
  clientId: number,
  schedulerId: number | null,
): Promise<{ schedulerId: number | null; settings: OfferSettings }> {
  const scheduler =
    schedulerId ??
    (
      await db
        .selectFrom('schedulers')
        .select('id')
        .where('client_id', '=', clientId)
        .orderBy('id')
        .limit(1)
        .executeTakeFirst()
    )?.id ??
    null;
  const rows =
    scheduler === null
      ? []
      : await db
          .selectFrom('scheduler_settings')
          .select(['setting_group as group', 'setting_order as order', 'value'])
          .where('client_id', '=', clientId)
          .where('scheduler_id', '=', scheduler)
          .execute();
  const settings = resolveSettings(rows);
  return {
    schedulerId: scheduler,
    settings: {
      on: settings.waitlistOffersOn,
      waveSize: settings.waitlistWaveSize,
      waveMinutes: settings.waitlistWaveMinutes,
      cutoffHours: settings.waitlistOfferCutoffHours,
    },
  };
}

export interface FreedTimeRow {
  id: number;
  clientId: number;
  schedulerId: number | null;
  locationId: number;
  providerId: number;
  serviceId: number | null;
  startAt: number;
  endAt: number;
  status: 'offering' | 'filled' | 'ended';
  wavesSent: number;
  timeZone: string;
  reason: FreedTimeReason;
}

export async function selectFreedTime(db: Db, freedTimeId: number): Promise<FreedTimeRow | undefined> {
  const row = await db
    .selectFrom('waitlist_freed_times as f')
    .innerJoin('locations as l', 'l.id', 'f.location_id')
    .select([
      'f.id',
      'f.client_id',
      'f.scheduler_id',
      'f.location_id',
      'f.provider_id',
      'f.service_id',
      'f.start_at',
      'f.end_at',
      'f.status',
      'f.waves_sent',
      'l.time_zone',
      'f.reason',
    ])
    .where('f.id', '=', freedTimeId)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      clientId: row.client_id,
      schedulerId: row.scheduler_id,
      locationId: row.location_id,
      providerId: row.provider_id,
      serviceId: row.service_id,
      startAt: Number(row.start_at),
      endAt: Number(row.end_at),
      status: row.status,
      wavesSent: row.waves_sent,
      timeZone: row.time_zone,
      reason: row.reason,
    }
  );
}

/** A waiting entry that may be offered a freed time (before the JavaScript checks). */
export interface CandidateEntry {
  entryId: number;
  patientId: number | null;
  serviceId: number;
  durationMinutes: number;
  preferredTimes: string | null;
  channel: 'email' | 'sms';
}

/**
 * Open entries of the brand for the freed time's location (or any location), provider (or any
 * provider), service (the freed one; for new hours any the provider offers), with a date of birth
 * (a claim matches or creates the patient by name and date of birth) and an address to write to,
 * not offered this time yet; oldest first (FIFO).
 */
export async function selectCandidates(
  db: Db,
  freed: FreedTimeRow,
  limit: number,
): Promise<CandidateEntry[]> {
  // Issue 19: a retired provider's time, or a time on a closed day, is offered to nobody.
  if (!(await isFreedTimeBookable(db, freed))) return [];
  let query = db
    .selectFrom('waitlist_entries as w')
    .innerJoin('services as s', 's.id', 'w.service_id')
    .innerJoin('provider_services as ps', (join) =>
      join
        .onRef('ps.service_id', '=', 'w.service_id')
        .on('ps.provider_id', '=', freed.providerId)
        .on('ps.client_id', '=', freed.clientId),
    )
    .select([
      'w.id',
      'w.patient_id',
      'w.service_id',
      'w.preferred_times',
      'w.email',
      'w.phone',
      's.duration_minutes',
      'ps.duration_minutes as provider_duration',
    ])
    .where('w.client_id', '=', freed.clientId)
    .where('w.status', 'in', [...OPEN_WAITLIST_STATUSES])
    .where('w.date_of_birth', 'is not', null)
    .where((eb) => eb.or([eb('w.email', 'is not', null), eb('w.phone', 'is not', null)]))
    .where((eb) => eb.or([eb('w.location_id', 'is', null), eb('w.location_id', '=', freed.locationId)]))
    .where((eb) => eb.or([eb('w.provider_id', 'is', null), eb('w.provider_id', '=', freed.providerId)]))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('waitlist_offers as o')
            .select('o.id')
            .where('o.freed_time_id', '=', freed.id)
            .whereRef('o.waitlist_entry_id', '=', 'w.id'),
        ),
      ),
    );
  if (freed.serviceId !== null) query = query.where('w.service_id', '=', freed.serviceId);
  const rows = await query.orderBy('w.created_at').orderBy('w.id').limit(limit).execute();
  return rows.map((row) => ({
    entryId: row.id,
    patientId: row.patient_id,
    serviceId: row.service_id as number,
    durationMinutes: row.provider_duration ?? row.duration_minutes,
    preferredTimes: row.preferred_times,
    channel: row.email !== null && row.email.trim() !== '' ? 'email' : 'sms',
  }));
}

/** Whether an active appointment of the provider (or of the patient) overlaps [start, end). */
export async function hasOverlap(
  db: Db,
  clientId: number,
  who: { providerId: number } | { patientId: number },
  startAt: number,
  endAt: number,
): Promise<boolean> {
  let query = db
    .selectFrom('appointments')
    .select('id')
    .where('client_id', '=', clientId)
    .where('status', 'in', [...activeAppointmentStatuses])
    .where('start_at', '<', endAt)
    .where('end_at', '>', startAt);
  query =
    'providerId' in who
      ? query.where('provider_id', '=', who.providerId)
      : query.where('patient_id', '=', who.patientId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

/** The patient's soonest active appointment of the service starting after `afterMs` (a move candidate). */
export async function selectLaterAppointment(
  db: Db,
  clientId: number,
  patientId: number,
  serviceId: number,
  afterMs: number,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('appointments')
    .select('id')
    .where('client_id', '=', clientId)
    .where('patient_id', '=', patientId)
    .where('service_id', '=', serviceId)
    .where('status', 'in', ['pending', 'booked'])
    .where('start_at', '>', afterMs)
    .orderBy('start_at')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

/** Marks the still-open offers of a freed time with an outcome (gone or expired). */
export async function closeOpenOffers(
  db: Db,
  freedTimeId: number,
  status: Extract<WaitlistOfferStatus, 'gone' | 'expired'>,
  nowMs: number,
  exceptOfferId?: number,
): Promise<void> {
  let query = db
    .updateTable('waitlist_offers')
    .set({ status, outcome_at: nowMs })
    .where('freed_time_id', '=', freedTimeId)
    .where('status', '=', 'sent');
  if (exceptOfferId !== undefined) query = query.where('id', '!=', exceptOfferId);
  await query.execute();
}

/** Everything the offer message and the claim page show of one offer; `language`: the entry's (issue 21). */
export interface OfferFacts {
  offerId: number;
  clientId: number;
  freedTimeId: number;
  freedStatus: 'offering' | 'filled' | 'ended';
  freedReason: FreedTimeReason;
  waitlistEntryId: number;
  status: WaitlistOfferStatus;
  channel: 'email' | 'sms';
  startAt: number;
  endAt: number;
  expiresAt: number;
  sentAt: number | null;
  appointmentId: number | null;
  claimKey: string | null;
  moveAppointmentId: number | null;
  moveFromStartAt: number | null;
  firstName: string;
  email: string | null;
  phone: string | null;
  language: 'en' | 'es';
  clientSlug: string;
  clientName: string;
  clientPhone: string;
  schedulerSlug: string;
  service: { id: number; name: string };
  provider: { id: number; name: string };
  location: {
    id: number;
    name: string;
    timeZone: string;
    phone: string;
    address: string;
  };
}

/**
 * Offers (`o`) with the freed time (`f`) they offer and its service (`s`), provider (`p`) and
 * location (`l`): what both the offer's facts (below) and staff's list (staff-offers.ts) read.
 */
export function selectOffersWithTimes(db: Db) {
  return db
    .selectFrom('waitlist_offers as o')
    .innerJoin('waitlist_freed_times as f', 'f.id', 'o.freed_time_id')
    .innerJoin('services as s', 's.id', 'o.service_id')
    .innerJoin('providers as p', 'p.id', 'f.provider_id')
    .innerJoin('locations as l', 'l.id', 'f.location_id');
}

/** One offer with its facts, by id or by token hash (system scope: the token names the brand). */
export async function selectOfferFacts(
  db: Db,
  by: { offerId: number } | { tokenHash: string },
): Promise<OfferFacts | undefined> {
  let query = selectOffersWithTimes(db)
    .innerJoin('waitlist_entries as w', 'w.id', 'o.waitlist_entry_id')
    .innerJoin('clients as c', 'c.id', 'o.client_id')
    .leftJoin('appointments as m', 'm.id', 'o.move_appointment_id')
    .select([
      'o.id',
      'o.client_id',
      'o.freed_time_id',
      'f.status as freed_status',
      'f.reason as freed_reason',
      'o.waitlist_entry_id',
      'o.status',
      'o.channel',
      'o.start_at',
      'o.end_at',
      'o.expires_at',
      'o.sent_at',
      'o.appointment_id',
      'o.claim_key',
      'o.move_appointment_id',
      'm.start_at as move_start_at',
      'w.first_name',
      'w.email',
      'w.phone',
      'w.language',
      'c.slug as client_slug',
      'c.name as client_name',
      'c.phone as client_phone',
      'w.scheduler_id as entry_scheduler_id',
      'f.scheduler_id as freed_scheduler_id',
      's.id as service_id',
      's.name as service_name',
      'p.id as provider_id',
      'p.prefix',
      'p.first_name as provider_first_name',
      'p.last_name as provider_last_name',
      'l.id as location_id',
      'l.name as location_name',
      'l.time_zone',
      'l.phone as location_phone',
      'l.address_line1',
      'l.city',
      'l.state',
      'l.postal_code',
    ]);
  query =
    'offerId' in by ? query.where('o.id', '=', by.offerId) : query.where('o.token_hash', '=', by.tokenHash);
  const row = await query.executeTakeFirst();
  if (row === undefined) return undefined;
  // The claim link names the entry's scheduler (else the freed time's, else the brand's first).
  const schedulerId = row.entry_scheduler_id ?? row.freed_scheduler_id;
  let schedulerQuery = db.selectFrom('schedulers').select('slug').where('client_id', '=', row.client_id);
  schedulerQuery =
    schedulerId === null
      ? schedulerQuery.orderBy('id').limit(1)
      : schedulerQuery.where('id', '=', schedulerId);
  const scheduler = await schedulerQuery.executeTakeFirst();
  if (scheduler === undefined) return undefined;
  return {
    offerId: row.id,
    clientId: row.client_id,
    freedTimeId: row.freed_time_id,
    freedStatus: row.freed_status,
    freedReason: row.freed_reason,
    waitlistEntryId: row.waitlist_entry_id,
    status: row.status,
    channel: row.channel,
    startAt: Number(row.start_at),
    endAt: Number(row.end_at),
    expiresAt: Number(row.expires_at),
    sentAt: row.sent_at === null ? null : Number(row.sent_at),
    appointmentId: row.appointment_id,
    claimKey: row.claim_key,
    moveAppointmentId: row.move_appointment_id,
    moveFromStartAt: row.move_start_at === null ? null : Number(row.move_start_at),
    firstName: row.first_name,
    email: row.email,
    phone: row.phone,
    language: row.language === 'es' ? 'es' : 'en',
    clientSlug: row.client_slug,
    clientName: row.client_name,
    clientPhone: row.client_phone,
    schedulerSlug: scheduler.slug,
    service: { id: row.service_id, name: row.service_name },
    provider: {
      id: row.provider_id,
      name: providerDisplayName({
        prefix: row.prefix,
        firstName: row.provider_first_name,
        lastName: row.provider_last_name,
      }),
    },
    location: {
      id: row.location_id,
      name: row.location_name,
      timeZone: row.time_zone,
      phone: row.location_phone,
      address: [row.address_line1, row.city, [row.state, row.postal_code].filter(Boolean).join(' ')]
        .filter((part) => part !== '')
        .join(', '),
    },
  };
}
