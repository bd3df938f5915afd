import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { inWriteTransaction } from '../../platform/db/transaction.ts';
import type { Flag } from '../../platform/db/schema.ts';

export interface ClientRef {
  clientId: number;
  /** The scheduler named by the page path, when it exists. */
  schedulerId: number | null;
}

export interface SessionEvent {
  clientId: number;
  sessionId: string;
  schedulerId: number | null;
  pagePath: string;
  pageName: string;
  eventLabel: string | null;
  action: string | null;
  locationId: number | null;
  alert: string | null;
  appointmentTypeId: number | null;
  clickPagePath: string | null;
  clickPageName: string | null;
  providerId: number | null;
  eventDetails: string | null;
  isExistingPatient: boolean | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  rwgToken: string | null;
  isAptBooked: boolean | null;
  channel: string;
  now: number;
}

export interface AnalyticsRepository {
  /** The client by slug or numeric id (and the scheduler by slug within it), or undefined. */
  findClient(clientRef: string, schedulerSlug: string | null): Promise<ClientRef | undefined>;
  /** Upserts the session (first touch keeps its campaign) and appends the event, in one transaction. */
  recordEvent(event: SessionEvent): Promise<void>;
  insertTrackLog(clientId: number, sessionId: string, payload: string, now: number): Promise<void>;
}

const flag = (value: boolean | null): Flag | null => (value === null ? null : value ? 1 : 0);

export function createAnalyticsRepository(db: Db): AnalyticsRepository {
  return {
    async findClient(clientRef, schedulerSlug) {
      const numeric = /^\d{1,15}$/.test(clientRef) ? Number(clientRef) : undefined;
      const row = await db
        .selectFrom('clients as c')
        .leftJoin('schedulers as s', (join) =>
          join.onRef('s.client_id', '=', 'c.id').on('s.slug', '=', schedulerSlug ?? ''),
        )
        .select(['c.id', 's.id as scheduler_id'])
        .where((eb) =>
          numeric === undefined ? eb('c.slug', '=', clientRef.toLowerCase()) : eb('c.id', '=', numeric),
        )
        .executeTakeFirst();
      return row && { clientId: row.id, schedulerId: row.scheduler_id };
    },

    async recordEvent(e) {
      await inWriteTransaction(db, async (trx) => {
        await trx
          .insertInto('analytics_sessions')
          .values({
            client_id: e.clientId,
            session_id: e.sessionId,
            scheduler_id: e.schedulerId,
            location_id: e.locationId,
            appointment_type_id: e.appointmentTypeId,
            provider_id: e.providerId,
            is_existing_patient: flag(e.isExistingPatient),
            is_apt_booked: e.isAptBooked === true ? 1 : 0,
            utm_source: e.utmSource,
            utm_medium: e.utmMedium,
            utm_campaign: e.utmCampaign,
            utm_term: e.utmTerm,
            rwg_token: e.rwgToken,
            channel: e.channel,
            landing_page_path: e.pagePath,
            last_page_name: e.pageName,
            event_count: 1,
            created_at: e.now,
            updated_at: e.now,
          })
          .onConflict((conflict) =>
            conflict.columns(['client_id', 'session_id']).doUpdateSet({
              scheduler_id: sql`coalesce(excluded.scheduler_id, analytics_sessions.scheduler_id)`,
              location_id: sql`coalesce(excluded.location_id, analytics_sessions.location_id)`,
              appointment_type_id: sql`coalesce(excluded.appointment_type_id, analytics_sessions.appointment_type_id)`,
              provider_id: sql`coalesce(excluded.provider_id, analytics_sessions.provider_id)`,
              is_existing_patient: sql`coalesce(excluded.is_existing_patient, analytics_sessions.is_existing_patient)`,
              is_apt_booked: sql`case when excluded.is_apt_booked = 1 then 1 else analytics_sessions.is_apt_booked end`,
              utm_source: sql`coalesce(analytics_sessions.utm_source, excluded.utm_source)`,
              utm_medium: sql`coalesce(analytics_sessions.utm_medium, excluded.utm_medium)`,
              utm_campaign: sql`coalesce(analytics_sessions.utm_campaign, excluded.utm_campaign)`,
              utm_term: sql`coalesce(analytics_sessions.utm_term, excluded.utm_term)`,
              rwg_token: sql`coalesce(analytics_sessions.rwg_token, excluded.rwg_token)`,
              last_page_name: sql`excluded.last_page_name`,
              event_count: sql`analytics_sessions.event_count + 1`,
              updated_at: sql`excluded.updated_at`,
            }),
          )
          .execute();
        await trx
          .insertInto('analytics_events')
          .values({
            client_id: e.clientId,
            session_id: e.sessionId,
            page_path: e.pagePath,
            page_name: e.pageName,
            event_label: e.eventLabel,
            action: e.action,
            location_id: e.locationId,
            alert: e.alert,
            appointment_type_id: e.appointmentTypeId,
            click_page_path: e.clickPagePath,
            click_page_name: e.clickPageName,
            provider_id: e.providerId,
            event_details: e.eventDetails,
            is_existing_patient: flag(e.isExistingPatient),
            utm_source: e.utmSource,
            utm_medium: e.utmMedium,
            utm_campaign: e.utmCampaign ?? 'website',
            utm_term: e.utmTerm,
            rwg_token: e.rwgToken,
            is_apt_booked: flag(e.isAptBooked),
            channel_filters: e.channel,
            created_at: e.now,
          })
          .execute();
      });
    },

    async insertTrackLog(clientId, sessionId, payload, now) {
      await db
        .insertInto('track_logs')
        .values({ client_id: clientId, session_id: sessionId, payload, created_at: now })
        .execute();
    },
  };
}
