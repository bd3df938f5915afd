/*
 * Issue 21 at the front desk: the language a staff booking's messages go out in. Staff choose it
 * ("Messages in" on the booking form); it defaults to the patient's last booking's language (one
 * indexed row), else the practice's default language setting (the brand's first scheduler's), else
 * English. The appointment keeps it: its confirmation, reminders and a later move's notice use it.
 */
import type { FrontDeskMessageLanguage } from '@scheduler/contract/admin/front-desk';
import type { AuditActor } from '../../../platform/audit/audit-log.ts';
import type { Db } from '../../../platform/db/database.ts';
import { notFound } from '../../catalogue/index.ts';
import type { SchedulerScope } from '../../catalogue/index.ts';
import { selectLastBookingLanguage, selectPatientOnFile, selectStaffScope } from './front-desk-repository.ts';

/** The practice's default language (the scheduler's setting), else English. */
export function practiceLanguage(scope: SchedulerScope | undefined): FrontDeskMessageLanguage {
  const setting = scope?.settings.defaultLanguage;
  return setting === 'en' || setting === 'es'
    ? { language: setting, source: 'practice' }
    : { language: 'en', source: 'default' };
}

/** The patient's last booking's language, else the practice's default, else English. */
export async function defaultMessageLanguage(
  db: Db,
  clientId: number,
  patientId: number | undefined,
  scope?: SchedulerScope,
): Promise<FrontDeskMessageLanguage> {
  if (patientId !== undefined) {
    const last = await selectLastBookingLanguage(db, clientId, patientId);
    if (last !== undefined) return { language: last, source: 'patient' };
  }
  return practiceLanguage(scope ?? (await selectStaffScope(db, clientId, null)));
}

/** GET …/message-language: the default of the booking form's "Messages in" (404 for a patient not on file). */
export function createMessageLanguage({ db }: { db: Db }) {
  return async (actor: AuditActor, patientId: number | undefined): Promise<FrontDeskMessageLanguage> => {
    if (patientId !== undefined && (await selectPatientOnFile(db, actor.clientId, patientId)) === undefined)
      throw notFound('This patient does not exist.', 'patientId');
    return defaultMessageLanguage(db, actor.clientId, patientId);
  };
}
