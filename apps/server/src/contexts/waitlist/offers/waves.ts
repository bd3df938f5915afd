/*
 * Waitlist offer waves (issue 18). `timeFreed` runs INSIDE the transaction that frees the time: it
 * records the freed time and enqueues wave 1 on that transaction. A wave job (queue
 * `waitlist.offers.wave`) picks the next matching entries (FIFO, up to the wave size), makes their
 * offer rows and one send job each, and enqueues the next wave `waitlistWaveMinutes` later — all in
 * one transaction — until nobody is left or the cut-off (`waitlistOfferCutoffHours` before the time)
 * is reached. A send job (queue `waitlist.offers.send`) makes the claim token, stores its hash and
 * sends the message by the entry's channel (e-mail when it has an address, else SMS). Earlier
 * waves stay open until the cut-off: the first to claim wins.
 * A new working-hours block (reason 'hours-added', hours-added-freed.ts) is a window of many times:
 * each entry is offered its own earliest fitting time in it (wave-choice.ts), an offer expires at
 * its own start's cut-off, the block lasts until the cut-off of its end, and a claim fills only
 * its own time (claim-service.ts).
 */
import { formatInTimeZone } from '@scheduler/domain/dates';
import { formatWhen } from '@scheduler/domain/messages/format';
import { normalizeSmsText } from '@scheduler/domain/messages/sms';
import type { Db } from '../../../platform/db/database.ts';
import { inWriteTransaction } from '../../../platform/db/transaction.ts';
import { PermanentJobError } from '../../../platform/jobs/job-queue.ts';
import type { JobHandler, JobQueue } from '../../../platform/jobs/job-queue.ts';
import { PermanentDeliveryError } from '../../../platform/outbound/transports.ts';
import type { EmailTransport, SmsTransport } from '../../../platform/outbound/transports.ts';
import type { FreedTime, WaitlistOffers } from './time-freed.ts';
import { hashClaimToken, newClaimToken, nextWaveAtMs, offerCutoffMs } from './matching.ts';
import {
  closeOpenOffers,
  hasOverlap,
  selectCandidates,
  selectFreedTime,
  selectOfferFacts,
  selectOfferSettings,
} from './offer-repository.ts';
import type { OfferFacts } from './offer-repository.ts';
import { selectEarlierUnofferedBlocks } from './window-repository.ts';
import { chooseAtStart, chooseInWindow } from './wave-choice.ts';

export const WAVE_QUEUE = 'waitlist.offers.wave';
export const SEND_OFFER_QUEUE = 'waitlist.offers.send';

/** Entries looked at per wave beyond its size (some fail the JavaScript checks). */
const CANDIDATE_HEADROOM = 50;

export function createWaitlistOffers(jobs: JobQueue, now: () => Date = () => new Date()): WaitlistOffers {
  return {
    async timeFreed(trx, freed) {
      const atMs = now().getTime();
      let schedulerId: number | null = null;
      if (freed.appointmentId !== undefined) {
        const row = await trx
          .selectFrom('appointments')
          .select('scheduler_id')
          .where('id', '=', freed.appointmentId)
          .executeTakeFirst();
        schedulerId = row?.scheduler_id ?? null;
      }
      const scoped = await selectOfferSettings(trx, freed.clientId, schedulerId);
      if (!scoped.settings.on) return;
      // A new block can still be offered while its last start is before the cut-off.
      const lastStartMs = freed.reason === 'hours-added' ? freed.endUtcMs : freed.startUtcMs;
      if (atMs >= offerCutoffMs(lastStartMs, scoped.settings)) return;
      const inserted = await trx
        .insertInto('waitlist_freed_times')
        .values({
          client_id: freed.clientId,
          scheduler_id: scoped.schedulerId,
          location_id: freed.locationId,
          provider_id: freed.providerId,
          service_id: freed.appointmentTypeId ?? null,
          start_at: freed.startUtcMs,
          end_at: freed.endUtcMs,
          reason: freed.reason,
          appointment_id: freed.appointmentId ?? null,
          created_at: atMs,
          updated_at: atMs,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await jobs.enqueue(trx, [waveJob(inserted.id, 1, atMs)]);
    },
  };
}

function waveJob(freedTimeId: number, wave: number, runAtMs: number) {
  return {
    queue: WAVE_QUEUE,
    key: `freed-${freedTimeId}-wave-${wave}`,
    payload: { freedTimeId, wave },
    runAt: new Date(runAtMs),
  };
}

/** One wave of a freed time: offers to the next matching entries, and the next wave planned. */
export async function runWave(
  db: Db,
  jobs: JobQueue,
  freedTimeId: number,
  wave: number,
  nowMs: number,
): Promise<number[]> {
  return inWriteTransaction(db, async (trx) => {
    const freed = await selectFreedTime(trx, freedTimeId);
    if (freed === undefined || freed.status !== 'offering' || freed.wavesSent >= wave) return [];
    // Takes the wave (the row lock makes a concurrent run of the same wave find it taken).
    const taken = await trx
      .updateTable('waitlist_freed_times')
      .set({ waves_sent: wave, updated_at: nowMs })
      .where('id', '=', freed.id)
      .where('status', '=', 'offering')
      .where('waves_sent', '<', wave)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) return [];
    const { settings } = await selectOfferSettings(trx, freed.clientId, freed.schedulerId);
    // A new working-hours block is a window of many times: it lasts until its last start's cut-off.
    const long = freed.reason === 'hours-added';
    const cutoff = offerCutoffMs(long ? freed.endAt : freed.startAt, settings);
    const end = async (status: 'ended') => {
      await trx
        .updateTable('waitlist_freed_times')
        .set({ status, updated_at: nowMs })
        .where('id', '=', freed.id)
        .execute();
    };
    if (!settings.on || nowMs >= cutoff) {
      await end('ended');
      await closeOpenOffers(trx, freed.id, 'expired', nowMs);
      return [];
    }
    // Booked meanwhile (the booking page, staff): nothing left to offer.
    if (
      !long &&
      (await hasOverlap(trx, freed.clientId, { providerId: freed.providerId }, freed.startAt, freed.endAt))
    ) {
      await end('ended');
      await closeOpenOffers(trx, freed.id, 'gone', nowMs);
      return [];
    }
    const candidates = await selectCandidates(trx, freed, settings.waveSize + CANDIDATE_HEADROOM);
    const chosen = long
      ? await chooseInWindow(trx, freed, candidates, settings, nowMs)
      : await chooseAtStart(trx, freed, candidates, settings.waveSize);
    const offerIds: number[] = [];
    for (const { candidate, startAt, endAt, moveId } of chosen) {
      const row = await trx
        .insertInto('waitlist_offers')
        .values({
          client_id: freed.clientId,
          freed_time_id: freed.id,
          waitlist_entry_id: candidate.entryId,
          wave,
          channel: candidate.channel,
          service_id: candidate.serviceId,
          start_at: startAt,
          end_at: endAt,
          token_hash: null,
          move_appointment_id: moveId,
          sent_at: null,
          outcome_at: null,
          expires_at: offerCutoffMs(startAt, settings),
          appointment_id: null,
          claim_key: null,
          days_gained: null,
          created_at: nowMs,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      offerIds.push(row.id);
    }
    await trx
      .updateTable('waitlist_freed_times')
      .set({ waves_sent: wave, updated_at: nowMs })
      .where('id', '=', freed.id)
      .execute();
    const next = nextWaveAtMs(nowMs, cutoff, settings);
    await jobs.enqueue(trx, [
      ...offerIds.map((offerId) => ({
        queue: SEND_OFFER_QUEUE,
        key: `offer-${offerId}`,
        payload: { offerId },
        runAt: new Date(nowMs),
      })),
      // More may be waiting (this wave was full): the next wave, unless past the cut-off.
      ...(next !== null && chosen.length >= settings.waveSize ? [waveJob(freed.id, wave + 1, next)] : []),
    ]);
    return offerIds;
  });
}

export interface OfferMessage {
  subject: string;
  text: string;
  html: string;
  sms: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Issue 21: the offer in Spanish (Intl 'es-US' dates and times, the zone named), formal "usted". */
function spanishOfferMessage(facts: OfferFacts, link: string): OfferMessage {
  const zone = facts.location.timeZone;
  const start = formatWhen(facts.startAt, zone, 'es');
  const dayMonth = (at: number) =>
    new Intl.DateTimeFormat('es-US', { timeZone: zone, day: 'numeric', month: 'long' }).format(at);
  const end = formatWhen(facts.expiresAt, zone, 'es');
  const when = `${start.date}, ${start.time} ${start.zoneAbbreviation} (${zone})`;
  const until = `el ${dayMonth(facts.expiresAt)}, ${end.time} ${end.zoneAbbreviation} (${zone})`;
  const move =
    facts.moveFromStartAt === null
      ? ''
      : ` Si lo reserva, su cita del ${dayMonth(facts.moveFromStartAt)} pasará a este horario.`;
  const lines = [
    `Hola, ${facts.firstName}:`,
    '',
    `Se liberó un horario más pronto en ${facts.clientName}: ${facts.service.name} con ${facts.provider.name} en ${facts.location.name}, el ${when}.${move}`,
    `La primera persona que lo reserve se queda con él. Resérvelo aquí: ${link}`,
    `Esta oferta vence ${until}. ¿Tiene preguntas? Llame al ${facts.location.phone || facts.clientPhone}.`,
  ];
  return {
    subject: `Hay un horario disponible: ${facts.service.name}, ${dayMonth(facts.startAt)}`,
    text: lines.join('\n'),
    html: lines
      .map((line) =>
        line === ''
          ? ''
          : `<p>${escapeHtml(line).replace(escapeHtml(link), `<a href="${escapeHtml(link)}">Reservar este horario</a>`)}</p>`,
      )
      .join('\n'),
    // GSM-7 (á sent as a): the same room as the English SMS.
    sms: normalizeSmsText(
      `${facts.clientName}: ${facts.service.name}, ${when}, está disponible. La primera persona que lo reserve se queda con él: ${link}`,
    ),
  };
}

/** The offer message (e-mail and SMS): the time with its zone, the claim link, the cut-off. */
export function offerMessage(facts: OfferFacts, link: string): OfferMessage {
  if (facts.language === 'es') return spanishOfferMessage(facts, link);
  const zone = facts.location.timeZone;
  const when = `${formatInTimeZone(facts.startAt, zone, 'MMMM D, YYYY')} at ${formatInTimeZone(facts.startAt, zone, 'h:mm A')} (${zone})`;
  const until = `${formatInTimeZone(facts.expiresAt, zone, 'MMMM D, h:mm A')} (${zone})`;
  const move =
    facts.moveFromStartAt === null
      ? ''
      : ` Claiming it moves your appointment of ${formatInTimeZone(facts.moveFromStartAt, zone, 'MMMM D')} to this time.`;
  const lines = [
    `Hello ${facts.firstName},`,
    '',
    `An earlier time is free at ${facts.clientName}: ${facts.service.name} with ${facts.provider.name} at ${facts.location.name} on ${when}.${move}`,
    `The first person to claim it gets it. Claim it here: ${link}`,
    `This offer ends ${until}. Questions? Call ${facts.location.phone || facts.clientPhone}.`,
  ];
  return {
    subject: `A time is free: ${facts.service.name} on ${formatInTimeZone(facts.startAt, zone, 'MMMM D')}`,
    text: lines.join('\n'),
    html: lines
      .map((line) =>
        line === ''
          ? ''
          : `<p>${escapeHtml(line).replace(escapeHtml(link), `<a href="${escapeHtml(link)}">Claim this time</a>`)}</p>`,
      )
      .join('\n'),
    sms: `${facts.clientName}: ${facts.service.name} ${when} is free. First to claim gets it: ${link}`,
  };
}

export interface SendOfferDeps {
  db: Db;
  now: () => Date;
  email: EmailTransport;
  sms: SmsTransport;
  publicUrl: string;
}

/**
 * Sends one offer: a fresh token (its hash replaces any earlier one, so a link from a failed try
 * never works), then the message. The token lives only in this function and the message.
 */
export async function sendOffer(deps: SendOfferDeps, offerId: number): Promise<'sent' | 'skipped'> {
  const facts = await selectOfferFacts(deps.db, { offerId });
  const nowMs = deps.now().getTime();
  if (facts === undefined || facts.status !== 'sent' || facts.freedStatus !== 'offering') return 'skipped';
  if (nowMs >= facts.expiresAt) return 'skipped';
  const token = newClaimToken();
  const updated = await deps.db
    .updateTable('waitlist_offers')
    .set({ token_hash: hashClaimToken(token), sent_at: nowMs })
    .where('id', '=', offerId)
    .where('status', '=', 'sent')
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return 'skipped';
  // Issue 21: a Spanish entry's claim link opens the claim page in Spanish.
  const link = `${deps.publicUrl}/${facts.clientSlug}/${facts.schedulerSlug}/claim/${token}${facts.language === 'es' ? '?lang=es' : ''}`;
  const message = offerMessage(facts, link);
  try {
    if (facts.channel === 'email' && facts.email !== null) {
      if (deps.email.configured)
        await deps.email.send({
          to: facts.email,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
    } else if (facts.phone !== null) {
      if (deps.sms.configured) await deps.sms.send({ to: facts.phone, body: message.sms });
    }
  } catch (error) {
    // Never the message text or the link in an error that may reach a log.
    if (error instanceof PermanentDeliveryError)
      throw new PermanentJobError(`offer ${offerId}: delivery refused`);
    throw new Error(`offer ${offerId}: delivery failed`);
  }
  return 'sent';
}

/** The queue handlers of the offers (registered by the plugin). */
export function waveHandler(db: Db, jobs: JobQueue, now: () => Date): JobHandler {
  return async (job) => {
    const freedTimeId = Number(job.payload.freedTimeId);
    const wave = Number(job.payload.wave);
    const nowMs = now().getTime();
    // New hours: the earlier windows' first waves go first (each entry gets its earliest time).
    if (wave === 1)
      for (const earlier of await selectEarlierUnofferedBlocks(db, freedTimeId))
        await runWave(db, jobs, earlier, 1, nowMs);
    await runWave(db, jobs, freedTimeId, wave, nowMs);
  };
}

export function sendHandler(deps: SendOfferDeps): JobHandler {
  return async (job) => {
    await sendOffer(deps, Number(job.payload.offerId));
  };
}

export type { FreedTime };
