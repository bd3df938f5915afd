/*
 * The staff patient list's search terms and appointment filters as SQL, and a search's page in
 * name order (patient-search-repository.ts uses them): the patients a term finds (ids, or ids with
 * the patients' names from the search tokens), the appointment filters, and `pageByName`.
 */
import { sql } from 'kysely';
import type { SelectQueryBuilder } from 'kysely';
import type { Db } from '../../../platform/db/database.ts';
import { onePage } from '../../../platform/db/paging.ts';
import type { AppointmentStatus, DB } from '../../../platform/db/schema.ts';
import { namedPatientsOf, patientIdsOf } from './search-tokens-repository.ts';
import type { PatientFieldTerm } from './search-tokens-repository.ts';

export interface AppointmentCriteria {
  locationId?: number | undefined;
  providerId?: number | undefined;
  serviceId?: number | undefined;
  statuses?: readonly AppointmentStatus[] | undefined;
  /** Inclusive, epoch ms. */
  startFrom?: number | undefined;
  /** Exclusive, epoch ms. */
  startBefore?: number | undefined;
}

export type PatientSearchTerm =
  | PatientFieldTerm
  /**
   * A confirmation number ('K7M-4QXD'): the patient of that appointment — or, since the same text
   * may be a name or a phone number too ('LEE-KUNG'), the patients `otherwise` finds.
   */
  | { kind: 'confirmationNumber'; appointmentId: number; otherwise: PatientFieldTerm | undefined };

/** What `pageByName` needs of the list's filter. */
export interface NamePageRequest {
  /** All must match. */
  terms: readonly PatientSearchTerm[];
  appointments: AppointmentCriteria | undefined;
  sort: 'name' | '-name';
  page: number;
  pageSize: number;
}

/** Ids of the patients a term finds: a confirmation number's patient, and what `otherwise` finds. */
export function idsOfTerm(db: Db, clientId: number, term: PatientSearchTerm) {
  if (term.kind !== 'confirmationNumber') return patientIdsOf(db, clientId, term);
  const booked = db
    .selectFrom('appointments as a')
    .select('a.patient_id as id')
    .where('a.client_id', '=', clientId)
    .where('a.id', '=', term.appointmentId);
  return term.otherwise === undefined ? booked : booked.unionAll(patientIdsOf(db, clientId, term.otherwise));
}

export function hasAppointmentCriteria(
  criteria: AppointmentCriteria | undefined,
): criteria is AppointmentCriteria {
  return (
    criteria !== undefined &&
    (criteria.locationId !== undefined ||
      criteria.providerId !== undefined ||
      criteria.serviceId !== undefined ||
      (criteria.statuses !== undefined && criteria.statuses.length > 0) ||
      criteria.startFrom !== undefined ||
      criteria.startBefore !== undefined)
  );
}

export function patientIdsWithAppointments(db: Db, clientId: number, criteria: AppointmentCriteria) {
  return appointmentsMatching(
    db.selectFrom('appointments as a').select('a.patient_id').where('a.client_id', '=', clientId),
    criteria,
  );
}

export function appointmentsMatching<
  Q extends SelectQueryBuilder<DB & { a: DB['appointments'] }, 'a', object>,
>(query: Q, criteria: AppointmentCriteria): Q;
export function appointmentsMatching(
  start: SelectQueryBuilder<DB & { a: DB['appointments'] }, 'a', object>,
  criteria: AppointmentCriteria,
) {
  let query = start;
  if (criteria.startFrom !== undefined) query = query.where('a.start_at', '>=', criteria.startFrom);
  if (criteria.startBefore !== undefined) query = query.where('a.start_at', '<', criteria.startBefore);
  if (criteria.locationId !== undefined) query = query.where('a.location_id', '=', criteria.locationId);
  if (criteria.providerId !== undefined) query = query.where('a.provider_id', '=', criteria.providerId);
  if (criteria.serviceId !== undefined) query = query.where('a.service_id', '=', criteria.serviceId);
  if (criteria.statuses !== undefined && criteria.statuses.length > 0)
    query = query.where('a.status', 'in', [...criteria.statuses]);
  return query;
}

/** Ids and names of the patients a term finds (a patient may come more than once). */
function namedOfTerm(db: Db, clientId: number, term: PatientSearchTerm) {
  if (term.kind !== 'confirmationNumber') return namedPatientsOf(db, clientId, term);
  const booked = db
    .selectFrom('appointments as a')
    .innerJoin('patients as p2', 'p2.id', 'a.patient_id')
    .select(['p2.id as id', 'p2.last_name', 'p2.first_name'])
    .where('a.client_id', '=', clientId)
    .where('a.id', '=', term.appointmentId)
    .where('p2.client_id', '=', clientId);
  return term.otherwise === undefined
    ? booked
    : booked.unionAll(namedPatientsOf(db, clientId, term.otherwise));
}

/**
 * A search's page in name order (sort 'name' / '-name', at least one term) and its total, one
 * statement: the first term's patients with their names — for a name, e-mail or phone the token
 * rows' copies (an index-only range of the token index; no patient row read) — once each, narrowed
 * by the other terms and the appointment filters; ordered by lower(last name), lower(first name),
 * id exactly as the list without a search (the same values, the same functions and collation);
 * `count(*) over ()` counts them all before the page is cut; then only the page's patient rows.
 */
export async function pageByName(
  db: Db,
  clientId: number,
  filter: NamePageRequest,
  driving: PatientSearchTerm,
) {
  const direction = filter.sort.startsWith('-') ? 'desc' : 'asc';
  const found = db
    .selectFrom(namedOfTerm(db, clientId, driving).as('f'))
    .select(['f.id', 'f.last_name', 'f.first_name'])
    .distinct();
  let matching = db
    .selectFrom(found.as('g'))
    .select([
      'g.id',
      sql<string>`lower(g.last_name)`.as('last_key'),
      sql<string>`lower(g.first_name)`.as('first_key'),
      sql<number>`count(*) over ()`.as('matches'),
    ]);
  for (const term of filter.terms.slice(1))
    matching = matching.where('g.id', 'in', idsOfTerm(db, clientId, term));
  const criteria = filter.appointments;
  if (hasAppointmentCriteria(criteria)) {
    matching = matching.where((eb) =>
      eb.exists(
        appointmentsMatching(
          eb
            .selectFrom('appointments as a')
            .select(sql.lit(1).as('one'))
            .whereRef('a.patient_id', '=', 'g.id'),
          criteria,
        ),
      ),
    );
  }
  const page = matching
    .orderBy(sql.ref('last_key'), direction)
    .orderBy(sql.ref('first_key'), direction)
    .orderBy('g.id', direction)
    .$call(onePage(filter));
  return db
    .selectFrom(page.as('m'))
    .innerJoin('patients as p', 'p.id', 'm.id')
    .where('p.client_id', '=', clientId)
    .select([
      'p.id',
      'p.first_name',
      'p.last_name',
      'p.date_of_birth',
      'p.gender',
      'p.phone',
      'p.email',
      'p.created_at',
      'm.matches',
    ])
    .orderBy('m.last_key', direction)
    .orderBy('m.first_key', direction)
    .orderBy('m.id', direction)
    .execute();
}
