/*
 * The tenant (client, i.e. practice brand) that database work runs for, carried by an
 * AsyncLocalStorage store. On PostgreSQL every connection handed to a query is first put on that
 * tenant (database.ts: `app.client_id` and `app.tenant_scope`), and the row-level security
 * policies of migration 006 let a connection see and write only its tenant's rows. SQLite has no
 * row-level security: there the context is carried but not used.
 *
 *  - No store (start-up, migrations, seed, CLIs, tests' fixtures): system scope, every row.
 *  - An HTTP request starts in system scope (the sign-in, the session and the brand membership
 *    are looked up across brands) and moves to its tenant once that is known (http hooks in
 *    tenant-requests.ts): the staff guard's authorised brand, or the public booking URL's client.
 *  - `asSystem(fn)` runs explicit cross-tenant work in system scope from inside a request.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** What a database session is put on. */
export type TenantSetting =
  | { scope: 'system' }
  /** One client: by id, by URL name (slug), or by either (`ref`: digits are an id, else a slug). */
  | { scope: 'tenant'; clientId: number }
  | { scope: 'tenant'; clientSlug: string }
  | { scope: 'tenant'; clientRef: string };

/** The mutable holder of one request's setting (hooks move it from system to the tenant). */
export interface TenantStore {
  setting: TenantSetting;
}

const SYSTEM: TenantSetting = { scope: 'system' };
const storage = new AsyncLocalStorage<TenantStore>();

/** The setting for database work started now. */
export function currentTenant(): TenantSetting {
  return storage.getStore()?.setting ?? SYSTEM;
}

/** Runs `fn` with its own store (a request), starting in `setting` (default system). */
export function runWithTenantStore<T>(fn: () => T, setting: TenantSetting = SYSTEM): T {
  return storage.run({ setting }, fn);
}

/** Moves the current store (the request's) to `setting`; a no-op outside a store. */
export function setTenant(setting: TenantSetting): void {
  const store = storage.getStore();
  if (store !== undefined) store.setting = setting;
}

/**
 * Replaces the current store's setting `from` by the same tenant `to`, resolved (database.ts:
 * a client named by URL name, once looked up, by its id). No-op when the setting moved on.
 */
export function settleTenant(from: TenantSetting, to: TenantSetting): void {
  const store = storage.getStore();
  if (store?.setting === from) store.setting = to;
}

/** Runs `fn` on one client, whatever the surrounding scope. */
export function asTenant<T>(clientId: number, fn: () => T): T {
  return storage.run({ setting: { scope: 'tenant', clientId } }, fn);
}

/** Runs explicit cross-tenant work (a brand list, a lookup by URL name) in system scope. */
export function asSystem<T>(fn: () => T): T {
  return storage.run({ setting: SYSTEM }, fn);
}

/** A key per distinct setting: a connection already put on it is not put on it again. */
export function tenantSettingKey(setting: TenantSetting): string {
  if (setting.scope === 'system') return 'system';
  if ('clientId' in setting) return `id:${setting.clientId}`;
  if ('clientSlug' in setting) return `slug:${setting.clientSlug}`;
  return `ref:${setting.clientRef}`;
}
