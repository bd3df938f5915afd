/*
 * The reads of the maps (spec section 7): which locations, services and insurance plans each
 * provider has, which locations offer each service, and the insurance control data, each set
 * with its version (read before the links: a change in between makes them stale, never newer).
 */
import { DomainError } from '@scheduler/domain/errors';
import { providerDisplayName } from '@scheduler/domain/providers';
import type { AuditActor } from '../../../platform/audit/audit-log.ts';
import type { Link, MapLocation, MapReadRepository, ProviderName } from './map-reads-repository.ts';

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

const namedProviders = (providers: readonly ProviderName[]) =>
  providers.map((p) => ({ providerId: String(p.id), name: providerDisplayName(p) }));
const namedLocations = (locations: readonly MapLocation[]) =>
  locations.map((l) => ({ locationId: String(l.id), name: l.name }));

export interface MapReadService {
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
}

type ProviderSideReads = Pick<
  MapReadService,
  'providerLocationMap' | 'providerAppointmentMap' | 'providerInsurance'
>;
type OtherSideReads = Omit<MapReadService, keyof ProviderSideReads>;

/** The maps read from the providers' side. */
function providerSideReads(mappings: MapReadRepository): ProviderSideReads {
  return {
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
  };
}

/** The maps read from the services' and insurance plans' side. */
function otherSideReads(mappings: MapReadRepository): OtherSideReads {
  return {
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
  };
}

export function createMapReadService(mappings: MapReadRepository): MapReadService {
  return { ...providerSideReads(mappings), ...otherSideReads(mappings) };
}
