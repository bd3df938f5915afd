/*
 * `/api/scheduler/admin/partners` (issue 20): the brand's trusted partners (OAuth clients of the
 * FHIR `$hold`/`$book`). Owner only: the owner's permission `users:manage` (a partner client is a
 * credential, like a staff account). Creating and revoking are audited; the secret is answered once,
 * by the create, and only its SHA-256 is stored.
 */
import {
  PARTNERS_PATH,
  createPartnerRequestSchema,
  createPartnerResponseSchema,
  partnerParamsSchema,
  partnersQuerySchema,
  partnersResponseSchema,
  revokePartnerRequestSchema,
  revokePartnerResponseSchema,
} from '@scheduler/contract/admin/partners';
import type { PartnerClient } from '@scheduler/contract/admin/partners';
import { DomainError } from '@scheduler/domain/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuditActor } from '../../../platform/audit/audit-log.ts';
import { createAuditLog } from '../../../platform/audit/audit-log.ts';
import { createAuditRepository } from '../../../platform/audit/audit-repository.ts';
import { staffOf } from '../../../platform/auth/request-guard.ts';
import type { Db } from '../../../platform/db/database.ts';
import { inWriteTransaction } from '../../../platform/db/transaction.ts';
import { staffRouteKit } from '../../../platform/http/staff-route-kit.ts';
import { fhirBaseUrl } from '../fhir/deep-link-url.ts';
import type { OpenAvailabilityOptions } from '../options.ts';
import { newClientIdentifier, newClientSecret, secretHashOf } from './partner-credentials.ts';
import { findPartner, insertPartner, listPartners, revokePartner } from './partner-repository.ts';
import type { PartnerRecord } from './partner-repository.ts';

const TAGS = ['open availability (admin)'];
/** The owner's own permission: only owners manage partner credentials. */
const OWNER_ONLY = 'users:manage' as const;

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

export function toPartnerClient(record: PartnerRecord): PartnerClient {
  return {
    partnerId: String(record.id),
    name: record.name,
    clientIdentifier: record.clientIdentifier,
    createdAt: new Date(record.createdAt).toISOString(),
    createdBy: record.createdBy,
    lastUsedAt: iso(record.lastUsedAt),
    revokedAt: iso(record.revokedAt),
    status: record.revokedAt === null ? 'active' : 'revoked',
  };
}

async function endpointsOf(db: Db, publicUrl: string, clientId: number) {
  const client = await db.selectFrom('clients').select('slug').where('id', '=', clientId).executeTakeFirst();
  if (client === undefined) throw new DomainError('NOT_FOUND');
  const base = fhirBaseUrl(publicUrl, client.slug);
  return { fhirBaseUrl: base, tokenUrl: `${base}/auth/token` };
}

export const partnerAdminRoutes: FastifyPluginAsyncZod<OpenAvailabilityOptions> = (app, options) => {
  const { db, now, config } = options;
  const { guard } = app.staffAuth;
  const kit = staffRouteKit(app, guard, TAGS);
  const auditIn = (trx: Db) => createAuditLog(createAuditRepository(trx), () => now().getTime());

  kit.get(PARTNERS_PATH, {
    summary:
      "The brand's trusted partners (OAuth 2.0 clients of the FHIR $hold and $book), newest first, with the token URL and FHIR base to give them (owner only)",
    permission: OWNER_ONLY,
    querystring: partnersQuerySchema,
    response: partnersResponseSchema,
    handle: async (actor: AuditActor) => ({
      partners: (await listPartners(db, actor.clientId)).map(toPartnerClient),
      ...(await endpointsOf(db, config.publicUrl, actor.clientId)),
    }),
  });

  app.post(
    PARTNERS_PATH,
    {
      preHandler: guard.requireStaff({ permission: OWNER_ONLY }),
      schema: {
        tags: TAGS,
        summary:
          'Create a partner client: answers its client id and its secret, shown this once (only its hash is kept) (owner only; audited)',
        body: createPartnerRequestSchema,
        response: { 201: createPartnerResponseSchema },
      },
    },
    async (request, reply) => {
      const { actor } = staffOf(request);
      const nowMs = now().getTime();
      const clientSecret = newClientSecret();
      const partnerId = await inWriteTransaction(db, async (trx) => {
        const id = await insertPartner(trx, {
          clientId: actor.clientId,
          name: request.body.name,
          clientIdentifier: newClientIdentifier(),
          secretHash: secretHashOf(clientSecret),
          createdByUserId: actor.userId,
          now: nowMs,
        });
        await auditIn(trx).recordFor(actor, 'partner-client.create', {
          type: 'partner-client',
          id,
          details: { name: request.body.name },
        });
        return id;
      });
      const partner = await findPartner(db, actor.clientId, partnerId);
      if (partner === undefined) throw new DomainError('CONFLICT');
      const { tokenUrl } = await endpointsOf(db, config.publicUrl, actor.clientId);
      return reply
        .status(201)
        .header('cache-control', 'no-store')
        .send({ partner: toPartnerClient(partner), clientSecret, tokenUrl });
    },
  );

  app.post(
    `${PARTNERS_PATH}/:partnerId/revoke`,
    {
      preHandler: guard.requireStaff({ permission: OWNER_ONLY }),
      schema: {
        tags: TAGS,
        summary:
          'Revoke a partner client: no new token, its tokens stop working and its holds are released at once; revoking again changes nothing (owner only; audited)',
        params: partnerParamsSchema,
        body: revokePartnerRequestSchema,
        response: { 200: revokePartnerResponseSchema },
      },
    },
    async (request) => {
      const { actor } = staffOf(request);
      const { partnerId } = request.params;
      const nowMs = now().getTime();
      const before = await findPartner(db, actor.clientId, partnerId);
      if (before === undefined) throw new DomainError('NOT_FOUND', 'This partner does not exist.');
      await inWriteTransaction(db, async (trx) => {
        if (!(await revokePartner(trx, actor.clientId, partnerId, nowMs))) throw new DomainError('NOT_FOUND');
        if (before.revokedAt === null)
          await auditIn(trx).recordFor(actor, 'partner-client.revoke', {
            type: 'partner-client',
            id: partnerId,
            details: { name: before.name },
          });
      });
      const partner = await findPartner(db, actor.clientId, partnerId);
      if (partner === undefined) throw new DomainError('NOT_FOUND');
      return { partner: toPartnerClient(partner) };
    },
  );

  return Promise.resolve();
};
