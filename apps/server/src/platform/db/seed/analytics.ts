/*
 * Booking-funnel analytics: sessions that land, some of which go on through the steps of
 * spec section 4, each page view and click an event with the fields of spec section 3.
 * No patient identity anywhere.
 */
import type { EpochMs, Flag } from '../schema.ts';
import type { Random } from './random.ts';
import type { Row, RowSink } from './row-writer.ts';
import type { TrafficSource } from './traffic.ts';
import { fakeUuid, pickTrafficSource } from './traffic.ts';
import type { DayNumber } from './zoned-time.ts';
import { DAY_MS, HOUR_MS } from './zoned-time.ts';

export interface AnalyticsScope {
  clientId: number;
  clientSlug: string;
  schedulerId: number;
  schedulerSlug: string;
  locations: readonly { id: number; slug: string }[];
  serviceIds: readonly number[];
  providerIdsByLocation: ReadonlyMap<number, readonly number[]>;
}

export interface AnalyticsContext {
  now: EpochMs;
  random: Random;
  sink: RowSink;
  /** Events newer than this also get a tracking-log row. */
  trackLogsSince?: EpochMs;
}

const steps = [
  { segment: 'landing', name: 'Landing', clicks: ['Select Location', 'Select Service', 'Continue'] },
  {
    segment: 'findappointment',
    name: 'Find Appointment',
    clicks: ['Filter Gender', 'Select Provider', 'Select Time'],
  },
  { segment: 'additionaldetails', name: 'Additional Details', clicks: ['Continue'] },
  { segment: 'insurance', name: 'Insurance', clicks: ['Select Insurance', 'Continue'] },
  { segment: 'identity', name: 'Identity', clicks: ['Book Appointment'] },
  { segment: 'thankyou', name: 'Thank You', clicks: [] },
] as const;
/** Chance of reaching step i+1 from step i. */
const continueRates = [0.68, 0.74, 0.86, 0.9, 0.86];
const alerts = ['slotTaken', 'callToSchedule', 'providerNoCapacity', 'insuranceNotInNetwork'] as const;

/** Sessions per local day: busier on weekdays, quieter at weekends. */
function sessionsOn(day: DayNumber, perWeekday: number, random: Random): number {
  const weekday = new Date(day * DAY_MS).getUTCDay();
  const base = weekday === 0 || weekday === 6 ? perWeekday * 0.45 : perWeekday;
  return Math.max(0, Math.round(base * (0.75 + random.next() * 0.5)));
}

/**
 * Writes sessions from `fromDay` to `toDay` (inclusive), `perWeekday` sessions on an
 * average weekday, stopping at `maxEvents` events. Returns the number of events written.
 */
export function generateAnalytics(
  scope: AnalyticsScope,
  context: AnalyticsContext,
  fromDay: DayNumber,
  toDay: DayNumber,
  perWeekday: number,
  maxEvents = Number.POSITIVE_INFINITY,
): number {
  const { random, now } = context;
  let events = 0;
  for (let day = fromDay; day <= toDay && events < maxEvents; day++) {
    const count = sessionsOn(day, perWeekday, random);
    for (let i = 0; i < count && events < maxEvents; i++) {
      // US visitors: 11:00–04:00 UTC is roughly 7 am to 11 pm across the continent.
      const startAt = day * DAY_MS + 11 * HOUR_MS + Math.floor(random.next() * 17 * HOUR_MS);
      if (startAt >= now) break;
      events += writeSession(scope, context, startAt, maxEvents - events);
    }
  }
  return events;
}

function writeSession(
  scope: AnalyticsScope,
  context: AnalyticsContext,
  startAt: EpochMs,
  budget: number,
): number {
  const { random, sink, now } = context;
  const sessionId = fakeUuid(random);
  const source: TrafficSource = pickTrafficSource(random);
  const location = random.pick(scope.locations);
  const serviceId = random.pick(scope.serviceIds);
  const providers = scope.providerIdsByLocation.get(location.id) ?? [];
  const providerId = providers.length > 0 ? random.pick(providers) : null;
  const existing = random.chance(0.38);
  const basePath = `/${scope.clientSlug}/${scope.schedulerSlug}/${location.slug}`;

  let lastStep = 0;
  while (lastStep < steps.length - 1 && random.chance(continueRates[lastStep] ?? 0)) lastStep++;
  // Campaign visitors convert a little better than direct traffic.
  if (lastStep === steps.length - 2 && source.channel !== 'website' && random.chance(0.3)) lastStep++;

  let at = startAt;
  let written = 0;
  let providerChosen = false;
  const booked: Flag = lastStep === steps.length - 1 ? 1 : 0;

  const addEvent = (
    step: (typeof steps)[number],
    action: string,
    label: string,
    click: boolean,
    alert: string | null,
  ): void => {
    if (written >= budget || at >= now) return;
    // The spec: events from the landing and identity pages carry no provider id.
    const withProvider = providerChosen && step.segment !== 'landing' && step.segment !== 'identity';
    const reachedIdentity = steps.findIndex((s) => s.segment === step.segment) >= 4;
    const row: Row<'analytics_events'> = {
      client_id: scope.clientId,
      session_id: sessionId,
      page_path: `${basePath}/${step.segment}`,
      page_name: step.name,
      event_label: label,
      action,
      location_id: location.id,
      alert,
      appointment_type_id: step.segment === 'landing' && !click ? null : serviceId,
      click_page_path: click ? `${basePath}/${step.segment}` : null,
      click_page_name: click ? step.name : null,
      provider_id: withProvider ? providerId : null,
      event_details: click ? JSON.stringify({ element: label }) : null,
      is_existing_patient: reachedIdentity ? (existing ? 1 : 0) : null,
      utm_source: source.utmSource,
      utm_medium: source.utmMedium,
      utm_campaign: source.utmCampaign ?? 'website',
      utm_term: source.utmTerm,
      rwg_token: source.rwgToken,
      is_apt_booked: step.segment === 'thankyou' ? 1 : 0,
      channel_filters: source.channel,
      created_at: at,
    };
    sink.add('analytics_events', row);
    if (context.trackLogsSince !== undefined && at >= context.trackLogsSince) {
      sink.add('track_logs', {
        client_id: scope.clientId,
        session_id: sessionId,
        payload: JSON.stringify({
          sessionId,
          pagePath: row.page_path,
          pageName: row.page_name,
          eventLabel: label,
          action,
        }),
        created_at: at,
      });
    }
    written++;
    at += random.int(4, 75) * 1000;
  };

  for (let index = 0; index <= lastStep; index++) {
    const step = steps[index];
    if (step === undefined) break;
    addEvent(step, 'pageView', `${step.name} Page View`, false, null);
    if (index === 1 && random.chance(0.07))
      addEvent(step, 'alert', 'Alert Shown', false, random.pick(alerts));
    const clicksToLog =
      index < lastStep || step.segment === 'identity' ? step.clicks : step.clicks.slice(0, 1);
    for (const click of clicksToLog) {
      if (click === 'Select Provider') providerChosen = true;
      if (click === 'Filter Gender' && random.chance(0.7)) continue;
      addEvent(step, 'click', click, true, null);
    }
  }

  if (written > 0) {
    sink.add('analytics_sessions', {
      client_id: scope.clientId,
      session_id: sessionId,
      scheduler_id: scope.schedulerId,
      location_id: location.id,
      appointment_type_id: serviceId,
      provider_id: providerChosen ? providerId : null,
      is_existing_patient: lastStep >= 4 ? (existing ? 1 : 0) : null,
      is_apt_booked: booked,
      utm_source: source.utmSource,
      utm_medium: source.utmMedium,
      utm_campaign: source.utmCampaign,
      utm_term: source.utmTerm,
      rwg_token: source.rwgToken,
      channel: source.channel,
      landing_page_path: `${basePath}/landing`,
      last_page_name: steps[lastStep]?.name ?? null,
      event_count: written,
      created_at: startAt,
      updated_at: at,
    });
  }
  return written;
}
