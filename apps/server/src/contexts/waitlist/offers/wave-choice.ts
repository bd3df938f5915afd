/*
 * Who is offered what in one wave (issue 18). A freed appointment's time: every chosen entry is
 * offered its start. A new working-hours block (longer than one appointment): each chosen entry
 * is offered its own earliest fitting time in it.
 */
import { resolveSlotStepMinutes } from '../../scheduling/index.ts';
import type { Db } from '../../../platform/db/database.ts';
import { earliestFittingStart, preferredTimesAllow } from './matching.ts';
import type { WaveSettings } from './matching.ts';
import { hasOverlap, selectLaterAppointment } from './offer-repository.ts';
import type { CandidateEntry, FreedTimeRow } from './offer-repository.ts';
import {
  selectBusyRanges,
  selectEntriesWithOpenOffers,
  selectOpenOfferRanges,
  selectServicesAtLocation,
  selectTimeOffRanges,
} from './window-repository.ts';

const MS_PER_MINUTE = 60_000;
const MS_PER_HOUR = 60 * MS_PER_MINUTE;

export interface ChosenOffer {
  candidate: CandidateEntry;
  startAt: number;
  endAt: number;
  moveId: number | null;
}

/** The patient's later booked appointment of the service, which a claim would move. */
async function moveCandidate(trx: Db, freed: FreedTimeRow, candidate: CandidateEntry, startAt: number) {
  if (candidate.patientId === null) return null;
  return (
    (await selectLaterAppointment(trx, freed.clientId, candidate.patientId, candidate.serviceId, startAt)) ??
    null
  );
}

/** A freed appointment's time: every chosen entry is offered its start (the first to claim wins). */
export async function chooseAtStart(
  trx: Db,
  freed: FreedTimeRow,
  candidates: readonly CandidateEntry[],
  waveSize: number,
): Promise<ChosenOffer[]> {
  const chosen: ChosenOffer[] = [];
  for (const candidate of candidates) {
    if (chosen.length >= waveSize) break;
    const endAt = freed.startAt + candidate.durationMinutes * MS_PER_MINUTE;
    if (endAt > freed.endAt) continue; // the service does not fit the freed time
    if (!preferredTimesAllow(candidate.preferredTimes, freed.startAt, freed.timeZone)) continue;
    if (
      candidate.patientId !== null &&
      (await hasOverlap(trx, freed.clientId, { patientId: candidate.patientId }, freed.startAt, endAt))
    )
      continue;
    chosen.push({
      candidate,
      startAt: freed.startAt,
      endAt,
      moveId: await moveCandidate(trx, freed, candidate, freed.startAt),
    });
  }
  return chosen;
}

/**
 * A new working-hours block (longer than one appointment): each chosen entry is offered the
 * earliest time of its service in the block (slot grid, its stated times of day, nothing booked
 * for the provider or the patient, no time off) that no open offer of the block holds, so one block can fill
 * several appointments. An entry already holding an open offer (e.g. another day of the same new
 * block) is left for later.
 */
export async function chooseInWindow(
  trx: Db,
  freed: FreedTimeRow,
  candidates: readonly CandidateEntry[],
  settings: WaveSettings,
  nowMs: number,
): Promise<ChosenOffer[]> {
  const providerBusy = [
    ...(await selectBusyRanges(
      trx,
      freed.clientId,
      { providerId: freed.providerId },
      freed.startAt,
      freed.endAt,
    )),
    ...(await selectTimeOffRanges(trx, freed, freed.startAt, freed.endAt)),
  ];
  const held = await selectOpenOfferRanges(trx, freed.id, nowMs);
  const elsewhere = await selectEntriesWithOpenOffers(
    trx,
    freed.clientId,
    candidates.map((candidate) => candidate.entryId),
    nowMs,
  );
  const offered = await selectServicesAtLocation(
    trx,
    freed.locationId,
    candidates.map((candidate) => candidate.serviceId),
  );
  const chosen: ChosenOffer[] = [];
  for (const candidate of candidates) {
    if (chosen.length >= settings.waveSize) break;
    if (elsewhere.has(candidate.entryId) || !offered.has(candidate.serviceId)) continue;
    const patientBusy =
      candidate.patientId === null
        ? []
        : await selectBusyRanges(
            trx,
            freed.clientId,
            { patientId: candidate.patientId },
            freed.startAt,
            freed.endAt,
          );
    const durationMs = candidate.durationMinutes * MS_PER_MINUTE;
    const startAt = earliestFittingStart({
      windowStartMs: freed.startAt,
      windowEndMs: freed.endAt,
      durationMs,
      stepMs: resolveSlotStepMinutes(candidate.durationMinutes) * MS_PER_MINUTE,
      // A claim must be possible: the start lies after now + the cut-off.
      earliestMs: nowMs + settings.cutoffHours * MS_PER_HOUR + 1,
      busy: [...providerBusy, ...held, ...patientBusy],
      allows: (start) => preferredTimesAllow(candidate.preferredTimes, start, freed.timeZone),
    });
    if (startAt === null) continue;
    const endAt = startAt + durationMs;
    held.push([startAt, endAt]);
    chosen.push({ candidate, startAt, endAt, moveId: await moveCandidate(trx, freed, candidate, startAt) });
  }
  return chosen;
}
