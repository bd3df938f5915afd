/*
 * The demo practices shown by `npm start`: two brands with locations in four US time
 * zones, 21 providers, services (one call-to-schedule, one offline per brand), insurance
 * carriers/plans/types/top packages and weekly hours. Addresses are real streets with
 * their real ZIP codes; coordinates come from the offline `zipcodes` dataset. People are
 * invented.
 *
 * One file per brand in `brands/`; the shapes in `catalogue-spec.ts`.
 */
import type { BrandSpec } from './catalogue-spec.ts';
import { brightSmile } from './brands/bright-smile.ts';
import { northside } from './brands/northside.ts';

export const DEMO_SCHEDULER_SLUG = 'main';

export const demoBrands: readonly BrandSpec[] = [brightSmile, northside];

/** What `main.ts` prints after start-up. */
export const demoEntry = {
  clientSlug: brightSmile.slug,
  schedulerSlug: DEMO_SCHEDULER_SLUG,
  locationSlug: brightSmile.locations[0]?.slug ?? 'all',
  ownerEmail: 'owner@demo.health',
  ownerPassword: 'demo-owner-2026',
} as const;

export interface DemoUserSpec {
  email: string;
  password: string;
  displayName: string;
  /** Brand slug → role. */
  roles: Readonly<Record<string, 'owner' | 'admin' | 'staff' | 'viewer'>>;
}

export const demoUsers: readonly DemoUserSpec[] = [
  {
    email: 'owner@demo.health',
    password: 'demo-owner-2026',
    displayName: 'Morgan Reyes',
    roles: { brightsmile: 'owner', northside: 'owner' },
  },
  {
    email: 'admin@demo.health',
    password: 'demo-admin-2026',
    displayName: 'Alex Kim',
    roles: { brightsmile: 'admin' },
  },
  {
    email: 'staff@demo.health',
    password: 'demo-staff-2026',
    displayName: 'Sam Patel',
    roles: { brightsmile: 'staff' },
  },
  {
    email: 'viewer@demo.health',
    password: 'demo-viewer-2026',
    displayName: 'Jordan Lee',
    roles: { brightsmile: 'viewer' },
  },
];
