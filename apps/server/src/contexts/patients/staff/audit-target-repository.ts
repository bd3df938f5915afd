/*
 * The names of the records audit entries are about (issue 19: the audit log reads as sentences),
 * resolved within one practice only: every statement is scoped by client_id (users: by membership,
 * an accepted invitation, or a membership.create in the practice's own trail).
 */
import { sql } from 'kysely';
import { confirmationNumberOf } from '@scheduler/domain/messages/format';
import { providerDisplayName } from '@scheduler/domain/providers';
import type { Db } from '../../../platform/db/database.ts';

/** A record an entry names: its type and id as the audit trail stores them. */
export interface AuditRecordRef {
  type: string;
  id: string;
}

/** What the practice knows a record by. */
export interface AuditTargetName {
  name: string | null;
  patient: { patientId: number; name: string } | null;
}

/** The target key of a record: 'user:5'. */
export const targetKey = (type: string, id: string | number): string => `${type}:${String(id)}`;

type Named = [key: string, value: AuditTargetName][];

/** Ids of `types` among `refs` that are whole numbers (the others name no row). */
function idsOf(refs: readonly AuditRecordRef[], ...types: string[]): number[] {
  const ids = new Set<number>();
  for (const ref of refs) {
    if (types.includes(ref.type) && /^\d{1,10}$/.test(ref.id)) ids.add(Number(ref.id));
  }
  return [...ids];
}

const personName = (first: string, last: string): string => `${first} ${last}`.trim();
const plain = (type: string, id: number, name: string): Named[number] => [
  targetKey(type, id),
  { name, patient: null },
];

/** Staff of the practice, and its former staff (never another practice's). */
async function users(db: Db, clientId: number, ids: number[]): Promise<Named> {
  const rows = await db
    .selectFrom('users as u')
    .select(['u.id', 'u.display_name'])
    .where('u.id', 'in', ids)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('memberships as m')
            .select('m.id')
            .whereRef('m.user_id', '=', 'u.id')
            .where('m.client_id', '=', clientId),
        ),
        eb.exists(
          eb
            .selectFrom('staff_invitations as si')
            .select('si.id')
            .whereRef('si.accepted_user_id', '=', 'u.id')
            .where('si.client_id', '=', clientId),
        ),
        // A former member: this practice's own trail says it made them one
        // (audit_log_client_record_idx answers it).
        eb.exists(
          eb
            .selectFrom('audit_log as own')
            .select('own.id')
            .where('own.client_id', '=', clientId)
            .where('own.record_type', '=', 'user')
            .where('own.record_id', '=', sql<string>`cast(u.id as text)`)
            .where('own.action', '=', 'membership.create'),
        ),
      ]),
    )
    .execute();
  return rows.map((row) => plain('user', row.id, row.display_name));
}

/** Patients by first and last name (what staff with audit:read may read anyway; nothing else). */
async function patients(db: Db, clientId: number, ids: number[]): Promise<Named> {
  const rows = await db
    .selectFrom('patients')
    .select(['id', 'first_name', 'last_name'])
    .where('client_id', '=', clientId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((row) => {
    const name = personName(row.first_name, row.last_name);
    return [targetKey('patient', row.id), { name, patient: { patientId: row.id, name } }];
  });
}

/** Appointments by confirmation number, notes and messages by nothing: each with its patient. */
async function ofPatients(
  db: Db,
  clientId: number,
  table: 'appointments' | 'notes' | 'messages',
  ids: number[],
): Promise<Named> {
  // The three tables share id, client_id and patient_id: typed as one of them for Kysely.
  const rows = await db
    .selectFrom(`${table as 'appointments'} as r`)
    .innerJoin('patients as p', (join) =>
      join.onRef('p.id', '=', 'r.patient_id').onRef('p.client_id', '=', 'r.client_id'),
    )
    .select(['r.id', 'p.id as patient_id', 'p.first_name', 'p.last_name'])
    .where('r.client_id', '=', clientId)
    .where('r.id', 'in', ids)
    .execute();
  const type = table === 'appointments' ? 'appointment' : table === 'notes' ? 'note' : 'message';
  return rows.map((row) => [
    targetKey(type, row.id),
    {
      name: type === 'appointment' ? confirmationNumberOf(row.id) : null,
      patient: { patientId: row.patient_id, name: personName(row.first_name, row.last_name) },
    },
  ]);
}

async function waitlistEntries(db: Db, clientId: number, ids: number[]): Promise<Named> {
  const rows = await db
    .selectFrom('waitlist_entries')
    .select(['id', 'patient_id', 'first_name', 'last_name'])
    .where('client_id', '=', clientId)
    .where('id', 'in', ids)
    .execute();
  return rows.flatMap((row) => {
    const name = personName(row.first_name, row.last_name);
    const value = { name, patient: row.patient_id === null ? null : { patientId: row.patient_id, name } };
    return [
      [targetKey('waitlist', row.id), value],
      [targetKey('waitlist_entry', row.id), value],
    ] satisfies Named;
  });
}

async function providers(db: Db, clientId: number, ids: number[]): Promise<Named> {
  const rows = await db
    .selectFrom('providers')
    .select(['id', 'prefix', 'first_name', 'last_name'])
    .where('client_id', '=', clientId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((row) =>
    plain(
      'provider',
      row.id,
      providerDisplayName({ prefix: row.prefix, firstName: row.first_name, lastName: row.last_name }),
    ),
  );
}

/** Records with a `name` column of their own, by audit record type. */
const NAMED_TABLES = {
  location: 'locations',
  service: 'services',
  'insurance-carrier': 'insurance_carriers',
  'insurance-type': 'insurance_types',
  'insurance-plan': 'insurance_plans',
  'partner-client': 'partner_clients',
} as const;

async function namedRows(
  db: Db,
  clientId: number,
  type: keyof typeof NAMED_TABLES,
  ids: number[],
): Promise<Named> {
  const rows = await db
    .selectFrom(NAMED_TABLES[type])
    .select(['id', 'name'])
    .where('client_id', '=', clientId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((row) => plain(type, row.id, row.name));
}

async function invitations(db: Db, clientId: number, ids: number[]): Promise<Named> {
  const rows = await db
    .selectFrom('staff_invitations')
    .select(['id', 'email'])
    .where('client_id', '=', clientId)
    .where('id', 'in', ids)
    .execute();
  return rows.map((row) => plain('invitation', row.id, row.email));
}

async function practice(db: Db, clientId: number): Promise<Named> {
  const row = await db
    .selectFrom('clients')
    .select(['id', 'name'])
    .where('id', '=', clientId)
    .executeTakeFirst();
  return row ? [plain('client', row.id, row.name)] : [];
}

/**
 * The names of the records `refs` name, keyed by `targetKey(type, id)`; records that are gone or
 * another practice's are absent. One statement per record type present.
 */
export async function auditTargetNames(
  db: Db,
  clientId: number,
  refs: readonly AuditRecordRef[],
): Promise<Map<string, AuditTargetName>> {
  const when = (ids: number[], load: (ids: number[]) => Promise<Named>): Promise<Named> =>
    ids.length === 0 ? Promise.resolve([]) : load(ids);
  const lookups: Promise<Named>[] = [
    when(idsOf(refs, 'user'), (ids) => users(db, clientId, ids)),
    when(idsOf(refs, 'patient'), (ids) => patients(db, clientId, ids)),
    when(idsOf(refs, 'appointment'), (ids) => ofPatients(db, clientId, 'appointments', ids)),
    when(idsOf(refs, 'note'), (ids) => ofPatients(db, clientId, 'notes', ids)),
    when(idsOf(refs, 'message'), (ids) => ofPatients(db, clientId, 'messages', ids)),
    when(idsOf(refs, 'waitlist', 'waitlist_entry'), (ids) => waitlistEntries(db, clientId, ids)),
    when(idsOf(refs, 'provider'), (ids) => providers(db, clientId, ids)),
    when(idsOf(refs, 'invitation'), (ids) => invitations(db, clientId, ids)),
    when(
      idsOf(refs, 'client').filter((id) => id === clientId),
      () => practice(db, clientId),
    ),
    ...(Object.keys(NAMED_TABLES) as (keyof typeof NAMED_TABLES)[]).map((type) =>
      when(idsOf(refs, type), (ids) => namedRows(db, clientId, type, ids)),
    ),
  ];
  return new Map((await Promise.all(lookups)).flat());
}
