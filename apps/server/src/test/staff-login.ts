/*
 * Test helpers for staff sessions: sign in through the real API and build the headers a browser
 * (cookie + X-XSRF-TOKEN) or the bearer fallback would send.
 */
import type { App } from '../app.ts';

export interface StaffLogin {
  token: string;
  /** The XSRF-TOKEN cookie's value. */
  xsrf: string;
  /** Headers of a cookie-authenticated request, with the X-XSRF-TOKEN header. */
  cookieHeaders: Record<string, string>;
  /** Headers of a bearer-authenticated request. */
  bearerHeaders: Record<string, string>;
}

export const DEMO_PASSWORDS = {
  owner: 'demo-owner-2026',
  admin: 'demo-admin-2026',
  staff: 'demo-staff-2026',
  viewer: 'demo-viewer-2026',
} as const;

let ipCounter = 0;

/** A distinct client address per call, so per-IP sign-in limits do not interfere between tests. */
export function nextTestIp(): string {
  ipCounter += 1;
  return `198.51.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
}

export async function loginAs(app: App, email: string, password: string): Promise<StaffLogin> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/config/login',
    payload: { email, password },
    remoteAddress: nextTestIp(),
  });
  if (response.statusCode !== 200) {
    throw new Error(`login as ${email} failed: ${response.statusCode} ${response.body}`);
  }
  const body = response.json<{ token: string }>();
  const xsrf = response.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  return {
    token: body.token,
    xsrf,
    cookieHeaders: { cookie: `sid=${body.token}; XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    bearerHeaders: { authorization: `Bearer ${body.token}` },
  };
}

export function loginAsDemo(app: App, role: keyof typeof DEMO_PASSWORDS): Promise<StaffLogin> {
  return loginAs(app, `${role}@demo.health`, DEMO_PASSWORDS[role]);
}
