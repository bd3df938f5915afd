/*
 * Issue 22: a warm search after changes it did not make reads again only what changed (the ranges
 * the change log names) and recomputes only the days they touch — and answers exactly what a fresh
 * service computes. A seeded random sequence of bookings, cancellations, moves (in time and to
 * another provider), deletions, time off, and version raises with no change recorded (which must
 * read the provider's whole window again), written behind the service's back as another instance
 * or a CLI would.
 */
import { getProvidersQuerySchema } from '@scheduler/contract/scheduler-api';
import type { GetProvidersResponse } from '@scheduler/contract/scheduler-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicFixture } from '../../../test/public-api-fixture.ts';
import { NOW, bookSlotBehindApi, createPublicFixture } from '../../../test/public-api-fixture.ts';
import { testDatabases } from '../../../test/test-db.ts';
import { seededRandom } from '../engine-input.ts';
import { createAvailabilityRepository } from './availability-repository.ts';
import type { AvailabilityRepository } from './availability-repository.ts';
import { createAvailabilityService } from './service.ts';

/** The repository with a record of which busy reads each search made. */
function spied(repository: AvailabilityRepository): { repository: AvailabilityRepository; calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    repository: {
      ...repository,
      listBusy: (query) => {
        calls.push('whole');
        return repository.listBusy(query);
      },
      listBusyChanges: (providerIds, afterVersion) => {
        calls.push('changes');
        return repository.listBusyChanges(providerIds, afterVersion);
      },
    },
  };
}

describe.each(testDatabases())('a warm slot search after changes behind its back on $name', (target) => {
  let f: PublicFixture;
  beforeAll(async () => {
    f = await createPublicFixture(target);
  });
  afterAll(async () => {
    await f.close();
  });

  it('reads and recomputes only what changed, and answers as a fresh search does', async () => {
    const serviceId = f.brightsmile.services['Emergency Dental Visit']!;
    const whole = getProvidersQuerySchema.parse({
      clientName: 'brightsmile',
      scheduler: 'main',
      appointmentTypeId: String(serviceId),
      locationId: 'all',
    });
    const spy = spied(createAvailabilityRepository(f.t.db));
    const warm = createAvailabilityService(spy.repository, () => NOW);
    const fresh = async (query = whole): Promise<GetProvidersResponse> =>
      createAvailabilityService(createAvailabilityRepository(f.t.db), () => NOW).searchSlots(query);

    const first = await warm.searchSlots(whole);
    expect(spy.calls).toEqual(['whole']);
    const providers = first.providers.filter((p) => p.slots.length > 4).map((p) => Number(p.providerId));
    expect(providers.length).toBeGreaterThan(1);
    const patient = await f.t.db
      .selectFrom('patients')
      .select('id')
      .where('client_id', '=', f.brightsmile.clientId)
      .executeTakeFirstOrThrow();

    const random = seededRandom('issue 22: changes behind a warm search');
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const ours: number[] = [];
    const timeOff: number[] = [];
    let answer = first;
    let changedSlots = 0;

    for (let step = 0; step < 40; step++) {
      let expectWhole = false;
      let wrote = false;
      // One to three changes, often to several providers at once (their days recomputed together).
      const count = 1 + Math.floor(random() * 3);
      for (let change = 0; change < count; change++) {
        const roll = random();
        if (roll < 0.35 || ours.length === 0) {
          // A booking on one of a provider's free slots.
          const card = answer.providers.find((p) => p.providerId === String(pick(providers)));
          const slot = card === undefined || card.slots.length === 0 ? undefined : pick(card.slots);
          if (slot === undefined) continue;
          ours.push(await bookSlotBehindApi(f, slot, card!.providerId, serviceId, patient.id));
        } else if (roll < 0.5) {
          // Cancelled, or booked again.
          const id = pick(ours);
          const row = await f.t.db
            .selectFrom('appointments')
            .select('status')
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
          await f.t.db
            .updateTable('appointments')
            .set({ status: row.status === 'cancelled' ? 'booked' : 'cancelled' })
            .where('id', '=', id)
            .execute();
        } else if (roll < 0.62) {
          // Moved by a day and a half-hour (old and new ranges both change).
          const id = pick(ours);
          const row = await f.t.db
            .selectFrom('appointments')
            .select(['start_at', 'end_at'])
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
          const by = (random() < 0.5 ? 1 : -1) * (86_400_000 + 30 * 60_000);
          await f.t.db
            .updateTable('appointments')
            .set({ start_at: Number(row.start_at) + by, end_at: Number(row.end_at) + by })
            .where('id', '=', id)
            .execute();
        } else if (roll < 0.72) {
          // To another provider.
          await f.t.db
            .updateTable('appointments')
            .set({ provider_id: pick(providers) })
            .where('id', '=', pick(ours))
            .execute();
        } else if (roll < 0.8) {
          const id = pick(ours);
          await f.t.db.deleteFrom('appointments').where('id', '=', id).execute();
          ours.splice(ours.indexOf(id), 1);
        } else if (roll < 0.9 || timeOff.length === 0) {
          // Time off over part of a day in the window.
          const from =
            NOW.getTime() + Math.floor(random() * 20) * 86_400_000 + Math.floor(random() * 24) * 3_600_000;
          const row = await f.t.db
            .insertInto('time_off')
            .values({
              client_id: f.brightsmile.clientId,
              provider_id: pick(providers),
              location_id: null,
              start_at: from,
              end_at: from + 3 * 3_600_000,
              reason: 'Course',
              created_at: NOW.getTime(),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          timeOff.push(row.id);
        } else if (roll < 0.95) {
          const id = pick(timeOff);
          await f.t.db.deleteFrom('time_off').where('id', '=', id).execute();
          timeOff.splice(timeOff.indexOf(id), 1);
        } else {
          // A version raised with no change recorded: that provider is read whole again.
          await f.t.db
            .updateTable('provider_busy_versions')
            .set((eb) => ({ version: eb('version', '+', 1) }))
            .where('provider_id', '=', pick(providers))
            .execute();
          expectWhole = true;
        }
        wrote = true;
      }

      spy.calls.length = 0;
      const next = await warm.searchSlots(whole);
      expect(next, `step ${step}`).toEqual(await fresh());
      if (expectWhole) expect(spy.calls, `step ${step}`).toContain('whole');
      else expect(spy.calls, `step ${step}`).toEqual(wrote ? ['changes'] : []);
      if (JSON.stringify(next.providers) !== JSON.stringify(answer.providers)) changedSlots++;
      answer = next;

      // One day asked, as the find-appointment screen does: the same as a fresh search too.
      const day = getProvidersQuerySchema.parse({
        ...whole,
        fromDate: pick(answer.availableDates),
        days: '1',
      });
      expect(await warm.searchSlots(day), `step ${step}, one day`).toEqual(await fresh(day));
    }
    // The sequence did change what patients see (not a run of no-ops).
    expect(changedSlots).toBeGreaterThan(15);
  });
});
