/* The brand's names for the reports (services, locations, providers by id) and its default zone. */
import type { Db } from '../../platform/db/database.ts';

export interface ReportCatalogue {
  services: Map<number, string>;
  locations: Map<number, { name: string; timeZone: string }>;
  providers: Map<number, { prefix: string | null; firstName: string; lastName: string }>;
}

/** The zone of the brand's first location, if it has any. */
export async function defaultTimeZone(db: Db, clientId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('locations')
    .select('time_zone')
    .where('client_id', '=', clientId)
    .orderBy('sort_order')
    .orderBy('id')
    .executeTakeFirst();
  return row?.time_zone;
}

/** The brand's services, locations and providers by id. */
export async function catalogue(db: Db, clientId: number): Promise<ReportCatalogue> {
  const [services, locations, providers] = await Promise.all([
    db.selectFrom('services').select(['id', 'name']).where('client_id', '=', clientId).execute(),
    db
      .selectFrom('locations')
      .select(['id', 'name', 'time_zone'])
      .where('client_id', '=', clientId)
      .execute(),
    db
      .selectFrom('providers')
      .select(['id', 'prefix', 'first_name', 'last_name'])
      .where('client_id', '=', clientId)
      .execute(),
  ]);
  return {
    services: new Map(services.map((s) => [s.id, s.name])),
    locations: new Map(locations.map((l) => [l.id, { name: l.name, timeZone: l.time_zone }])),
    providers: new Map(
      providers.map((p) => [p.id, { prefix: p.prefix, firstName: p.first_name, lastName: p.last_name }]),
    ),
  };
}
