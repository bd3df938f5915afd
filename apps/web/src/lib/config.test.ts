import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, parseConfig } from './config';

describe('parseConfig', () => {
  it('defaults to same-origin APIs and /adminlogin', () => {
    expect(parseConfig({})).toEqual({
      adminLoginPath: 'adminlogin',
      schedulerApiUrl: '/api/scheduler',
      configApiUrl: '/api/config',
      patientManagementApiUrl: '/api/patient-management',
      trackUrl: '/api/track',
    });
    expect(parseConfig({ VITE_ADMIN_LOGIN: '  ' })).toEqual(DEFAULT_CONFIG);
  });

  it('takes overrides and drops trailing slashes', () => {
    const config = parseConfig({
      VITE_ADMIN_LOGIN: 'staff-login',
      VITE_SCHEDULER_API_URL: 'https://api.example.test/scheduler/',
      VITE_CONFIG_API_URL: '/auth/',
    });
    expect(config.adminLoginPath).toBe('staff-login');
    expect(config.schedulerApiUrl).toBe('https://api.example.test/scheduler');
    expect(config.configApiUrl).toBe('/auth');
  });

  it('fails fast on values that cannot work', () => {
    expect(() => parseConfig({ VITE_ADMIN_LOGIN: 'admin' })).toThrow(/VITE_ADMIN_LOGIN/);
    expect(() => parseConfig({ VITE_ADMIN_LOGIN: 'a/b' })).toThrow(/single URL path segment/);
    expect(() => parseConfig({ VITE_SCHEDULER_API_URL: 'api.example.test' })).toThrow(
      /VITE_SCHEDULER_API_URL/,
    );
    expect(() => parseConfig({ VITE_TRACK_URL: '//evil.example/track' })).toThrow(/VITE_TRACK_URL/);
  });
});
