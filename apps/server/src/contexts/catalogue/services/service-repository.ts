/*
 * The brand's services (appointment types) as the configuration screens edit them, with the
 * ids of the locations offering each. Every statement filters by client_id.
 */
import type { Updateable } from 'kysely';
import type { Db } from '../../../platform/db/database.ts';
import { pagedRows } from '../../../platform/db/paging.ts';
import type { ListRequest, ListSpec, PagedRows } from '../../../platform/db/paging.ts';
import type { ServicesTable } from '../../../platform/db/schema.ts';
import { versionedUpdate } from '../../../platform/db/versioned-update.ts';
import type { VersionedOutcome } from '../../../platform/db/versioned-update.ts';
import { flag, guardedDelete } from '../record-writes-repository.ts';
import { SERVICE_COLUMNS, toServiceRecord } from './service-record.ts';
import type { ServiceRow, ServiceWithLocations } from './service-record.ts';
import type { DeleteOutcome, VersionedEdit } from '../record-writes-repository.ts';

export interface ServiceFields {
  name?: string;
  description?: string | null;
  durationMinutes?: number;
  onlineEnabled?: boolean;
  callToSchedule?: boolean;
  newPatients?: boolean;
  existingPatients?: boolean;
  sortOrder?: number;
  /** Issue 18 (migration 016): patients' online cancel / reschedule cut-offs (hours) and reschedule limit. */
  patientCancelCutoffHours?: number;
  patientRescheduleCutoffHours?: number;
  patientRescheduleLimit?: number;
}

/** A service as the admin screens edit it: with its locations and the self-service rules. */
export interface ServiceAdminRecord extends ServiceWithLocations {
  patientCancelCutoffHours: number;
  patientRescheduleCutoffHours: number;
  patientRescheduleLimit: number;
}

type AdminServiceRow = ServiceRow & {
  patient_cancel_cutoff_hours: number;
  patient_reschedule_cutoff_hours: number;
  patient_reschedule_limit: number;
};

export type ServiceSortKey = 'name' | 'duration' | 'sortOrder';

export interface ServiceRepository {
  list(clientId: number, request: ListRequest<ServiceSortKey>): Promise<PagedRows<ServiceAdminRecord>>;
  find(clientId: number, serviceId: number): Promise<ServiceAdminRecord | undefined>;
  create(
    clientId: number,
    fields: ServiceFields & { name: string; durationMinutes: number },
    at: number,
  ): Promise<number>;
  update(clientId: number, edit: VersionedEdit<ServiceFields>): Promise<VersionedOutcome>;
  /** 'in-use' while appointments refer to the service. */
  delete(clientId: number, serviceId: number): Promise<DeleteOutcome>;
}

function serviceColumns(fields: ServiceFields): Updateable<ServicesTable> {
  const columns: Updateable<ServicesTable> = {};
  if (fields.name !== undefined) columns.name = fields.name;
  if (fields.description !== undefined) columns.description = fields.description;
  if (fields.durationMinutes !== undefined) columns.duration_minutes = fields.durationMinutes;
  if (fields.onlineEnabled !== undefined) columns.online_enabled = flag(fields.onlineEnabled);
  if (fields.callToSchedule !== undefined) columns.call_to_schedule = flag(fields.callToSchedule);
  if (fields.newPatients !== undefined) columns.new_patients = flag(fields.newPatients);
  if (fields.existingPatients !== undefined) columns.existing_patients = flag(fields.existingPatients);
  if (fields.sortOrder !== undefined) columns.sort_order = fields.sortOrder;
  if (fields.patientCancelCutoffHours !== undefined)
    columns.patient_cancel_cutoff_hours = fields.patientCancelCutoffHours;
  if (fields.patientRescheduleCutoffHours !== undefined)
    columns.patient_reschedule_cutoff_hours = fields.patientRescheduleCutoffHours;
  if (fields.patientRescheduleLimit !== undefined)
    columns.patient_reschedule_limit = fields.patientRescheduleLimit;
  return columns;
}

const SERVICE_LIST: ListSpec<ServiceSortKey> = {
  searchColumns: ['services.name', 'services.description'],
  sortColumns: {
    name: [{ text: 'services.name' }],
    duration: ['services.duration_minutes', { text: 'services.name' }],
    sortOrder: ['services.sort_order', { text: 'services.name' }],
  },
  idColumn: 'services.id',
};

const SERVICE_SELECTION = [
  ...SERVICE_COLUMNS.map((column) => `services.${column}` as const),
  'services.patient_cancel_cutoff_hours',
  'services.patient_reschedule_cutoff_hours',
  'services.patient_reschedule_limit',
] as const;

export function createServiceRepository(db: Db): ServiceRepository {
  const servicesOf = (clientId: number) =>
    db.selectFrom('services').where('services.client_id', '=', clientId);

  /** The rows as records, with the ids of their locations (one more statement). */
  async function withLocations(
    clientId: number,
    rows: readonly AdminServiceRow[],
  ): Promise<ServiceAdminRecord[]> {
    if (rows.length === 0) return [];
    const links = await db
      .selectFrom('service_locations')
      .select(['service_id', 'location_id'])
      .where('client_id', '=', clientId)
      .where(
        'service_id',
        'in',
        rows.map((row) => row.id),
      )
      .orderBy('location_id')
      .execute();
    return rows.map((row) => ({
      ...toServiceRecord(row),
      locationIds: links.filter((link) => link.service_id === row.id).map((link) => link.location_id),
      patientCancelCutoffHours: Number(row.patient_cancel_cutoff_hours),
      patientRescheduleCutoffHours: Number(row.patient_reschedule_cutoff_hours),
      patientRescheduleLimit: Number(row.patient_reschedule_limit),
    }));
  }

  return {
    async list(clientId, request) {
      const { rows, total } = await pagedRows(servicesOf(clientId), SERVICE_LIST, request, (query) =>
        query.select(SERVICE_SELECTION),
      );
      return { rows: await withLocations(clientId, rows), total };
    },
    async find(clientId, serviceId) {
      const rows = await servicesOf(clientId)
        .select(SERVICE_SELECTION)
        .where('services.id', '=', serviceId)
        .execute();
      return (await withLocations(clientId, rows))[0];
    },
    async create(clientId, fields, at) {
      const columns = serviceColumns(fields);
      const row = await db
        .insertInto('services')
        .values({
          client_id: clientId,
          name: fields.name,
          description: columns.description ?? null,
          duration_minutes: fields.durationMinutes,
          online_enabled: columns.online_enabled ?? 1,
          call_to_schedule: columns.call_to_schedule ?? 0,
          new_patients: columns.new_patients ?? 1,
          existing_patients: columns.existing_patients ?? 1,
          sort_order: columns.sort_order ?? 0,
          ...(columns.patient_cancel_cutoff_hours === undefined
            ? {}
            : { patient_cancel_cutoff_hours: columns.patient_cancel_cutoff_hours }),
          ...(columns.patient_reschedule_cutoff_hours === undefined
            ? {}
            : { patient_reschedule_cutoff_hours: columns.patient_reschedule_cutoff_hours }),
          ...(columns.patient_reschedule_limit === undefined
            ? {}
            : { patient_reschedule_limit: columns.patient_reschedule_limit }),
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    update: (clientId, { id, version, fields, at }) =>
      versionedUpdate(
        db,
        { table: 'services', clientId, id, version },
        { ...serviceColumns(fields), updated_at: at },
      ),
    delete: (clientId, serviceId) =>
      guardedDelete(db, 'services', clientId, serviceId, async (trx) => {
        const used = await trx
          .selectFrom('appointments')
          .select('id')
          .where('client_id', '=', clientId)
          .where('service_id', '=', serviceId)
          .limit(1)
          .executeTakeFirst();
        return used !== undefined;
      }),
  };
}
