/**
 * React Query keys of the configuration screens' calls (the staff calls of the scheduler API, spec
 * section 7, and the `/api/scheduler/admin/*` CRUD). Every call names its brand with `clientId`.
 */

export const configKeys = {
  all: (clientId: string) => ['admin', clientId] as const,
  settings: (clientId: string, ruleId: string) => ['admin', clientId, 'settings', ruleId] as const,
  providers: (clientId: string) => ['admin', clientId, 'providers'] as const,
  provider: (clientId: string, providerId: string) => ['admin', clientId, 'provider', providerId] as const,
  providerMaps: (clientId: string, providerId: string) =>
    ['admin', clientId, 'provider-maps', providerId] as const,
  services: (clientId: string) => ['admin', clientId, 'services'] as const,
  locations: (clientId: string) => ['admin', clientId, 'locations'] as const,
  insurance: (clientId: string) => ['admin', clientId, 'insurance'] as const,
  plans: (clientId: string) => ['admin', clientId, 'insurance', 'plans'] as const,
  carriers: (clientId: string) => ['admin', clientId, 'insurance', 'carriers'] as const,
  insuranceTypes: (clientId: string) => ['admin', clientId, 'insurance', 'types'] as const,
  waitlist: (clientId: string) => ['admin', clientId, 'waitlist'] as const,
};
