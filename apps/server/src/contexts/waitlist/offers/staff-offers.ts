/*
 * What staff see of waitlist offers (issue 18): every offer of an entry (time, wave, sent,
 * outcome) on the Waitlist screen, and the report figures (offers sent, claimed, days gained).
 */
import { formatInTimeZone } from '@scheduler/domain/dates';
import { providerDisplayName } from '@scheduler/domain/providers';
import type {
  GetWaitlistOffersQuery,
  WaitlistOfferRow,
  WaitlistOffersReport,
  WaitlistOffersReportQuery,
} from '@scheduler/contract/waitlist-offers';
import type { Db } from '../../../platform/db/database.ts';
import { selectOffersWithTimes } from './offer-repository.ts';

const MS_PER_DAY = 86_400_000;
const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

export async function listOffers(
  db: Db,
  clientId: number,
  query: GetWaitlistOffersQuery,
): Promise<WaitlistOfferRow[]> {
  let select = selectOffersWithTimes(db)
    .select([
      'o.id',
      'o.waitlist_entry_id',
      'o.start_at',
      'o.end_at',
      'o.wave',
      'o.sent_at',
      'o.status',
      'o.outcome_at',
      'o.channel',
      'o.move_appointment_id',
      'o.appointment_id',
      's.name as service_name',
      'p.prefix',
      'p.first_name',
      'p.last_name',
      'l.name as location_name',
      'l.time_zone',
    ])
    .where('o.client_id', '=', clientId);
  if (query.waitlistEntryId !== undefined)
    select = select.where('o.waitlist_entry_id', '=', query.waitlistEntryId);
  const rows = await select
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(query.limit)
    .execute();
  return rows.map((row) => ({
    offerId: String(row.id),
    waitlistEntryId: String(row.waitlist_entry_id),
    startUtc: new Date(Number(row.start_at)).toISOString(),
    endUtc: new Date(Number(row.end_at)).toISOString(),
    dateLocal: formatInTimeZone(Number(row.start_at), row.time_zone, 'YYYY-MM-DD'),
    timeLocal: formatInTimeZone(Number(row.start_at), row.time_zone, 'HH:mm'),
    timeZone: row.time_zone,
    providerName: providerDisplayName({
      prefix: row.prefix,
      firstName: row.first_name,
      lastName: row.last_name,
    }),
    locationName: row.location_name,
    serviceName: row.service_name,
    wave: row.wave,
    sentAt: iso(row.sent_at),
    outcome: row.status,
    outcomeAt: iso(row.outcome_at),
    channel: row.channel,
    isMove: row.move_appointment_id !== null,
    appointmentId: row.appointment_id === null ? null : String(row.appointment_id),
  }));
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Offers made between `from` and `to` (UTC dates of the offer row), and what came of them. */
export async function offersReport(
  db: Db,
  clientId: number,
  query: WaitlistOffersReportQuery,
): Promise<WaitlistOffersReport> {
  const fromMs = Date.parse(`${query.from}T00:00:00Z`);
  const toMs = Date.parse(`${query.to}T00:00:00Z`) + MS_PER_DAY;
  const rows = await db
    .selectFrom('waitlist_offers')
    .select(['freed_time_id', 'status', 'sent_at', 'days_gained'])
    .where('client_id', '=', clientId)
    .where('created_at', '>=', fromMs)
    .where('created_at', '<', toMs)
    .execute();
  const sent = rows.filter((row) => row.sent_at !== null);
  const claimed = rows.filter((row) => row.status === 'claimed');
  const gained = claimed.map((row) => row.days_gained).filter((days): days is number => days !== null);
  return {
    from: query.from,
    to: query.to,
    offersSent: sent.length,
    offersClaimed: claimed.length,
    acceptanceRate: sent.length === 0 ? 0 : claimed.length / sent.length,
    timesOffered: new Set(rows.map((row) => row.freed_time_id)).size,
    timesFilled: new Set(claimed.map((row) => row.freed_time_id)).size,
    daysGainedTotal: gained.reduce((sum, days) => sum + days, 0),
    daysGainedMedian: median(gained),
  };
}
