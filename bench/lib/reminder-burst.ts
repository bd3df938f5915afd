// The data of the real-path messages benchmark (bench/messages.ts, mode `real`): the demo brands
// (the seed), N patients (e-mail and SMS consent, an address each) and N booked appointments, all
// starting at the same instant, bulk-inserted; then each appointment's messages PLANNED THROUGH THE
// MESSAGES CONTEXT (`planAppointmentMessages`, what the booking transaction calls), so the message
// rows and their `messages.send` jobs are the real ones. With the reminder rules as shipped (e-mail
// 48 h and SMS 2 h before) every appointment gets one e-mail reminder due at start − 48 h (the
// burst: all at one instant) and one SMS reminder two days later (never due during the run).
// Planned with `notify: false`: no confirmation notice, only the reminders.
import type { Db } from '../../apps/server/src/platform/db/database.ts';
import { inWriteTransaction } from '../../apps/server/src/platform/db/transaction.ts';
import { seedIfEmpty } from '../../apps/server/src/platform/db/seed/seed.ts';
import type { JobQueue } from '../../apps/server/src/platform/jobs/index.ts';
import { planAppointmentMessages } from '../../apps/server/src/contexts/messages/index.ts';

const HOUR_MS = 3_600_000;
/** The e-mail reminder of the shipped rules. */
export const EMAIL_REMINDER_MS = 48 * HOUR_MS;
const INSERT_CHUNK = 500;
const PLAN_CHUNK = 250;

export interface BurstBrand {
  clientId: number;
  schedulerId: number;
  locationId: number;
  providerId: number;
  serviceId: number;
}

/** The demo (seed) and its first brand's scheduler, location, provider and service. */
export async function seededBrand(db: Db): Promise<BurstBrand> {
  await seedIfEmpty(db, new Date());
  const scheduler = await db
    .selectFrom('schedulers')
    .select(['id', 'client_id'])
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  const clientId = scheduler.client_id;
  const first = async (table: 'locations' | 'providers' | 'services'): Promise<number> =>
    (
      await db
        .selectFrom(table)
        .select('id')
        .where('client_id', '=', clientId)
        .orderBy('id')
        .limit(1)
        .executeTakeFirstOrThrow()
    ).id;
  return {
    clientId,
    schedulerId: scheduler.id,
    locationId: await first('locations'),
    providerId: await first('providers'),
    serviceId: await first('services'),
  };
}

/** N patients with consent and an e-mail address; returns their ids. */
export async function insertPatients(db: Db, brand: BurstBrand, n: number, tag: string): Promise<number[]> {
  const ids: number[] = [];
  const at = Date.now();
  for (let start = 0; start < n; start += INSERT_CHUNK) {
    const rows = Array.from({ length: Math.min(INSERT_CHUNK, n - start) }, (_, i) => {
      const number = start + i + 1;
      return {
        client_id: brand.clientId,
        first_name: 'Jordan',
        last_name: `Bench${tag}${number}`,
        normalized_name: `jordan bench${tag}${number}`,
        date_of_birth: '1985-06-15',
        phone: `(312) 555-${String(number % 10_000).padStart(4, '0')}`,
        email: `patient.${tag}${number}@example.test`,
        sms_permission: 1 as const,
        email_permission: 1 as const,
        created_at: at,
        updated_at: at,
      };
    });
    const made = await inWriteTransaction(db, (trx) =>
      trx.insertInto('patients').values(rows).returning('id').execute(),
    );
    ids.push(...made.map((row) => row.id));
  }
  return ids;
}

/** One booked 30-minute appointment per patient, all starting at `startAt`; returns their ids. */
export async function insertAppointments(
  db: Db,
  brand: BurstBrand,
  patientIds: readonly number[],
  startAt: number,
): Promise<number[]> {
  const ids: number[] = [];
  const at = Date.now();
  for (let start = 0; start < patientIds.length; start += INSERT_CHUNK) {
    const rows = patientIds.slice(start, start + INSERT_CHUNK).map((patientId) => ({
      client_id: brand.clientId,
      scheduler_id: brand.schedulerId,
      provider_id: brand.providerId,
      location_id: brand.locationId,
      service_id: brand.serviceId,
      patient_id: patientId,
      start_at: startAt,
      end_at: startAt + 30 * 60_000,
      status: 'booked' as const,
      is_new_patient: 1 as const,
      channel: 'website',
      version: 1,
      created_at: at,
      updated_at: at,
    }));
    const made = await inWriteTransaction(db, (trx) =>
      trx.insertInto('appointments').values(rows).returning('id').execute(),
    );
    ids.push(...made.map((row) => row.id));
  }
  return ids;
}

/**
 * Plans each appointment's messages through the messages context, PLAN_CHUNK appointments per
 * write transaction, on the planning clock `plannedAt` (as if each had been booked then).
 * Returns how many message rows were made.
 */
export async function planMessages(
  db: Db,
  jobs: JobQueue,
  appointmentIds: readonly number[],
  plannedAt: Date,
): Promise<number> {
  let made = 0;
  for (let start = 0; start < appointmentIds.length; start += PLAN_CHUNK) {
    const chunk = appointmentIds.slice(start, start + PLAN_CHUNK);
    made += await inWriteTransaction(db, async (trx) => {
      let rows = 0;
      for (const appointmentId of chunk)
        rows += (
          await planAppointmentMessages(
            trx,
            jobs,
            { appointmentId, event: 'booked', notify: false },
            () => plannedAt,
          )
        ).length;
      return rows;
    });
  }
  return made;
}

export interface MessageOutcome {
  status: string;
  n: number;
}

/** The burst's e-mail reminders by status (and the SMS reminders, which must still be queued). */
export async function reminderOutcomes(db: Db, startAt: number): Promise<MessageOutcome[]> {
  const rows = await db
    .selectFrom('messages')
    .select(['channel', 'status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('kind', '=', 'reminder')
    .where('appointment_start_at', '=', startAt)
    .groupBy(['channel', 'status'])
    .execute();
  return rows.map((row) => ({ status: `${row.channel} ${row.status}`, n: Number(row.n) }));
}
