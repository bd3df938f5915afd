/*
 * FHIR ids of the open-availability resources (issue 20, COORDINATION "Ids"): Location = location
 * id; Practitioner = PractitionerRole = provider id; HealthcareService = service id; Schedule =
 * `{providerId}-{locationId}-{serviceId}`; Slot = `{providerId}-{locationId}-{serviceId}-{startUnixMinutes}`
 * (start epoch ms / 60000). Parsers answer undefined for a malformed id (never throw).
 */

export interface ScheduleKey {
  providerId: number;
  locationId: number;
  serviceId: number;
}

export interface SlotKey extends ScheduleKey {
  /** The slot's start, UTC epoch milliseconds (a whole minute). */
  startMs: number;
}

const MS_PER_MINUTE = 60_000;
/** A database id: a positive integer without leading zeros (so one id has one spelling). */
const ID = '([1-9][0-9]{0,14})';
const SCHEDULE_ID = new RegExp(`^${ID}-${ID}-${ID}$`);
const SLOT_ID = new RegExp(`^${ID}-${ID}-${ID}-(0|[1-9][0-9]{0,11})$`);
/** PostgreSQL's `integer`: a larger id names no record (and would fail the query: a 500). */
const MAX_RECORD_ID = 2_147_483_647;
const idsInRange = (m: RegExpExecArray): boolean =>
  m.slice(1, 4).every((part) => part === undefined || Number(part) <= MAX_RECORD_ID);

/** A record id (Location, Practitioner, HealthcareService …): undefined when malformed. */
export function parseRecordIdOf(id: string): number | undefined {
  const m = new RegExp(`^${ID}$`).exec(id);
  return m !== null && idsInRange(m) ? Number(id) : undefined;
}

export function scheduleIdOf(key: ScheduleKey): string {
  return `${String(key.providerId)}-${String(key.locationId)}-${String(key.serviceId)}`;
}

export function parseScheduleId(id: string): ScheduleKey | undefined {
  const m = SCHEDULE_ID.exec(id);
  if (m === null || !idsInRange(m)) return undefined;
  return { providerId: Number(m[1]), locationId: Number(m[2]), serviceId: Number(m[3]) };
}

/** The Slot id; `startMs` is floored to its minute (slots start on whole minutes). */
export function slotIdOf(key: SlotKey): string {
  return `${scheduleIdOf(key)}-${String(Math.floor(key.startMs / MS_PER_MINUTE))}`;
}

export function parseSlotId(id: string): SlotKey | undefined {
  const m = SLOT_ID.exec(id);
  if (m === null || !idsInRange(m)) return undefined;
  return {
    providerId: Number(m[1]),
    locationId: Number(m[2]),
    serviceId: Number(m[3]),
    startMs: Number(m[4]) * MS_PER_MINUTE,
  };
}
