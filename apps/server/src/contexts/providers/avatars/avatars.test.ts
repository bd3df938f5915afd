/*
 * Issue 15, finding 11 (avatars): `/api/avatars/{id}.svg` drew any provider of any brand, the
 * unpublished ones included, so counting ids listed every provider's full name. The URL now names
 * the brand, and the avatar needs a provider of that brand who is published (bookable online).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublicFixture } from '../../../test/public-api-fixture.ts';
import { createPublicFixture } from '../../../test/public-api-fixture.ts';
import { testDatabases } from '../../../test/test-db.ts';

vi.mock(import('../../../platform/auth/password.ts'), async (original) =>
  (await import('../../../test/fast-passwords.ts')).fastPasswords(original),
);

describe.each(testDatabases())('provider avatars on $name', (target) => {
  let f: PublicFixture;

  beforeAll(async () => {
    f = await createPublicFixture(target);
  });
  afterAll(async () => {
    await f.close();
  });

  const get = (url: string) => f.app.inject({ method: 'GET', url });

  async function providerOf(clientId: number) {
    return f.t.db
      .selectFrom('providers')
      .select(['id', 'first_name', 'last_name', 'photo_url'])
      .where('client_id', '=', clientId)
      .where('online_bookable', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
  }

  it("draws a published provider's initials under their brand's URL, which is the photo the seed stores", async () => {
    const provider = await providerOf(f.brightsmile.clientId);
    expect(provider.photo_url).toBe(`/api/avatars/brightsmile/${provider.id}.svg`);
    const response = await get(`/api/avatars/brightsmile/${provider.id}.svg`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.body).toContain(`>${provider.first_name[0]}${provider.last_name[0]}</text>`);
  });

  it('answers 404 for a provider of another brand', async () => {
    const other = await providerOf(f.northside.clientId);
    const response = await get(`/api/avatars/brightsmile/${other.id}.svg`);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain(other.last_name);
    expect((await get(`/api/avatars/northside/${other.id}.svg`)).statusCode).toBe(200);
  });

  it('answers 404 for an unpublished provider (not bookable online)', async () => {
    const provider = await providerOf(f.brightsmile.clientId);
    await f.t.db.updateTable('providers').set({ online_bookable: 0 }).where('id', '=', provider.id).execute();
    try {
      const response = await get(`/api/avatars/brightsmile/${provider.id}.svg`);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain(provider.last_name);
    } finally {
      await f.t.db
        .updateTable('providers')
        .set({ online_bookable: 1 })
        .where('id', '=', provider.id)
        .execute();
    }
  });

  it('answers 404 on the old URL that named only the id, and for an unknown brand', async () => {
    const provider = await providerOf(f.brightsmile.clientId);
    const old = await get(`/api/avatars/${provider.id}.svg`);
    expect(old.statusCode).toBe(404);
    expect(old.body).not.toContain(provider.last_name);
    expect((await get(`/api/avatars/no-such-brand/${provider.id}.svg`)).statusCode).toBe(404);
    const bad = await get('/api/avatars/brightsmile/abc.svg');
    expect(bad.statusCode).toBe(400);
  });
});
