/** What the race and crash harnesses call and aim at: server instances (inject or HTTP), free slot targets, a seeded random source. */
import type { GetProvidersResponse } from '@scheduler/contract/scheduler-api';
import type { App } from '../../src/app.ts';
import type { Db } from '../../src/platform/db/database.ts';
import { query } from '../../src/test/public-api-fixture.ts';
import { onlineServices } from './db/brand-records.ts';

export interface Answer {
  status: number;
  body: unknown;
}

/** One server instance as a client sees it. */
export interface RaceInstance {
  name: string;
  send(request: {
    method: string;
    url: string;
    payload?: unknown;
    headers?: Record<string, string>;
  }): Promise<Answer>;
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** An in-process instance called through `inject` (no sockets). */
export function injectInstance(app: App, name = 'inject'): RaceInstance {
  return {
    name,
    async send({ method, url, payload, headers }) {
      const response = await app.inject({
        method: method as 'GET',
        url,
        ...(payload === undefined ? {} : { payload: payload as object }),
        ...(headers === undefined ? {} : { headers }),
      });
      return { status: response.statusCode, body: parseBody(response.body) };
    },
  };
}

/** An instance listening on a port of 127.0.0.1, called over HTTP. */
export async function listeningInstance(app: App, name: string): Promise<RaceInstance> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    name: `${name} (${address})`,
    async send({ method, url, payload, headers }) {
      const response = await fetch(`${address}${url}`, {
        method,
        headers: { ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
      });
      return { status: response.status, body: parseBody(await response.text()) };
    },
  };
}

export interface SlotTarget {
  providerId: string;
  serviceId: string;
  locationId: string;
  startUtc: string;
}

/** Free slots of a few providers in two or more services (overlapping intervals of different lengths). */
export async function raceTargets(
  instance: RaceInstance,
  db: Db,
  brand: { clientId: number; slug: string; schedulerSlug: string },
  options: { providers: number; slotsPerService: number },
): Promise<SlotTarget[]> {
  const byProvider = new Map<string, SlotTarget[]>();
  for (const service of await onlineServices(db, brand.clientId)) {
    const answer = await instance.send({
      method: 'GET',
      url: `/api/scheduler/getProviders?${query({
        clientName: brand.slug,
        scheduler: brand.schedulerSlug,
        appointmentTypeId: service.id,
        locationId: 'all',
      })}`,
    });
    if (answer.status !== 200) continue;
    for (const card of (answer.body as GetProvidersResponse).providers) {
      const slots = card.slots.slice(0, options.slotsPerService);
      if (slots.length === 0) continue;
      const list = byProvider.get(card.providerId) ?? [];
      list.push(
        ...slots.map((slot) => ({
          providerId: card.providerId,
          serviceId: String(service.id),
          locationId: slot.locationId,
          startUtc: slot.startUtc,
        })),
      );
      byProvider.set(card.providerId, list);
    }
  }
  // Providers offering the most services first: their slots overlap across services.
  const chosen = [...byProvider.values()]
    .sort((a, b) => new Set(b.map((t) => t.serviceId)).size - new Set(a.map((t) => t.serviceId)).size)
    .slice(0, options.providers);
  return chosen.flat();
}

/** A small seeded generator (mulberry32): reproducible choices. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
