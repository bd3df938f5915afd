// Generated brands prepared for a benchmark, and the sizes printed with every figure.
import type { Row, Target } from './targets.ts';
import { count, generate } from './targets.ts';

export interface Brand {
  slug: string;
  clientId: number;
  schedulerId: number;
  /** The generator's 30-minute 'Standard Visit'. */
  serviceId: number;
  providerIds: number[];
}

/** The find-appointment screen's search of a brand: every location, one day (`extra` adds or overrides). */
export function slotSearchPath(brand: Brand, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams({
    clientName: brand.slug,
    scheduler: 'main',
    appointmentTypeId: String(brand.serviceId),
    locationId: 'all',
    isExistingPatient: 'false',
    days: '1',
    ...extra,
  });
  return `/api/scheduler/getProviders?${query.toString()}`;
}

export const DAY_MS = 86_400_000;
export const ACTIVE_STATUSES = ['pending', 'booked', 'arrived', 'checked-in', 'fulfilled'];

function id(rows: Row[], column = 'id'): number {
  const value = rows[0]?.[column];
  if (value === undefined || value === null) throw new Error(`no ${column} in ${JSON.stringify(rows)}`);
  return Number(value);
}

export async function findBrand(target: Target, slug: string): Promise<Brand> {
  const clientId = id(await target.query('select id from clients where slug = ?', [slug]));
  const schedulerId = id(await target.query('select id from schedulers where client_id = ?', [clientId]));
  const serviceId = id(
    await target.query('select id from services where client_id = ? and name = ?', [
      clientId,
      'Standard Visit',
    ]),
  );
  const providerIds = (
    await target.query('select id from providers where client_id = ? order by id', [clientId])
  ).map((row) => Number(row.id));
  return { slug, clientId, schedulerId, serviceId, providerIds };
}

/** Stores one scheduler setting (spec section 9), replacing the stored value. */
export async function setSetting(
  target: Target,
  brand: Brand,
  group: string,
  order: number,
  value: string,
): Promise<void> {
  await target.query(
    'delete from scheduler_settings where scheduler_id = ? and setting_group = ? and setting_order = ?',
    [brand.schedulerId, group, order],
  );
  await target.query(
    'insert into scheduler_settings (client_id, scheduler_id, setting_group, setting_order, value, updated_at) values (?, ?, ?, ?, ?, ?)',
    [brand.clientId, brand.schedulerId, group, order, value, Date.now()],
  );
}

/** Booking window of `days` calendar days (appointment 1 and 2). */
export async function setWindowDays(target: Target, brand: Brand, days: number): Promise<void> {
  await setSetting(target, brand, 'appointment', 1, String(days));
  await setSetting(target, brand, 'appointment', 2, 'CalendarDays');
}

/** Every provider of the brand offers the 30-minute service (the generator gives each a random subset). */
export async function offerServiceEverywhere(target: Target, brand: Brand): Promise<number> {
  const missing = await target.query(
    `select p.id from providers p where p.client_id = ? and not exists
       (select 1 from provider_services ps where ps.provider_id = p.id and ps.service_id = ?)`,
    [brand.clientId, brand.serviceId],
  );
  for (const row of missing)
    await target.query(
      'insert into provider_services (client_id, provider_id, service_id) values (?, ?, ?)',
      [brand.clientId, Number(row.id), brand.serviceId],
    );
  return missing.length;
}

export interface BrandSizes {
  providers: number;
  locations: number;
  workingHoursRows: number;
  timeOffRows: number;
  patients: number;
  appointments: number;
  /** Active appointments overlapping the next `windowDays` days: what a search reads. */
  activeAppointmentsInWindow: number;
  windowDays: number;
}

export async function brandSizes(target: Target, brand: Brand, windowDays: number): Promise<BrandSizes> {
  const c = brand.clientId;
  const n = async (statement: string, params: unknown[] = [c]): Promise<number> =>
    count(await target.query(statement, params));
  const now = Date.now();
  const placeholders = ACTIVE_STATUSES.map(() => '?').join(', ');
  return {
    providers: brand.providerIds.length,
    locations: await n('select count(*) as n from locations where client_id = ?'),
    workingHoursRows: await n('select count(*) as n from working_hours where client_id = ?'),
    timeOffRows: await n('select count(*) as n from time_off where client_id = ?'),
    patients: await n('select count(*) as n from patients where client_id = ?'),
    appointments: await n('select count(*) as n from appointments where client_id = ?'),
    activeAppointmentsInWindow: await n(
      `select count(*) as n from appointments where client_id = ? and status in (${placeholders})
         and end_at > ? and start_at < ?`,
      [c, ...ACTIVE_STATUSES, now, now + (windowDays + 1) * DAY_MS],
    ),
    windowDays,
  };
}

export function describeSizes(slug: string, s: BrandSizes): string {
  return (
    `${slug}: ${s.providers} providers at ${s.locations} locations (${s.workingHoursRows} weekly hours rows, ` +
    `${s.timeOffRows} time off), ${s.patients} patients, ${s.appointments} appointments of which ` +
    `${s.activeAppointmentsInWindow} active in the next ${s.windowDays} days`
  );
}

/**
 * One brand of `providers` providers with a booked future: `pastDays` of history and `futureDays`
 * ahead, every day filled at the generator's utilisation.
 */
export async function generateBookedBrand(
  target: Target,
  slug: string,
  providers: number,
  span: { pastDays: number; futureDays: number },
): Promise<Brand> {
  await generate(target, {
    client: slug,
    providers,
    // An upper bound: the span, not the count, decides how many are written.
    appointments: providers * 16 * (span.pastDays + span.futureDays + 1),
    patients: Math.max(500, providers * 40),
    pastDays: span.pastDays,
    futureDays: span.futureDays,
  });
  return findBrand(target, slug);
}
