/*
 * The catalogue: a practice's brand and schedulers (the scope of every public call), its
 * services, locations and insurance, the scheduler settings and the widget's allow-list.
 * This file is the context's only public entry: its Fastify plugins and what other contexts
 * read (the scope records, their lookups and the shared SQL of the public modules).
 */
export { schedulerConfigRoutes } from './public/config-routes.ts';
export { insuranceRoutes } from './public/insurance-routes.ts';
export { settingsRoutes } from './settings/settings-routes.ts';
export { catalogueAdminRoutes } from './admin-routes.ts';
export { widgetAllowListRoutes } from './widget-allowlist/allowlist-routes.ts';
export { closureRoutes } from './closures/closure-routes.ts';
/** Contract 6 (issue 19): the closed local dates of locations in a date range. */
export { listClosedDates } from './closures/closure-repository.ts';

export {
  notFound,
  officePhone,
  parseRecordId,
  requireRecordId,
  requireScope,
  toLocationResponse,
} from './scheduler-scope.ts';
export type {
  LocationRecord,
  BookableProvider,
  SchedulerScope,
  SchedulerScopeRecord,
  ServiceRecord,
  SettingRecord,
} from './scheduler-scope.ts';
export { selectLocations, selectSchedulerScope, selectSchedulerScopeById } from './scope-repository.ts';
export type { LocationFilter, ScopeWithService } from './scope-repository.ts';
export { assertSelfPayOffered } from './insurance-rules.ts';
export { LOCATION_COLUMNS, toLocationRecord } from './locations/location-record.ts';
export { toServiceRecord } from './services/service-record.ts';
