import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { App } from '../../app.ts';
import type { TestDatabase } from '../../test/test-db.ts';
import { createTestApp, sqliteOnly } from '../../test/test-db.ts';
import { redactDeep, redactUrl } from './logging.ts';

const patient = {
  firstName: 'Zelophehad',
  lastName: 'Quixotically',
  dateOfBirth: '1931-07-14',
  phone: '3125550199',
  email: 'zelo.quix@example.com',
};
const secrets = [...Object.values(patient), 'cookie-secret-77', 'bearer-secret-88'];

describe('request logging', () => {
  let t: TestDatabase;
  let app: App;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await sqliteOnly().create();
    app = await createTestApp(t, {
      logger: { level: 'trace', stream: { write: (line) => void lines.push(line) } },
    });
    app.post(
      '/api/test/intake',
      {
        schema: {
          body: z.object({
            firstName: z.string(),
            lastName: z.string(),
            dateOfBirth: z.string(),
            phone: z.string(),
            email: z.string(),
            insurance: z.object({ memberId: z.string() }).optional(),
          }),
        },
      },
      (request) => {
        // Even a careless log call must not leak identity.
        request.log.info(
          { patient: request.body, nested: { deeper: { patient: request.body } } },
          'intake received',
        );
        request.log.info(request.body, 'raw body');
        request.log.info({ rows: [{ patient_first_name: 'Zelophehad', first_name: 'Zelophehad' }] }, 'rows');
        return { ok: true };
      },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await t.destroy();
  });

  it('logs requests with patient fields without any of their values', async () => {
    const query = new URLSearchParams({
      firstName: patient.firstName,
      email: patient.email,
      utm_source: 'google',
    });
    const response = await app.inject({
      method: 'POST',
      url: `/api/test/intake?${query.toString()}`,
      headers: { cookie: 'session=cookie-secret-77', authorization: 'Bearer bearer-secret-88' },
      payload: { ...patient, insurance: { memberId: 'XJH123456789' } },
    });
    expect(response.statusCode).toBe(200);
    // A failing validation and an unknown route are logged too.
    await app.inject({ method: 'POST', url: '/api/test/intake', payload: { ...patient, phone: 42 } });
    await app.inject({ method: 'POST', url: `/api/unknown?lastName=${patient.lastName}`, payload: patient });

    const output = lines.join('');
    expect(output).toContain('intake received');
    expect(output).toContain('utm_source=google');
    for (const secret of [...secrets, 'XJH123456789']) expect(output).not.toContain(secret);
  });

  it('keeps error stacks and non-identifying fields', () => {
    lines.length = 0;
    app.log.error({ err: new Error('boom'), locationId: 3, providerId: 7 }, 'failure');
    const entry = JSON.parse(lines.join('')) as {
      err: { message: string; stack: string };
      locationId: number;
    };
    expect(entry.err.message).toBe('boom');
    expect(entry.err.stack).toContain('Error: boom');
    expect(entry.locationId).toBe(3);
  });

  it('censors compound keys and cuts cycles', () => {
    const cyclic: Record<string, unknown> = { homePhone: '3125550100' };
    cyclic.self = cyclic;
    expect(redactDeep({ a: cyclic, b: [{ emailAddress: 'a@b.c' }] })).toEqual({
      a: { homePhone: '[Redacted]', self: '[Circular]' },
      b: [{ emailAddress: '[Redacted]' }],
    });
  });

  it('cleans identifying query parameters from URLs', () => {
    expect(redactUrl('/api/x?firstName=Ann&location=3')).toBe('/api/x?firstName=[Redacted]&location=3');
    expect(redactUrl('/api/x')).toBe('/api/x');
  });
});
