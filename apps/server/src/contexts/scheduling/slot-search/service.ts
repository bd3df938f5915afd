/*
 * GET getProviders, the slot search, and the waitlist's capacity question: one service per app
 * (built once in the scheduling context's index.ts), so one set of caches. The computation is
 * compute.ts (and engine-run.ts), the answer response.ts, the kept answers answer-cache.ts.
 */
import { DomainError } from '@scheduler/domain/errors';
import { LOCATION_NOT_FOUND_MESSAGE } from '@scheduler/domain/messages';
import type { GetProvidersQuery, GetProvidersResponse } from '@scheduler/contract/scheduler-api';
import type { LocationRecord, SchedulerScope, ServiceRecord } from '../../catalogue/index.ts';
import { notFound, parseRecordId } from '../../catalogue/index.ts';
import { encodeDynamicBody } from '../../../platform/http/content-encoding.ts';
import type { ContentEncoding } from '../../../platform/http/content-encoding.ts';
import { postalOrigin } from '../rules.ts';
import type { PatientKind } from '../rules.ts';
import { SlotSearchAnswers } from './answer-cache.ts';
import type { AvailabilityRepository } from './availability-repository.ts';
import { createComputeSearch } from './compute.ts';
import { ComputationCache } from './computation-cache.ts';
import { searchParams, slotSearchResponse, visibleFreeDays } from './response.ts';
import type { ProviderFreeDays } from './response.ts';
import { SearchCache } from './search-cache.ts';

export interface CapacityQuery {
  clientSlug: string;
  schedulerSlug: string;
  appointmentTypeId: string;
  locationId: string;
  providerId: string | null;
  patientKind: PatientKind;
}

export interface CapacityCheck {
  scope: SchedulerScope;
  service: ServiceRecord;
  location: LocationRecord;
  /** Null when no provider was asked about. */
  providerNoCapacity: boolean | null;
  locationNoCapacity: boolean;
}

/** Turns a computed answer into the body the route sends (its response schema's serializer). */
export type SerializeAnswer = (response: GetProvidersResponse) => string;

export interface AvailabilityService {
  searchSlots(query: GetProvidersQuery): Promise<GetProvidersResponse>;
  /**
   * The same search as the body to send, in `encoding`: a kept one when nothing it depends on
   * changed, else the computed answer through `serialize`, kept (per encoding) for the next
   * identical searches (answer-cache.ts).
   */
  answerSlotSearch(
    query: GetProvidersQuery,
    serialize: SerializeAnswer,
    encoding: ContentEncoding,
  ): Promise<Buffer>;
  /** Whether a provider (or a whole location) has no online availability: the waitlist's question. */
  checkCapacity(query: CapacityQuery): Promise<CapacityCheck>;
  /**
   * Issue 20 (SMART Scheduling Links bulk publish): the same search as `searchSlots` over its whole
   * window (`fromDate`/`days` ignored), at `at` (default now), as the free days of the providers
   * its answer lists: no answer built, no slot object made until the caller reads a day.
   */
  searchFreeDays(query: GetProvidersQuery, at?: Date): Promise<SearchFreeDays>;
}

/** A whole-window search as free days (`searchFreeDays`). */
export interface SearchFreeDays {
  scope: SchedulerScope;
  service: ServiceRecord;
  /** Locations in scope, in display order. */
  locations: LocationRecord[];
  providers: ProviderFreeDays[];
}

export function createAvailabilityService(
  repository: AvailabilityRepository,
  now: () => Date,
  cache: SearchCache = new SearchCache(),
  answers: SlotSearchAnswers = new SlotSearchAnswers(),
): AvailabilityService {
  const compute = createComputeSearch(repository, cache);
  const computations = new ComputationCache();

  return {
    async searchSlots(query) {
      const at = now();
      // A ZIP code is checked first: an unknown one is a 400 whatever else the query says.
      const origin = query.postalCode === undefined ? undefined : postalOrigin(query.postalCode);
      return slotSearchResponse(query, await compute(searchParams(query), at), at, origin);
    },

    async answerSlotSearch(query, serialize, encoding) {
      const at = now();
      const params = searchParams(query);
      const serviceId = parseRecordId(params.appointmentTypeId);
      // Statement 1 tells whether a kept answer is still current: same fingerprint, same clock key.
      const first =
        serviceId === undefined
          ? undefined
          : await repository.findScope(params.clientSlug, params.schedulerSlug, serviceId);
      const key = `${encoding} ${JSON.stringify(query)}`;
      return answers.answer(key, at, first?.fingerprint, async () => {
        const origin = query.postalCode === undefined ? undefined : postalOrigin(query.postalCode);
        // The same computation for every day asked (params leave fromDate and days out).
        const c = await computations.computation(JSON.stringify(params), first?.fingerprint, at, () =>
          compute(params, at, first),
        );
        // Encoded at once: the text dies young, the kept bytes live outside the heap (answer-cache.ts).
        const body = encodeDynamicBody(serialize(slotSearchResponse(query, c, at, origin)), encoding);
        return {
          body,
          source: { fingerprint: c.fingerprint, settings: c.scope.settings, timeZones: c.timeZones },
        };
      });
    },

    async searchFreeDays(query, at = now()) {
      const origin = query.postalCode === undefined ? undefined : postalOrigin(query.postalCode);
      const c = await compute(searchParams(query), at);
      const providers = visibleFreeDays(query, c, origin);
      return { scope: c.scope, service: c.service, locations: c.locations, providers };
    },

    async checkCapacity(query) {
      if (query.locationId === 'all')
        throw new DomainError('VALIDATION', 'Choose a location', {
          fields: [{ path: 'locationId', message: 'Choose a location' }],
        });
      const c = await compute(
        {
          clientSlug: query.clientSlug,
          schedulerSlug: query.schedulerSlug,
          appointmentTypeId: query.appointmentTypeId,
          locationId: query.locationId,
          providerId: query.providerId ?? undefined,
          patientKind: query.patientKind,
        },
        now(),
      );
      const location = c.locations[0];
      if (location === undefined) throw notFound(LOCATION_NOT_FOUND_MESSAGE, 'locationId');
      return {
        scope: c.scope,
        service: c.service,
        location,
        providerNoCapacity: query.providerId === null ? null : (c.entries[0]?.noCapacity ?? true),
        locationNoCapacity: !c.locationsWithSlots.has(String(location.id)),
      };
    },
  };
}
