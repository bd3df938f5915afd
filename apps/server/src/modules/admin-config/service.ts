import { DomainError } from '@scheduler/domain/errors';
import { minutesOfTimeOfDay, timeOfDayOfMinutes } from '@scheduler/contract/admin-config';
import type {
  AssignConfigResponse,
  CreateInsuranceProviderConfigRequest,
  CreateProviderRequest,
  GetAllProvidersQuery,
  ProviderDetail,
  ProviderSummary,
  UpdateProviderInfoRequest,
} from '@scheduler/contract/admin-config';
import {
  SETTING_DEFINITIONS,
  findSettingDefinition,
  parseStoredSettingValue,
  resolveSettings,
  settingDefinitionOf,
} from '@scheduler/domain/settings';
import type { SettingDefinition, SettingKey, SettingRow } from '@scheduler/domain/settings';
import type { AuditActor, AuditLog } from '../../platform/audit/audit-log.ts';
import type {
  Link,
  LocationRecord,
  MappingRepository,
  ProviderName,
  SetOutcome,
} from './mapping-repository.ts';
import type { ProviderFields, ProviderListRecord, ProviderRepository } from './provider-repository.ts';
import type { SettingsRepository } from './settings-repository.ts';

import { assertUpdated, pageOf, STALE_RECORD_MESSAGE } from './admin-records-repository.ts';

export { STALE_RECORD_MESSAGE };

/** 'Dr. Ana Ruiz' */
export function providerDisplayName(provider: {
  prefix: string | null;
  firstName: string;
  lastName: string;
}): string {
  return [provider.prefix, provider.firstName, provider.lastName]
    .filter((part) => part !== null && part !== '')
    .join(' ');
}

const iso = (epochMs: number): string => new Date(epochMs).toISOString();
const ids = (values: readonly number[]): string[] => values.map(String);

function groupLinks(links: readonly Link[]): Map<number, number[]> {
  const map = new Map<number, number[]>();
  for (const { left, right } of links) {
    const list = map.get(left) ?? [];
    list.push(right);
    map.set(left, list);
  }
  return map;
}

function toSummary(record: ProviderListRecord): ProviderSummary {
  return {
    providerId: String(record.providerId),
    name: providerDisplayName(record),
    prefix: record.prefix,
    firstName: record.firstName,
    lastName: record.lastName,
    credentials: record.credentials,
    specialty: record.specialty,
    gender: record.gender,
    photoUrl: record.photoUrl,
    onlineBookable: record.onlineBookable,
    acceptingNewPatients: record.acceptingNewPatients,
    sortOrder: record.sortOrder,
    locationIds: ids(record.locationIds),
    version: record.version,
    updatedAt: iso(record.updatedAt),
  };
}

function settingKindOf(definition: SettingDefinition): AssignConfigResponse['definitions'][number]['kind'] {
  const kind = definition.kind;
  switch (kind.type) {
    case 'boolean':
    case 'color':
      return { type: kind.type };
    case 'number':
      return { type: 'number', min: kind.min, max: kind.max };
    case 'text':
      return { type: 'text', maxLength: kind.maxLength };
    case 'enum':
      return {
        type: 'enum',
        options: kind.options.map((option) => ({ value: option.value, label: option.label })),
        ...('otherwise' in kind && kind.otherwise !== undefined ? { otherwise: kind.otherwise } : {}),
      };
  }
}

/** Whether a stored value can be read (otherwise the default applies). */
function isReadableStoredValue<K extends SettingKey>(key: K, raw: string): boolean {
  return parseStoredSettingValue(settingDefinitionOf(key), raw) !== undefined;
}

function storedFormOf(value: string | number | boolean): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

const namedProviders = (providers: readonly ProviderName[]) =>
  providers.map((p) => ({ providerId: String(p.id), name: providerDisplayName(p) }));
const namedLocations = (locations: readonly LocationRecord[]) =>
  locations.map((l) => ({ locationId: String(l.id), name: l.name }));

export interface AdminConfigService {
  getAssignConfig(actor: AuditActor, schedulerId: number): Promise<AssignConfigResponse>;
  updateConfig(
    actor: AuditActor,
    schedulerId: number,
    version: number,
    rows: readonly SettingRow[],
  ): Promise<AssignConfigResponse>;

  listProviders(
    actor: AuditActor,
    query: GetAllProvidersQuery,
  ): Promise<{ items: ProviderSummary[]; page: number; pageSize: number; total: number }>;
  providerDetail(actor: AuditActor, providerId: number): Promise<ProviderDetail>;
  updateProvider(actor: AuditActor, request: UpdateProviderInfoRequest): Promise<ProviderDetail>;
  createProvider(actor: AuditActor, request: CreateProviderRequest): Promise<ProviderDetail>;
  deleteProvider(actor: AuditActor, providerId: number): Promise<void>;

  providerLocationMap(actor: AuditActor): Promise<{
    providers: { providerId: string; name: string; locationIds: string[]; locationsVersion: number }[];
    locations: { locationId: string; name: string; providersVersion: number }[];
  }>;
  providerAppointmentMap(actor: AuditActor): Promise<{
    providers: {
      providerId: string;
      name: string;
      services: { appointmentTypeId: string; durationMinutes: number | null }[];
      servicesVersion: number;
    }[];
    services: { appointmentTypeId: string; name: string; durationMinutes: number }[];
  }>;
  providerInsurance(
    actor: AuditActor,
    providerId: number | undefined,
  ): Promise<{
    providers: { providerId: string; name: string; planIds: string[]; plansVersion: number }[];
    plans: { planId: string; name: string; carrierId: string; carrierName: string }[];
  }>;
  serviceLocationMapping(actor: AuditActor): Promise<{
    services: { appointmentTypeId: string; name: string; locationIds: string[]; locationsVersion: number }[];
    locations: { locationId: string; name: string }[];
  }>;
  insuranceProviderMap(actor: AuditActor): Promise<{
    plans: {
      planId: string;
      name: string;
      carrierId: string;
      carrierName: string;
      providerIds: string[];
      providersVersion: number;
    }[];
    providers: { providerId: string; name: string }[];
  }>;
  insuranceControlData(actor: AuditActor): Promise<{
    carriers: {
      carrierId: string;
      name: string;
      plans: {
        planId: string;
        name: string;
        insuranceTypeId: string | null;
        topRank: number | null;
        active: boolean;
      }[];
    }[];
    types: { insuranceTypeId: string; name: string }[];
    topPackages: { planId: string; carrierId: string; name: string; rank: number }[];
  }>;
  providersByInsurancePlan(
    actor: AuditActor,
    planId: number,
  ): Promise<{
    plan: { planId: string; name: string; carrierId: string; carrierName: string };
    providers: { providerId: string; name: string }[];
    providersVersion: number;
  }>;

  assignProviderLocations(
    actor: AuditActor,
    providerId: number,
    locationIds: number[],
    version: number,
  ): Promise<{ providerId: string; locationIds: string[]; version: number }>;
  assignProviderServices(
    actor: AuditActor,
    providerId: number,
    services: { appointmentTypeId: number; durationMinutes: number | null }[],
    version: number,
  ): Promise<{
    providerId: string;
    services: { appointmentTypeId: string; durationMinutes: number | null }[];
    version: number;
  }>;
  assignServiceLocations(
    actor: AuditActor,
    serviceId: number,
    locationIds: number[],
    version: number,
  ): Promise<{ appointmentTypeId: string; locationIds: string[]; version: number }>;
  assignLocationProviders(
    actor: AuditActor,
    locationId: number,
    providerIds: number[],
    version: number,
  ): Promise<{ locationId: string; providerIds: string[]; version: number }>;
  assignInsuranceProviders(
    actor: AuditActor,
    request: CreateInsuranceProviderConfigRequest,
  ): Promise<
    | { providerId: string; planIds: string[]; version: number }
    | { planId: string; providerIds: string[]; version: number }
  >;
}

export function createAdminConfigService({
  settings,
  providers,
  mappings,
  audit,
  now = Date.now,
}: {
  settings: SettingsRepository;
  providers: ProviderRepository;
  mappings: MappingRepository;
  audit: AuditLog;
  now?: () => number;
}): AdminConfigService {
  async function assignConfig(actor: AuditActor, schedulerId: number): Promise<AssignConfigResponse> {
    const scheduler = await settings.findScheduler(actor.clientId, schedulerId);
    if (scheduler === undefined) throw new DomainError('NOT_FOUND');
    const rows = await settings.settingsOf(actor.clientId, schedulerId);
    const resolved = resolveSettings(rows);
    const stored = new Map(rows.map((row) => [`${row.group}:${row.order}`, row.value]));
    const definitions = SETTING_DEFINITIONS.map((definition: SettingDefinition) => {
      const raw = stored.get(`${definition.group}:${definition.order}`);
      const readable = raw !== undefined && isReadableStoredValue(definition.key, raw);
      return {
        key: definition.key,
        group: definition.group,
        order: definition.order,
        label: definition.label,
        description: definition.description,
        defaultValue: definition.defaultValue,
        kind: settingKindOf(definition),
        value: storedFormOf(resolved[definition.key]),
        isDefault: !readable,
      };
    });
    return {
      clientId: String(actor.clientId),
      schedulerId: String(scheduler.schedulerId),
      schedulerName: scheduler.name,
      schedulerSlug: scheduler.slug,
      settings: rows,
      version: scheduler.settingsVersion,
      definitions,
    };
  }

  async function detailOrThrow(clientId: number, providerId: number): Promise<ProviderDetail> {
    const record = await providers.detail(clientId, providerId);
    if (record === undefined) throw new DomainError('NOT_FOUND');
    return {
      ...toSummary(record),
      locationsVersion: record.locationsVersion,
      servicesVersion: record.servicesVersion,
      plansVersion: record.plansVersion,
      middleName: record.middleName,
      bio: record.bio,
      locations: record.locations.map((l) => ({
        locationId: String(l.locationId),
        name: l.name,
        timeZone: l.timeZone,
      })),
      services: record.services.map((s) => ({
        appointmentTypeId: String(s.serviceId),
        name: s.name,
        durationMinutes: s.customDuration ?? s.serviceDuration,
        customDurationMinutes: s.customDuration,
      })),
      insurancePlans: record.plans.map((p) => ({
        planId: String(p.planId),
        name: p.name,
        carrierId: String(p.carrierId),
        carrierName: p.carrierName,
      })),
      workingHours: record.workingHours.map((w) => ({
        locationId: String(w.locationId),
        weekday: w.weekday,
        startTime: timeOfDayOfMinutes(w.startMinute),
        endTime: timeOfDayOfMinutes(w.endMinute),
        effectiveFrom: w.effectiveFrom,
        effectiveTo: w.effectiveTo,
      })),
      timeOff: record.timeOff.map((t) => ({
        timeOffId: String(t.timeOffId),
        locationId: t.locationId === null ? null : String(t.locationId),
        startUtc: iso(t.startAt),
        endUtc: iso(t.endAt),
        reason: t.reason,
      })),
    };
  }

  /** The set's new version, or the API's 404 / 409 (a stale write changed nothing). */
  const versionAfter = (outcome: SetOutcome): number => {
    if (outcome.kind === 'not-found') throw new DomainError('NOT_FOUND');
    if (outcome.kind === 'stale') throw new DomainError('CONFLICT', STALE_RECORD_MESSAGE);
    return outcome.version;
  };

  return {
    getAssignConfig: assignConfig,

    async updateConfig(actor, schedulerId, version, rows) {
      const scheduler = await settings.findScheduler(actor.clientId, schedulerId);
      if (scheduler === undefined) throw new DomainError('NOT_FOUND');
      // settingsUpdateSchema has validated each value; refuse anything unknown all the same.
      for (const row of rows) {
        if (findSettingDefinition(row.group, row.order) === undefined) throw new DomainError('VALIDATION');
      }
      assertUpdated(await settings.upsertSettings(actor.clientId, schedulerId, version, rows, now()));
      await audit.recordFor(actor, 'scheduler.settings.update', {
        type: 'scheduler',
        id: schedulerId,
        details: { changed: rows.map((row) => `${row.group}.${row.order}`) },
      });
      return assignConfig(actor, schedulerId);
    },

    async listProviders(actor, query) {
      const { items, total } = await providers.list(actor.clientId, query);
      return pageOf(query, items.map(toSummary), total);
    },

    providerDetail: (actor, providerId) => detailOrThrow(actor.clientId, providerId),

    async updateProvider(actor, request) {
      const { clientId: _clientId, providerId, version, workingHours, timeOff, ...fields } = request;
      const changes: ProviderFields = fields;
      const outcome = await providers.update({
        clientId: actor.clientId,
        providerId,
        version,
        fields: changes,
        workingHours: workingHours?.map((row) => ({
          locationId: row.locationId,
          weekday: row.weekday,
          startMinute: minutesOfTimeOfDay(row.startTime),
          endMinute: minutesOfTimeOfDay(row.endTime),
          effectiveFrom: row.effectiveFrom,
          effectiveTo: row.effectiveTo,
        })),
        timeOff: timeOff?.map((row) => ({
          locationId: row.locationId,
          startAt: Date.parse(row.startUtc),
          endAt: Date.parse(row.endUtc),
          reason: row.reason,
        })),
        at: now(),
      });
      switch (outcome.kind) {
        case 'not-found':
          throw new DomainError('NOT_FOUND');
        case 'stale':
          throw new DomainError('CONFLICT', STALE_RECORD_MESSAGE);
        case 'invalid-location':
          throw new DomainError('VALIDATION', undefined, {
            fields: [{ path: outcome.path, message: 'Choose a location where this provider works' }],
          });
        case 'ok':
          break;
      }
      await audit.recordFor(actor, 'provider.update', {
        type: 'provider',
        id: providerId,
        details: {
          fields: [
            ...Object.keys(fields),
            ...(workingHours === undefined ? [] : ['workingHours']),
            ...(timeOff === undefined ? [] : ['timeOff']),
          ],
        },
      });
      return detailOrThrow(actor.clientId, providerId);
    },

    async createProvider(actor, request) {
      const { clientId: _clientId, ...fields } = request;
      const providerId = await providers.create(actor.clientId, fields, now());
      await audit.recordFor(actor, 'provider.create', { type: 'provider', id: providerId });
      return detailOrThrow(actor.clientId, providerId);
    },

    async deleteProvider(actor, providerId) {
      const outcome = await providers.delete(actor.clientId, providerId);
      if (outcome === 'not-found') throw new DomainError('NOT_FOUND');
      if (outcome === 'in-use') {
        throw new DomainError(
          'CONFLICT',
          'This provider has appointments, so it cannot be deleted. Turn off online booking instead.',
        );
      }
      await audit.recordFor(actor, 'provider.delete', { type: 'provider', id: providerId });
    },

    async providerLocationMap(actor) {
      // The versions are read before the links: a change in between makes them stale, never newer.
      const [all, locations] = await Promise.all([
        mappings.providers(actor.clientId),
        mappings.locations(actor.clientId),
      ]);
      const links = await mappings.providerLocations(actor.clientId);
      const byProvider = groupLinks(links);
      return {
        providers: all.map((p) => ({
          providerId: String(p.id),
          name: providerDisplayName(p),
          locationIds: ids(byProvider.get(p.id) ?? []),
          locationsVersion: p.locationsVersion,
        })),
        locations: locations.map((l) => ({
          locationId: String(l.id),
          name: l.name,
          providersVersion: l.providersVersion,
        })),
      };
    },

    async providerAppointmentMap(actor) {
      const [all, services] = await Promise.all([
        mappings.providers(actor.clientId),
        mappings.services(actor.clientId),
      ]);
      const links = await mappings.providerServices(actor.clientId);
      return {
        providers: all.map((p) => ({
          providerId: String(p.id),
          name: providerDisplayName(p),
          services: links
            .filter((link) => link.providerId === p.id)
            .map((link) => ({
              appointmentTypeId: String(link.serviceId),
              durationMinutes: link.durationMinutes,
            })),
          servicesVersion: p.servicesVersion,
        })),
        services: services.map((s) => ({
          appointmentTypeId: String(s.id),
          name: s.name,
          durationMinutes: s.durationMinutes,
        })),
      };
    },

    async providerInsurance(actor, providerId) {
      if (providerId !== undefined && !(await mappings.owns('providers', actor.clientId, [providerId]))) {
        throw new DomainError('NOT_FOUND');
      }
      const [all, plans] = await Promise.all([
        mappings.providers(actor.clientId),
        mappings.plans(actor.clientId),
      ]);
      const links = await mappings.providerPlans(actor.clientId, providerId);
      const byProvider = groupLinks(links);
      return {
        providers: all
          .filter((p) => providerId === undefined || p.id === providerId)
          .map((p) => ({
            providerId: String(p.id),
            name: providerDisplayName(p),
            planIds: ids(byProvider.get(p.id) ?? []),
            plansVersion: p.plansVersion,
          })),
        plans: plans.map((p) => ({
          planId: String(p.planId),
          name: p.name,
          carrierId: String(p.carrierId),
          carrierName: p.carrierName,
        })),
      };
    },

    async serviceLocationMapping(actor) {
      const [services, locations] = await Promise.all([
        mappings.services(actor.clientId),
        mappings.locations(actor.clientId),
      ]);
      const links = await mappings.serviceLocations(actor.clientId);
      const byService = groupLinks(links);
      return {
        services: services.map((s) => ({
          appointmentTypeId: String(s.id),
          name: s.name,
          locationIds: ids(byService.get(s.id) ?? []),
          locationsVersion: s.locationsVersion,
        })),
        locations: namedLocations(locations),
      };
    },

    async insuranceProviderMap(actor) {
      const [all, plans] = await Promise.all([
        mappings.providers(actor.clientId),
        mappings.plans(actor.clientId),
      ]);
      const links = await mappings.providerPlans(actor.clientId);
      const byPlan = groupLinks(links.map(({ left, right }) => ({ left: right, right: left })));
      return {
        plans: plans.map((p) => ({
          planId: String(p.planId),
          name: p.name,
          carrierId: String(p.carrierId),
          carrierName: p.carrierName,
          providerIds: ids(byPlan.get(p.planId) ?? []),
          providersVersion: p.providersVersion,
        })),
        providers: namedProviders(all),
      };
    },

    async insuranceControlData(actor) {
      const { carriers, plans, types } = await mappings.insuranceControl(actor.clientId);
      return {
        carriers: carriers.map((c) => ({
          carrierId: String(c.id),
          name: c.name,
          plans: plans
            .filter((p) => p.carrierId === c.id)
            .map((p) => ({
              planId: String(p.planId),
              name: p.name,
              insuranceTypeId: p.insuranceTypeId === null ? null : String(p.insuranceTypeId),
              topRank: p.topRank,
              active: p.active,
            })),
        })),
        types: types.map((t) => ({ insuranceTypeId: String(t.id), name: t.name })),
        topPackages: plans
          .filter((p): p is typeof p & { topRank: number } => p.topRank !== null && p.active)
          .sort((a, b) => a.topRank - b.topRank || a.planId - b.planId)
          .map((p) => ({
            planId: String(p.planId),
            carrierId: String(p.carrierId),
            name: p.name,
            rank: p.topRank,
          })),
      };
    },

    async providersByInsurancePlan(actor, planId) {
      const plans = await mappings.plans(actor.clientId);
      const plan = plans.find((p) => p.planId === planId);
      if (plan === undefined) throw new DomainError('NOT_FOUND');
      const [all, links] = await Promise.all([
        mappings.providers(actor.clientId),
        mappings.providerPlans(actor.clientId),
      ]);
      const accepting = new Set(links.filter((link) => link.right === planId).map((link) => link.left));
      return {
        plan: {
          planId: String(plan.planId),
          name: plan.name,
          carrierId: String(plan.carrierId),
          carrierName: plan.carrierName,
        },
        providers: namedProviders(all.filter((p) => accepting.has(p.id))),
        providersVersion: plan.providersVersion,
      };
    },

    async assignProviderLocations(actor, providerId, locationIds, version) {
      const next = versionAfter(
        await mappings.replaceProviderLocations(actor.clientId, providerId, locationIds, version, now()),
      );
      await audit.recordFor(actor, 'provider.locations.replace', {
        type: 'provider',
        id: providerId,
        details: { locationIds },
      });
      return { providerId: String(providerId), locationIds: ids(locationIds), version: next };
    },

    async assignProviderServices(actor, providerId, services, version) {
      const next = versionAfter(
        await mappings.replaceProviderServices(
          actor.clientId,
          providerId,
          services.map((s) => ({ serviceId: s.appointmentTypeId, durationMinutes: s.durationMinutes })),
          version,
          now(),
        ),
      );
      await audit.recordFor(actor, 'provider.services.replace', {
        type: 'provider',
        id: providerId,
        details: { serviceIds: services.map((s) => s.appointmentTypeId) },
      });
      return {
        providerId: String(providerId),
        services: services.map((s) => ({
          appointmentTypeId: String(s.appointmentTypeId),
          durationMinutes: s.durationMinutes,
        })),
        version: next,
      };
    },

    async assignServiceLocations(actor, serviceId, locationIds, version) {
      const next = versionAfter(
        await mappings.replaceServiceLocations(actor.clientId, serviceId, locationIds, version, now()),
      );
      await audit.recordFor(actor, 'service.locations.replace', {
        type: 'service',
        id: serviceId,
        details: { locationIds },
      });
      return { appointmentTypeId: String(serviceId), locationIds: ids(locationIds), version: next };
    },

    async assignLocationProviders(actor, locationId, providerIds, version) {
      const next = versionAfter(
        await mappings.replaceLocationProviders(actor.clientId, locationId, providerIds, version, now()),
      );
      await audit.recordFor(actor, 'location.providers.replace', {
        type: 'location',
        id: locationId,
        details: { providerIds },
      });
      return { locationId: String(locationId), providerIds: ids(providerIds), version: next };
    },

    async assignInsuranceProviders(actor, request) {
      if ('planIds' in request) {
        const next = versionAfter(
          await mappings.replaceProviderPlans(
            actor.clientId,
            request.providerId,
            request.planIds,
            request.version,
            now(),
          ),
        );
        await audit.recordFor(actor, 'provider.insurance.replace', {
          type: 'provider',
          id: request.providerId,
          details: { planIds: request.planIds },
        });
        return { providerId: String(request.providerId), planIds: ids(request.planIds), version: next };
      }
      const next = versionAfter(
        await mappings.replacePlanProviders(
          actor.clientId,
          request.planId,
          request.providerIds,
          request.version,
          now(),
        ),
      );
      await audit.recordFor(actor, 'insurance-plan.providers.replace', {
        type: 'insurance-plan',
        id: request.planId,
        details: { providerIds: request.providerIds },
      });
      return { planId: String(request.planId), providerIds: ids(request.providerIds), version: next };
    },
  };
}
