/**
 * Web app configuration, read once from Vite's build-time env (`VITE_*`).
 * Nothing else in the app reads `import.meta.env`. An invalid value fails fast with a clear message.
 * (Checked by hand rather than with zod so that zod stays out of the first page's script.)
 */

export interface AppConfig {
  /** Path segment of the admin login route ('/adminlogin'). */
  adminLoginPath: string;
  schedulerApiUrl: string;
  configApiUrl: string;
  patientManagementApiUrl: string;
  trackUrl: string;
}

export interface RawEnv {
  readonly VITE_ADMIN_LOGIN?: string | undefined;
  readonly VITE_SCHEDULER_API_URL?: string | undefined;
  readonly VITE_CONFIG_API_URL?: string | undefined;
  readonly VITE_PATIENT_MANAGEMENT_API_URL?: string | undefined;
  readonly VITE_TRACK_URL?: string | undefined;
}

export const DEFAULT_CONFIG: AppConfig = {
  adminLoginPath: 'adminlogin',
  schedulerApiUrl: '/api/scheduler',
  configApiUrl: '/api/config',
  patientManagementApiUrl: '/api/patient-management',
  trackUrl: '/api/track',
};

const RESERVED_SEGMENTS = new Set(['admin', '404']);
const PATH_SEGMENT = /^[A-Za-z0-9_-]+$/;
const ABSOLUTE_URL = /^https?:\/\/[^\s/]+(?:\/[^\s]*)?$/;

function orDefault(value: string | undefined, fallback: string): string {
  const trimmed = value?.trim();
  return trimmed ? trimmed : fallback;
}

function checkSegment(name: string, value: string, problems: string[]): string {
  if (!PATH_SEGMENT.test(value))
    problems.push(`${name}: must be a single URL path segment (letters, digits, - or _)`);
  else if (RESERVED_SEGMENTS.has(value.toLowerCase())) problems.push(`${name}: must not be "admin" or "404"`);
  return value;
}

/** A base URL: a same-origin path starting with '/' or an absolute http(s) URL; trailing slashes dropped. */
function checkBaseUrl(name: string, value: string, problems: string[]): string {
  if (!(value.startsWith('/') && !value.startsWith('//')) && !ABSOLUTE_URL.test(value)) {
    problems.push(`${name}: must start with / or http(s)://`);
  }
  return value.length > 1 ? value.replace(/\/+$/, '') : value;
}

/** Parses the env into a config; empty or missing values fall back to the defaults. Throws on invalid values. */
export function parseConfig(env: RawEnv): AppConfig {
  const problems: string[] = [];
  const config: AppConfig = {
    adminLoginPath: checkSegment(
      'VITE_ADMIN_LOGIN',
      orDefault(env.VITE_ADMIN_LOGIN, DEFAULT_CONFIG.adminLoginPath),
      problems,
    ),
    schedulerApiUrl: checkBaseUrl(
      'VITE_SCHEDULER_API_URL',
      orDefault(env.VITE_SCHEDULER_API_URL, DEFAULT_CONFIG.schedulerApiUrl),
      problems,
    ),
    configApiUrl: checkBaseUrl(
      'VITE_CONFIG_API_URL',
      orDefault(env.VITE_CONFIG_API_URL, DEFAULT_CONFIG.configApiUrl),
      problems,
    ),
    patientManagementApiUrl: checkBaseUrl(
      'VITE_PATIENT_MANAGEMENT_API_URL',
      orDefault(env.VITE_PATIENT_MANAGEMENT_API_URL, DEFAULT_CONFIG.patientManagementApiUrl),
      problems,
    ),
    trackUrl: checkBaseUrl(
      'VITE_TRACK_URL',
      orDefault(env.VITE_TRACK_URL, DEFAULT_CONFIG.trackUrl),
      problems,
    ),
  };
  if (problems.length > 0) throw new Error(`Invalid web app configuration: ${problems.join('; ')}`);
  return config;
}

export const appConfig: AppConfig = parseConfig(import.meta.env);

/**
 * Issue 21: in tests and `vite dev` Lingui's macros keep the source texts and compile them in place
 * (no catalog to load); a production build keeps message ids only and loads compiled catalogs.
 */
export const sourceTextsCompiled: boolean = import.meta.env.DEV || import.meta.env.MODE === 'test';
