import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { Config } from '../config.ts';

/**
 * Security headers for every response. The CSP allows no inline script; inline styles are
 * allowed because the UI library (MUI/emotion) injects style elements at run time.
 * `frame-ancestors 'none'` (and X-Frame-Options DENY) by default: the widget route replaces
 * both with the client's allow-list.
 */
export function helmetOptions(config: Pick<Config, 'cookieSecure'>): FastifyHelmetOptions {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  // Only behind HTTPS: on plain-HTTP localhost it would break every same-origin request.
  if (config.cookieSecure) directives['upgrade-insecure-requests'] = [];
  return {
    contentSecurityPolicy: { useDefaults: false, directives },
    frameguard: { action: 'deny' },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
  };
}
