import { appConfig } from '../../../lib/config';

/** The admin login route ('/adminlogin' unless configured otherwise). */
export function loginPath(): string {
  return `/${appConfig.adminLoginPath}`;
}

/** `/admin/:ClientId/:ruleId/<segment>` (segment may carry a query, e.g. 'providercontroleditprovider?providerId=3'). */
export function sectionPath(clientId: string, ruleId: string, segment = ''): string {
  const base = `/admin/${encodeURIComponent(clientId)}/${encodeURIComponent(ruleId)}`;
  return segment ? `${base}/${segment}` : base;
}
