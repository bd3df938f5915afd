import { BOOKING_MESSAGES } from '@scheduler/domain/messages';
import { RELATIONSHIPS } from '@scheduler/contract/booking';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublicFixture } from '../../../test/public-api-fixture.ts';
import { createPublicFixture, query, setSetting, writeCounts } from '../../../test/public-api-fixture.ts';
import { testDatabases } from '../../../test/test-db.ts';

// The demo's staff passwords play no part here: skip scrypt (about 1 s of CPU per seed).
vi.mock(import('../../../platform/auth/password.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  hashPassword: (password: string) => Promise.resolve(`test-only$${password}`),
}));

describe.each(testDatabases())('insurance endpoints on $name', (target) => {
  let f: PublicFixture;

  beforeAll(async () => {
    f = await createPublicFixture(target);
  });
  afterAll(async () => {
    await f.close();
  });

  const get = (path: string) =>
    f.app.inject({
      method: 'GET',
      url: `/api/scheduler/${path}?${query({ clientName: 'brightsmile', scheduler: 'main' })}`,
    });
  const validate = (payload: Record<string, unknown>) =>
    f.app.inject({
      method: 'POST',
      url: '/api/scheduler/insuranceValidation',
      payload: { clientName: 'brightsmile', scheduler: 'main', ...payload },
    });

  async function plansOf(provider: string) {
    const accepted = new Set(
      (
        await f.t.db
          .selectFrom('provider_insurance_plans')
          .select('plan_id')
          .where('provider_id', '=', f.brightsmile.providers[provider] ?? 0)
          .execute()
      ).map((row) => row.plan_id),
    );
    const plans = await f.t.db
      .selectFrom('insurance_plans')
      .select('id')
      .where('client_id', '=', f.brightsmile.clientId)
      .orderBy('id')
      .execute();
    const inside = plans.find((p) => accepted.has(p.id));
    const outside = plans.find((p) => !accepted.has(p.id));
    if (inside === undefined || outside === undefined)
      throw new Error('seed: need an accepted and a refused plan');
    return { inside: String(inside.id), outside: String(outside.id) };
  }

  it('GET getInsurance: carriers by name with their plans', async () => {
    const response = await get('getInsurance');
    expect(response.statusCode).toBe(200);
    const carriers = response.json<{
      carriers: { name: string; plans: { name: string; topRank: number | null }[] }[];
    }>().carriers;
    const names = carriers.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(carriers.find((c) => c.name === 'Delta Dental')?.plans.map((p) => p.name)).toEqual([
      'Delta Dental PPO',
      'Delta Dental Premier',
      'DeltaCare USA',
    ]);
    expect(carriers.flatMap((c) => c.plans)).toHaveLength(12);
  });

  it('GET insurance/topInsurancePackage: the ranked top packages', async () => {
    const response = await get('insurance/topInsurancePackage');
    const packages = response.json<{ packages: { name: string; rank: number }[] }>().packages;
    expect(packages.map((p) => [p.rank, p.name])).toEqual([
      [1, 'Delta Dental PPO'],
      [2, 'MetLife PDP Plus'],
      [3, 'Cigna Dental 1500'],
      [4, 'Aetna Dental PPO'],
      [5, 'Guardian DentalGuard Preferred'],
    ]);
  });

  it('GET insurance/topInsurancePackage with providerId: only the plans the provider accepts', async () => {
    const providerId = f.brightsmile.providers.Carter ?? 0;
    const accepted = new Set(
      (
        await f.t.db
          .selectFrom('provider_insurance_plans')
          .select('plan_id')
          .where('provider_id', '=', providerId)
          .execute()
      ).map((row) => String(row.plan_id)),
    );
    const all = (await get('insurance/topInsurancePackage')).json<{ packages: { planId: string }[] }>()
      .packages;
    const response = await f.app.inject({
      method: 'GET',
      url: `/api/scheduler/insurance/topInsurancePackage?${query({
        clientName: 'brightsmile',
        scheduler: 'main',
        providerId: String(providerId),
      })}`,
    });
    expect(response.statusCode).toBe(200);
    const packages = response.json<{ packages: { planId: string }[] }>().packages;
    expect(packages.map((p) => p.planId)).toEqual(
      all.map((p) => p.planId).filter((planId) => accepted.has(planId)),
    );
    // Another brand's provider accepts none of these plans; a malformed id is a 400, never a 500.
    const other = await f.app.inject({
      method: 'GET',
      url: `/api/scheduler/insurance/topInsurancePackage?${query({
        clientName: 'brightsmile',
        scheduler: 'main',
        providerId: String(f.northside.providers.Okafor),
      })}`,
    });
    expect(other.json()).toEqual({ packages: [] });
    const bad = await f.app.inject({
      method: 'GET',
      url: '/api/scheduler/insurance/topInsurancePackage?clientName=brightsmile&scheduler=main&providerId=%3Cx%3E',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('GET getInsuranceType and insurance/getRelationshipToPatient', async () => {
    const types = (await get('getInsuranceType')).json<{ types: { name: string }[] }>().types;
    expect(types.map((t) => t.name)).toEqual(['PPO', 'DHMO', 'Indemnity', 'Discount Plan']);
    const relationships = (await get('insurance/getRelationshipToPatient')).json<{
      relationships: { value: string; label: string }[];
    }>().relationships;
    expect(relationships).toEqual(RELATIONSHIPS.map(({ value, label }) => ({ value, label })));
  });

  it('POST insuranceValidation: in-network, or the spec message when not (insurance 1 Yes)', async () => {
    const { inside, outside } = await plansOf('Carter');
    const providerId = String(f.brightsmile.providers.Carter);
    const before = await writeCounts(f.t.db);
    expect((await validate({ providerId, planId: inside })).json()).toEqual({
      inNetwork: true,
      message: null,
    });
    const refused = await validate({ providerId, planId: outside });
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toEqual({ inNetwork: false, message: BOOKING_MESSAGES.INSURANCE_NOT_IN_NETWORK });
    expect((await validate({ providerId, planId: null })).json()).toEqual({ inNetwork: true, message: null });
    expect(await writeCounts(f.t.db)).toEqual(before);
  });

  it('does not refuse any plan when compatibility is not checked (insurance 1 No)', async () => {
    const { outside } = await plansOf('Carter');
    await setSetting(f.t.db, f.brightsmile, 'insurance', 1, 'No');
    try {
      const response = await validate({
        providerId: String(f.brightsmile.providers.Carter),
        planId: outside,
      });
      expect(response.json()).toEqual({ inNetwork: true, message: null });
    } finally {
      await setSetting(f.t.db, f.brightsmile, 'insurance', 1, 'Yes');
    }
  });

  it('accepts self-pay only when insurance 3 is Yes', async () => {
    const providerId = String(f.brightsmile.providers.Carter);
    const refused = await validate({ providerId, planId: null, selfPay: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: { code: 'VALIDATION', details: { fields: [{ path: 'selfPay' }] } },
    });
    await setSetting(f.t.db, f.brightsmile, 'insurance', 3, 'Yes');
    try {
      const accepted = await validate({ providerId, planId: null, selfPay: true });
      expect(accepted.json()).toEqual({ inNetwork: true, message: null });
    } finally {
      await setSetting(f.t.db, f.brightsmile, 'insurance', 3, null);
    }
  });

  it('answers 404 for an unknown provider or plan and 422 for a provider not bookable online', async () => {
    const { inside } = await plansOf('Carter');
    expect((await validate({ providerId: '99999', planId: inside })).statusCode).toBe(404);
    expect(
      (await validate({ providerId: String(f.brightsmile.providers.Carter), planId: '99999' })).statusCode,
    ).toBe(404);
    const offline = await validate({ providerId: String(f.brightsmile.providers.Patel), planId: inside });
    expect(offline.statusCode).toBe(422);
    expect(offline.json()).toMatchObject({
      error: { code: 'PROVIDER_NOT_ONLINE', message: BOOKING_MESSAGES.PROVIDER_NOT_ONLINE },
    });
    // Another client's provider is unknown here.
    const other = await validate({ providerId: String(f.northside.providers.Okafor), planId: null });
    expect(other.statusCode).toBe(404);
  });

  describe('POST insurance/postInsurance', () => {
    const post = (payload: unknown) =>
      f.app.inject({
        method: 'POST',
        url: '/api/scheduler/insurance/postInsurance',
        payload: payload as Record<string, unknown>,
      });
    const scope = { clientName: 'brightsmile', scheduler: 'main' };

    async function planRow(planId: string) {
      return f.t.db
        .selectFrom('insurance_plans as p')
        .innerJoin('insurance_carriers as c', 'c.id', 'p.carrier_id')
        .select(['p.name as plan', 'c.name as carrier', 'c.id as carrierId'])
        .where('p.id', '=', Number(planId))
        .executeTakeFirstOrThrow();
    }

    it('answers the normalized policy and whether the chosen provider takes it, writing nothing', async () => {
      const { inside, outside } = await plansOf('Carter');
      const providerId = String(f.brightsmile.providers.Carter);
      const row = await planRow(inside);
      const before = await writeCounts(f.t.db);
      const insurance = {
        selfPay: false,
        carrierId: String(row.carrierId),
        planId: inside,
        memberId: '  ab-12   34 ',
        relationship: 'spouse',
      };
      const accepted = await post({ ...scope, providerId, insurance });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toEqual({
        policy: {
          selfPay: false,
          carrierId: String(row.carrierId),
          carrierName: row.carrier,
          planId: inside,
          planName: row.plan,
          memberId: 'ab-12 34',
          relationship: 'spouse',
          relationshipLabel: 'Spouse',
        },
        inNetwork: true,
        message: null,
      });

      // Any provider: nothing to check against.
      const anyProvider = await post({ ...scope, insurance });
      expect(anyProvider.json()).toMatchObject({ inNetwork: null, message: null });

      // Out of network with insurance 1 Yes: the spec's message (a refusal the step shows, not an error).
      const outRow = await planRow(outside);
      const refused = await post({
        ...scope,
        providerId,
        insurance: { ...insurance, carrierId: String(outRow.carrierId), planId: outside },
      });
      expect(refused.statusCode).toBe(200);
      expect(refused.json()).toMatchObject({
        policy: { planId: outside, planName: outRow.plan },
        inNetwork: false,
        message: BOOKING_MESSAGES.INSURANCE_NOT_IN_NETWORK,
      });
      expect(await writeCounts(f.t.db)).toEqual(before);
    });

    it('always accepts no insurance; self-pay only when insurance 3 is Yes', async () => {
      const providerId = String(f.brightsmile.providers.Carter);
      const none = await post({ ...scope, providerId, insurance: null });
      expect(none.statusCode).toBe(200);
      expect(none.json()).toEqual({ policy: null, inNetwork: null, message: null });

      const selfPay = await post({ ...scope, providerId, insurance: { selfPay: true } });
      expect(selfPay.statusCode).toBe(400);
      expect(selfPay.json()).toMatchObject({
        error: { code: 'VALIDATION', details: { fields: [{ path: 'insurance.selfPay' }] } },
      });
      await setSetting(f.t.db, f.brightsmile, 'insurance', 3, 'Yes');
      try {
        const offered = await post({ ...scope, providerId, insurance: { selfPay: true } });
        expect(offered.json()).toEqual({ policy: { selfPay: true }, inNetwork: null, message: null });
      } finally {
        await setSetting(f.t.db, f.brightsmile, 'insurance', 3, null);
      }
    });

    it('answers 400 for a malformed body, never a 500', async () => {
      const { inside } = await plansOf('Carter');
      const row = await planRow(inside);
      const good = {
        selfPay: false,
        carrierId: String(row.carrierId),
        planId: inside,
        memberId: 'AB1234',
        relationship: 'self',
      };
      const bodies: unknown[] = [
        { ...scope },
        { ...scope, insurance: { ...good, memberId: '' } },
        { ...scope, insurance: { ...good, memberId: '<script>' } },
        { ...scope, insurance: { ...good, relationship: 'cousin' } },
        { ...scope, insurance: { ...good, planId: 'x'.repeat(200) } },
        { ...scope, insurance: { selfPay: 'yes' } },
        { ...scope, insurance: 'Delta' },
        { ...scope, providerId: true, insurance: null },
        { clientName: 'BAD SLUG', scheduler: 'main', insurance: null },
        [],
      ];
      for (const body of bodies) {
        const response = await post(body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json()).toMatchObject({ error: { code: 'VALIDATION' } });
      }
    });

    it('answers 404 for an unknown, inactive or mismatched plan and provider, 422 for an offline provider', async () => {
      const { inside } = await plansOf('Carter');
      const row = await planRow(inside);
      const insurance = {
        selfPay: false,
        carrierId: String(row.carrierId),
        planId: inside,
        memberId: 'AB1234',
        relationship: 'self',
      };
      const expectNotFound = async (payload: unknown, path: string) => {
        const response = await post(payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(404);
        expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND', details: { field: path } } });
      };
      await expectNotFound({ ...scope, insurance: { ...insurance, planId: '99999' } }, 'insurance.planId');
      await expectNotFound({ ...scope, insurance: { ...insurance, carrierId: '99999' } }, 'insurance.planId');
      await expectNotFound({ ...scope, providerId: '99999', insurance }, 'providerId');
      // Another brand's plan and provider are unknown here.
      const northsidePlan = await f.t.db
        .selectFrom('insurance_plans')
        .select(['id', 'carrier_id'])
        .where('client_id', '=', f.northside.clientId)
        .executeTakeFirst();
      if (northsidePlan)
        await expectNotFound(
          {
            ...scope,
            insurance: {
              ...insurance,
              planId: String(northsidePlan.id),
              carrierId: String(northsidePlan.carrier_id),
            },
          },
          'insurance.planId',
        );
      await expectNotFound(
        { ...scope, providerId: String(f.northside.providers.Okafor), insurance: null },
        'providerId',
      );
      expect((await post({ clientName: 'nobody', scheduler: 'main', insurance: null })).statusCode).toBe(404);

      // A plan staff deactivated can no longer be given.
      await f.t.db
        .updateTable('insurance_plans')
        .set({ active: 0 })
        .where('id', '=', Number(inside))
        .execute();
      try {
        await expectNotFound({ ...scope, insurance }, 'insurance.planId');
      } finally {
        await f.t.db
          .updateTable('insurance_plans')
          .set({ active: 1 })
          .where('id', '=', Number(inside))
          .execute();
      }

      const offline = await post({ ...scope, providerId: String(f.brightsmile.providers.Patel), insurance });
      expect(offline.statusCode).toBe(422);
      expect(offline.json()).toMatchObject({
        error: { code: 'PROVIDER_NOT_ONLINE', message: BOOKING_MESSAGES.PROVIDER_NOT_ONLINE },
      });
    });
  });
});
