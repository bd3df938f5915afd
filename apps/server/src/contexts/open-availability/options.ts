/*
 * What the open-availability context is given by app.ts (issue 20): one set of options for its
 * sub-plugins (the FHIR read API, the SMART Scheduling Links publisher, partners' find/hold/book,
 * provider calendar feeds, the booking deep link, the admin settings).
 */
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db/database.ts';
import type { PublicApiOptions } from '../../platform/http/route-kit.ts';
import type { JobQueue } from '../../platform/jobs/index.ts';
import type { AppointmentMessages } from '../messages/index.ts';
import type { AvailabilityService, ManageLinks } from '../scheduling/index.ts';

export interface OpenAvailabilityOptions extends PublicApiOptions {
  db: Db;
  now: () => Date;
  config: Config;
  jobs: JobQueue;
  /** The one availability service of the app (the booking API's slot search and its caches). */
  availability: AvailabilityService;
  /** Messages of appointment changes (a partner's booking is confirmed like the patient's own). */
  messages: AppointmentMessages;
  manageLinks: ManageLinks;
}
