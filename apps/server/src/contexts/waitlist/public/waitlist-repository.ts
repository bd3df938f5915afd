import type { Db } from '../../../platform/db/database.ts';
import type { PatientCandidate } from '../../patients/index.ts';
import { selectPatientCandidates } from '../../patients/index.ts';
import type { LocationRecord } from '../../catalogue/index.ts';
import { selectLocations, selectSchedulerScope } from '../../catalogue/index.ts';
import type { ScopeWithService } from '../../catalogue/index.ts';

export interface WaitingEntry {
  id: number;
  providerId: number | null;
  firstName: string;
  lastName: string;
}

export interface NewWaitlistEntry {
  clientId: number;
  schedulerId: number;
  locationId: number;
  providerId: number | null;
  serviceId: number;
  patientId: number | null;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  phone: string;
  email: string;
  preferredTimes: string | null;
  notes: string | null;
  /** Issue 21: the language the patient joined in; offers go out in it ('en' when absent). */
  language?: 'en' | 'es';
  now: number;
}

export interface WaitlistRepository {
  findScope(
    clientSlug: string,
    schedulerSlug: string,
    serviceId: number,
    locationId: number,
  ): Promise<(ScopeWithService & { location: LocationRecord | undefined }) | undefined>;
  findPatientCandidates(
    clientId: number,
    normalizedName: string,
    dateOfBirth: string,
  ): Promise<PatientCandidate[]>;
  /** Entries still waiting for this location, service and date of birth. */
  findWaiting(
    clientId: number,
    locationId: number,
    serviceId: number,
    dateOfBirth: string,
  ): Promise<WaitingEntry[]>;
  insertEntry(entry: NewWaitlistEntry): Promise<number>;
}

export function createWaitlistRepository(db: Db): WaitlistRepository {
  return {
    async findScope(clientSlug, schedulerSlug, serviceId, locationId) {
      const found = await selectSchedulerScope(db, clientSlug, schedulerSlug, serviceId);
      if (found === undefined) return undefined;
      const [location] = await selectLocations(db, found.scope.clientId, { locationId, serviceId });
      return { ...found, location };
    },

    findPatientCandidates: (clientId, normalizedName, dateOfBirth) =>
      selectPatientCandidates(db, clientId, normalizedName, dateOfBirth),

    async findWaiting(clientId, locationId, serviceId, dateOfBirth) {
      const rows = await db
        .selectFrom('waitlist_entries')
        .select(['id', 'provider_id', 'first_name', 'last_name'])
        .where('client_id', '=', clientId)
        .where('location_id', '=', locationId)
        .where('service_id', '=', serviceId)
        .where('date_of_birth', '=', dateOfBirth)
        .where('status', '=', 'waiting')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        providerId: row.provider_id,
        firstName: row.first_name,
        lastName: row.last_name,
      }));
    },

    async insertEntry(entry) {
      const { id } = await db
        .insertInto('waitlist_entries')
        .values({
          client_id: entry.clientId,
          scheduler_id: entry.schedulerId,
          location_id: entry.locationId,
          provider_id: entry.providerId,
          service_id: entry.serviceId,
          patient_id: entry.patientId,
          first_name: entry.firstName,
          last_name: entry.lastName,
          date_of_birth: entry.dateOfBirth,
          phone: entry.phone,
          email: entry.email,
          preferred_times: entry.preferredTimes,
          notes: entry.notes,
          language: entry.language ?? 'en',
          status: 'waiting',
          created_at: entry.now,
          updated_at: entry.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },
  };
}
