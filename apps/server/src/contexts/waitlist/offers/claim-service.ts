/*
 * The claim of a waitlist offer (issue 18): GET shows the offer and changes nothing; POST books
 * the time with the staff booking's code path (`resolveTarget` + `bookInTransaction` in the
 * booking module's write transaction): the slot re-check and the database's slot-unit key let
 * exactly one of any number of concurrent claims book it. In the same transaction the offer
 * becomes `claimed` (single use), the freed time `filled`, the other open offers `gone`, the
 * entry `booked` (it leaves the waitlist); a claim that moves the patient's later appointment
 * cancels that one (no notice: the new booking's confirmation says it) and frees its time in turn.
 * A new working-hours block is the exception: its offers hold different times, so a claim marks
 * only its offer claimed and the block keeps offering the rest.
 * Every other claimer gets 409 with the next times of the same service.
 */
import { formatInTimeZone } from '@scheduler/domain/dates';
import { DomainError } from '@scheduler/domain/errors';
import { confirmationNumberOf } from '@scheduler/domain/messages/format';
import {
  WAITLIST_OFFER_EXPIRED_MESSAGE,
  WAITLIST_OFFER_GONE_MESSAGE,
  WAITLIST_OFFER_NOT_FOUND_MESSAGE,
  WAITLIST_OFFER_USED_MESSAGE,
} from '@scheduler/contract/waitlist-offers';
import type {
  NextTime,
  WaitlistClaimGone,
  WaitlistClaimResponse,
  WaitlistOfferView,
} from '@scheduler/contract/waitlist-offers';
import type { BookFromWaitListRequest } from '@scheduler/contract/waitlist';
import type { Db } from '../../../platform/db/database.ts';
import { isSlotUnitConflict } from '../../../platform/db/slot-units.ts';
import { setTenant } from '../../../platform/db/tenant-context.ts';
import type { AvailabilityService } from '../../scheduling/index.ts';
import type { AppointmentMessages } from '../../messages/index.ts';
import { createStaffBookingRepository } from '../staff/staff-booking-repository.ts';
import { Replay, bookInTransaction, resolveTarget } from '../staff/staff-booking-steps.ts';
import { closeOpenOffers, selectOfferFacts } from './offer-repository.ts';
import type { OfferFacts } from './offer-repository.ts';
import { daysGained, hashClaimToken } from './matching.ts';
import type { WaitlistOffers } from './time-freed.ts';

/** The channel of an appointment booked by claiming a waitlist offer (reports). */
export const WAITLIST_OFFER_CHANNEL = 'waitlist-offer';
const NEXT_TIMES = 6;

export type ClaimOutcome =
  | { kind: 'booked'; replayed: boolean; response: WaitlistClaimResponse }
  | { kind: 'gone'; body: WaitlistClaimGone };

export interface ClaimService {
  view(token: string): Promise<WaitlistOfferView>;
  claim(token: string, idempotencyKey: string, ip: string | null): Promise<ClaimOutcome>;
}

export interface ClaimServiceDeps {
  db: Db;
  now: () => Date;
  availability: AvailabilityService;
  messages?: AppointmentMessages | undefined;
  /** The cascade: a moved appointment frees its time in turn. */
  offers: WaitlistOffers;
}

const notFound = () => new DomainError('NOT_FOUND', WAITLIST_OFFER_NOT_FOUND_MESSAGE);

function local(startMs: number, zone: string) {
  return {
    dateLocal: formatInTimeZone(startMs, zone, 'YYYY-MM-DD'),
    timeLocal: formatInTimeZone(startMs, zone, 'HH:mm'),
  };
}

/** The next bookable times of the same service, this location first (best effort: [] on any refusal). */
async function nextTimes(availability: AvailabilityService, facts: OfferFacts): Promise<NextTime[]> {
  try {
    const answer = await availability.searchSlots({
      clientName: facts.clientSlug,
      scheduler: facts.schedulerSlug,
      appointmentTypeId: String(facts.service.id),
      locationId: String(facts.location.id),
    });
    const times = answer.providers.flatMap((provider) =>
      provider.slots.map((slot) => ({
        startUtc: slot.startUtc,
        dateLocal: slot.dateLocal,
        timeLocal: slot.timeLocal,
        timeZone: facts.location.timeZone,
        providerId: provider.providerId,
        providerName: provider.name,
        locationId: slot.locationId,
        locationName: facts.location.name,
      })),
    );
    return times.sort((a, b) => a.startUtc.localeCompare(b.startUtc)).slice(0, NEXT_TIMES);
  } catch {
    return [];
  }
}

function statusOf(facts: OfferFacts, nowMs: number): WaitlistOfferView['status'] {
  if (facts.status === 'claimed') return 'claimed';
  if (facts.status === 'gone' || facts.freedStatus === 'filled') return 'gone';
  if (facts.status === 'expired' || nowMs >= facts.expiresAt || facts.freedStatus === 'ended')
    return 'expired';
  return 'open';
}

async function gone(
  availability: AvailabilityService,
  facts: OfferFacts,
  code: WaitlistClaimGone['error']['code'],
  message: string,
): Promise<ClaimOutcome> {
  return {
    kind: 'gone',
    body: { error: { code, message, details: { nextTimes: await nextTimes(availability, facts) } } },
  };
}

function responseOf(
  facts: OfferFacts,
  appointmentId: number,
  startAt: number,
  endAt: number,
): WaitlistClaimResponse {
  const zone = facts.location.timeZone;
  return {
    outcome: facts.moveAppointmentId === null ? 'booked' : 'moved',
    appointmentId: String(appointmentId),
    confirmationNumber: confirmationNumberOf(appointmentId),
    startUtc: new Date(startAt).toISOString(),
    endUtc: new Date(endAt).toISOString(),
    ...local(startAt, zone),
    timeZone: zone,
    service: { appointmentTypeId: String(facts.service.id), name: facts.service.name },
    provider: { providerId: String(facts.provider.id), name: facts.provider.name },
    location: { locationId: String(facts.location.id), name: facts.location.name },
    movedFromStartUtc: facts.moveFromStartAt === null ? null : new Date(facts.moveFromStartAt).toISOString(),
  };
}

/** Cancels the moved appointment (no notice) and frees its time, inside the claim's transaction. */
async function moveAway(deps: ClaimServiceDeps, trx: Db, facts: OfferFacts, nowMs: number): Promise<void> {
  if (facts.moveAppointmentId === null) return;
  const old = await trx
    .selectFrom('appointments')
    .select(['id', 'status', 'version', 'provider_id', 'location_id', 'service_id', 'start_at', 'end_at'])
    .where('client_id', '=', facts.clientId)
    .where('id', '=', facts.moveAppointmentId)
    .executeTakeFirst();
  if (old === undefined || (old.status !== 'booked' && old.status !== 'pending')) return;
  await trx
    .updateTable('appointments')
    .set({
      status: 'cancelled',
      version: old.version + 1,
      cancel_reason: 'Moved to an earlier time (waitlist offer)',
      updated_at: nowMs,
    })
    .where('id', '=', old.id)
    .execute();
  await trx
    .insertInto('appointment_status_history')
    .values({
      client_id: facts.clientId,
      appointment_id: old.id,
      from_status: old.status,
      to_status: 'cancelled',
      reason: 'Moved to an earlier time (waitlist offer)',
      changed_by_user_id: null,
      created_at: nowMs,
    })
    .execute();
  await trx.deleteFrom('appointment_slot_units').where('appointment_id', '=', old.id).execute();
  await deps.messages?.plan(trx, { appointmentId: old.id, event: 'cancelled', at: nowMs, notify: false });
  await deps.offers.timeFreed(trx, {
    clientId: facts.clientId,
    locationId: old.location_id,
    appointmentTypeId: old.service_id,
    providerId: old.provider_id,
    startUtcMs: Number(old.start_at),
    endUtcMs: Number(old.end_at),
    reason: 'rescheduled',
    appointmentId: old.id,
  });
}

/** Days gained without a moved appointment: against the first time the booking page offers now. */
async function recordBaseline(
  { db, availability }: ClaimServiceDeps,
  facts: OfferFacts,
  appointmentId: number,
  startAt: number,
): Promise<void> {
  const [first] = await nextTimes(availability, facts);
  const gained = daysGained(startAt, first === undefined ? null : Date.parse(first.startUtc));
  if (gained === null) return;
  await db
    .updateTable('waitlist_offers')
    .set({ days_gained: gained })
    .where('id', '=', facts.offerId)
    .where('appointment_id', '=', appointmentId)
    .execute();
}

/** The claim's own rows, in its transaction: offer claimed (single use), freed time filled, others gone, the move. */
async function markClaimed(
  deps: ClaimServiceDeps,
  trx: Db,
  facts: OfferFacts,
  appointmentId: number,
  idempotencyKey: string,
  nowMs: number,
): Promise<void> {
  const claimed = await trx
    .updateTable('waitlist_offers')
    .set({
      status: 'claimed',
      outcome_at: nowMs,
      appointment_id: appointmentId,
      claim_key: idempotencyKey,
      days_gained: daysGained(facts.startAt, facts.moveFromStartAt),
    })
    .where('id', '=', facts.offerId)
    .where('status', '=', 'sent')
    .executeTakeFirst();
  // A new working-hours block holds many times, one per offer: a claim fills its own (the
  // slot-unit key settles a race for it) and the block's other offers stay open.
  if (facts.freedReason === 'hours-added') {
    if (Number(claimed.numUpdatedRows) !== 1)
      throw new DomainError('SLOT_TAKEN', WAITLIST_OFFER_GONE_MESSAGE);
    await moveAway(deps, trx, facts, nowMs);
    return;
  }
  const filled = await trx
    .updateTable('waitlist_freed_times')
    .set({
      status: 'filled',
      filled_appointment_id: appointmentId,
      updated_at: nowMs,
    })
    .where('id', '=', facts.freedTimeId)
    .where('status', '=', 'offering')
    .executeTakeFirst();
  // Another claim of the same freed time (or of this link) won: undo this booking.
  if (Number(claimed.numUpdatedRows) !== 1 || Number(filled.numUpdatedRows) !== 1)
    throw new DomainError('SLOT_TAKEN', WAITLIST_OFFER_GONE_MESSAGE);
  await closeOpenOffers(trx, facts.freedTimeId, 'gone', nowMs, facts.offerId);
  await moveAway(deps, trx, facts, nowMs);
}

export function createClaimService(deps: ClaimServiceDeps): ClaimService {
  const { db, now, availability } = deps;
  const staffRepository = createStaffBookingRepository(db, () => now().getTime(), deps.messages);

  /** The offer of a token, and the request moved onto its brand (row-level security). */
  async function offerOf(token: string): Promise<OfferFacts> {
    const facts = await selectOfferFacts(db, { tokenHash: hashClaimToken(token) });
    if (facts === undefined) throw notFound();
    setTenant({ scope: 'tenant', clientId: facts.clientId });
    return facts;
  }

  return {
    async view(token) {
      const facts = await offerOf(token);
      const nowMs = now().getTime();
      const status = statusOf(facts, nowMs);
      const zone = facts.location.timeZone;
      return {
        status,
        clientSlug: facts.clientSlug,
        schedulerSlug: facts.schedulerSlug,
        firstName: facts.firstName,
        startUtc: new Date(facts.startAt).toISOString(),
        endUtc: new Date(facts.endAt).toISOString(),
        ...local(facts.startAt, zone),
        timeZone: zone,
        service: { appointmentTypeId: String(facts.service.id), name: facts.service.name },
        provider: { providerId: String(facts.provider.id), name: facts.provider.name },
        location: {
          locationId: String(facts.location.id),
          name: facts.location.name,
          address: facts.location.address === '' ? null : facts.location.address,
          phone:
            (facts.location.phone || facts.clientPhone) === ''
              ? null
              : facts.location.phone || facts.clientPhone,
        },
        expiresAtUtc: new Date(facts.expiresAt).toISOString(),
        move:
          facts.moveFromStartAt === null
            ? null
            : {
                fromStartUtc: new Date(facts.moveFromStartAt).toISOString(),
                ...(({ dateLocal, timeLocal }) => ({ fromDateLocal: dateLocal, fromTimeLocal: timeLocal }))(
                  local(facts.moveFromStartAt, zone),
                ),
              },
        nextTimes: status === 'open' || status === 'claimed' ? [] : await nextTimes(availability, facts),
      };
    },

    async claim(token, idempotencyKey, ip) {
      const facts = await offerOf(token);
      const at = now();
      const nowMs = at.getTime();
      if (facts.status === 'claimed') {
        if (facts.claimKey === idempotencyKey && facts.appointmentId !== null)
          return {
            kind: 'booked',
            replayed: true,
            response: responseOf(facts, facts.appointmentId, facts.startAt, facts.endAt),
          };
        return gone(availability, facts, 'OFFER_USED', WAITLIST_OFFER_USED_MESSAGE);
      }
      const status = statusOf(facts, nowMs);
      if (status === 'gone') return gone(availability, facts, 'SLOT_TAKEN', WAITLIST_OFFER_GONE_MESSAGE);
      if (status !== 'open')
        return gone(availability, facts, 'OFFER_EXPIRED', WAITLIST_OFFER_EXPIRED_MESSAGE);

      const entry = await staffRepository.findEntry(facts.clientId, facts.waitlistEntryId);
      if (entry === undefined) throw notFound();
      const request: BookFromWaitListRequest = {
        waitlistEntryId: entry.id,
        providerId: facts.provider.id,
        locationId: facts.location.id,
        appointmentTypeId: facts.service.id,
        startUtc: new Date(facts.startAt).toISOString(),
        smsPermission: facts.channel === 'sms',
        emailPermission: facts.channel === 'email',
        notes: undefined,
        dateOfBirth: undefined,
        idempotencyKey,
      };
      let target;
      try {
        target = await resolveTarget(staffRepository, facts.clientId, request, entry, at);
      } catch (error) {
        // The entry left the waitlist, the time passed, the service moved: the offer is over.
        if (error instanceof DomainError)
          return gone(availability, facts, 'OFFER_EXPIRED', WAITLIST_OFFER_EXPIRED_MESSAGE);
        throw error;
      }
      const actor = { userId: null, clientId: facts.clientId, ip };
      try {
        const booked = await staffRepository.inWriteTransaction(async (tx) => {
          const outcome = await bookInTransaction(tx, actor, request, entry, target, at, {
            channel: WAITLIST_OFFER_CHANNEL,
            auditAction: 'waitlist.offer.claim',
          });
          if (outcome instanceof Replay) throw new DomainError('SLOT_TAKEN', WAITLIST_OFFER_GONE_MESSAGE);
          await markClaimed(deps, tx.trx, facts, outcome.booked.appointmentId, idempotencyKey, nowMs);
          return outcome.booked;
        });
        if (facts.moveFromStartAt === null)
          await recordBaseline(deps, facts, booked.appointmentId, booked.startAt);
        return {
          kind: 'booked',
          replayed: false,
          response: responseOf(facts, booked.appointmentId, booked.startAt, booked.endAt),
        };
      } catch (error) {
        if (isSlotUnitConflict(error) || (error instanceof DomainError && error.code === 'SLOT_TAKEN'))
          return gone(availability, facts, 'SLOT_TAKEN', WAITLIST_OFFER_GONE_MESSAGE);
        throw error;
      }
    },
  };
}
