import { apiErrorBodySchema } from '@scheduler/contract/errors';
import { DomainError } from '@scheduler/domain/errors';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installErrorHandling, sendApiNotFound } from './errors.ts';

/** The one error body: Fastify's own schema validation answers with `details.fields`, like a use case. */
describe('the error handler', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    installErrorHandling(app, async (_request, reply) => {
      await sendApiNotFound(reply);
    });
    const typed = app.withTypeProvider<ZodTypeProvider>();
    typed.post(
      '/api/test/field-errors',
      {
        schema: {
          body: z.object({ name: z.string().min(1), contact: z.object({ email: z.email() }) }),
          querystring: z.object({ page: z.coerce.number().int().positive().optional() }),
        },
      },
      (request) => ({ ok: request.body.name }),
    );
    typed.get('/api/test/refused', () => {
      throw new DomainError('VALIDATION', undefined, { fields: [{ path: 'name', message: 'Enter a name' }] });
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers an invalid body with VALIDATION and details.fields [{ path, message, in }]', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/field-errors',
      payload: { name: '', contact: { email: 'nope' } },
    });
    expect(response.statusCode).toBe(400);
    const body = apiErrorBodySchema.parse(response.json());
    expect(body.error.code).toBe('VALIDATION');
    expect(Array.isArray(body.error.details)).toBe(false);
    const fields = body.error.details?.fields ?? [];
    expect(fields.map((field) => `${field.in}:${field.path}`).sort()).toEqual([
      'body:contact.email',
      'body:name',
    ]);
    for (const field of fields) expect(field.message).toEqual(expect.any(String));
  });

  it('names the request part of a querystring field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/field-errors?page=-1',
      payload: { name: 'Ann', contact: { email: 'ann@example.com' } },
    });
    expect(response.statusCode).toBe(400);
    const body = apiErrorBodySchema.parse(response.json());
    expect(body.error.details?.fields).toEqual([
      { path: 'page', message: expect.any(String) as string, in: 'querystring' },
    ]);
  });

  it('sends a use case VALIDATION error in the same shape', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/refused' });
    expect(response.statusCode).toBe(400);
    expect(apiErrorBodySchema.parse(response.json()).error.details).toEqual({
      fields: [{ path: 'name', message: 'Enter a name' }],
    });
  });

  it('answers with codes of the catalogue only', async () => {
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/test/field-errors',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(apiErrorBodySchema.parse(malformed.json()).error.code).toBe('MALFORMED_JSON');
    const unknown = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(apiErrorBodySchema.parse(unknown.json()).error.code).toBe('NOT_FOUND');
    const media = await app.inject({
      method: 'POST',
      url: '/api/test/field-errors',
      headers: { 'content-type': 'text/x-nothing' },
      payload: 'x',
    });
    expect(media.statusCode).toBe(415);
    expect(apiErrorBodySchema.parse(media.json()).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});
