import type { Db } from '../../platform/db/database.ts';
import { inWriteTransaction } from '../../platform/db/transaction.ts';
import { createAuditLog } from '../../platform/audit/audit-log.ts';
import { createAuditRepository } from '../../platform/audit/audit-repository.ts';
import { hashPassword } from '../../platform/auth/password.ts';
import { assertAcceptablePassword } from '../../platform/auth/password-policy.ts';
import { createSecretBox } from '../../platform/auth/secret-box.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { EmailTransport } from '../../platform/outbound/transports.ts';
import { createAccountMailer } from './account-emails.ts';
import { createInvitationsRepository } from './invitations-repository.ts';
import { createInvitationsService } from './invitations-service.ts';

/*
 * The first owner of a brand, from the command line (`npm run admin:create-owner`, helper G's
 * CLI; issue 15 finding 6: a production start on an empty database has no account). Run by the
 * server's operator, who is trusted with the link it prints. Either with a password the operator
 * types (checked against the password policy), or as an invitation the person accepts.
 * The brand is found by URL name, or created (with one scheduler) from a name.
 */

export interface OwnerBrand {
  /** The brand's URL name; when no brand has it and `brandName` is given, it is created. */
  brandSlug?: string;
  brandName?: string;
}

export interface CreateOwnerInput extends OwnerBrand {
  email: string;
  password: string;
  displayName?: string;
  now?: number;
}

export interface OwnerResult {
  clientId: number;
  brandSlug: string;
  userId: number;
  /** False when the e-mail had an account already (it became an owner; its password is unchanged). */
  createdAccount: boolean;
}

export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug === '' ? 'practice' : slug;
}

async function brandOf(trx: Db, { brandSlug, brandName }: OwnerBrand, at: number) {
  const slug = brandSlug ?? (brandName === undefined ? undefined : slugOf(brandName));
  if (slug === undefined) throw new Error('Name the brand: --brand <url name or name>');
  const existing = await trx
    .selectFrom('clients')
    .select(['id', 'slug'])
    .where('slug', '=', slug)
    .executeTakeFirst();
  if (existing !== undefined) return { clientId: existing.id, slug: existing.slug };
  if (brandName === undefined) throw new Error(`No brand has the URL name "${slug}"`);
  const client = await trx
    .insertInto('clients')
    .values({ slug, name: brandName, phone: '', frame_ancestors: '[]', created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('schedulers')
    .values({ client_id: client.id, slug: 'main', name: brandName, created_at: at, updated_at: at })
    .execute();
  return { clientId: client.id, slug };
}

/** An owner with a password chosen by the operator (the policy applies). */
export async function createOwner(db: Db, input: CreateOwnerInput): Promise<OwnerResult> {
  const email = input.email.trim().toLowerCase();
  const displayName = input.displayName?.trim() || email.split('@')[0] || email;
  assertAcceptablePassword(input.password, 'password', [email, displayName]);
  const passwordHash = await hashPassword(input.password);
  const at = input.now ?? Date.now();
  const result = await inWriteTransaction(db, async (trx) => {
    const brand = await brandOf(trx, input, at);
    const existing = await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    const userId =
      existing?.id ??
      (
        await trx
          .insertInto('users')
          .values({
            email,
            password_hash: passwordHash,
            display_name: displayName,
            created_at: at,
            updated_at: at,
            last_login_at: null,
            disabled_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const member = await trx
      .selectFrom('memberships')
      .select('id')
      .where('user_id', '=', userId)
      .where('client_id', '=', brand.clientId)
      .executeTakeFirst();
    if (member === undefined) {
      await trx
        .insertInto('memberships')
        .values({ user_id: userId, client_id: brand.clientId, role: 'owner', created_at: at })
        .execute();
    } else {
      await trx
        .updateTable('memberships')
        .set({ role: 'owner', disabled_at: null })
        .where('id', '=', member.id)
        .execute();
    }
    await trx.updateTable('users').set({ last_client_id: brand.clientId }).where('id', '=', userId).execute();
    return {
      clientId: brand.clientId,
      brandSlug: brand.slug,
      userId,
      createdAccount: existing === undefined,
    };
  });
  await createAuditLog(createAuditRepository(db)).record({
    userId: null,
    clientId: result.clientId,
    action: 'membership.create',
    recordType: 'user',
    recordId: result.userId,
    ip: null,
    details: { role: 'owner', via: 'create-owner command', created: result.createdAccount },
  });
  return result;
}

export interface InviteOwnerInput extends OwnerBrand {
  email: string;
  /** PUBLIC_URL (config.publicUrl): the link's base. */
  publicUrl: string;
  /** LOGIN_HASH_KEY (seals the link while it waits in the queue). */
  loginHashKey?: string | undefined;
  jobs?: JobQueue;
  emailTransport?: EmailTransport;
  now?: number;
}

/** An owner invitation (72 h, single use): e-mailed when a transport and queue are given; the link is returned. */
export async function inviteOwner(
  db: Db,
  input: InviteOwnerInput,
): Promise<{
  clientId: number;
  brandSlug: string;
  invitationId: number;
  delivery: 'email' | 'link';
  link: string;
}> {
  const email = input.email.trim().toLowerCase();
  const at = input.now ?? Date.now();
  const brand = await inWriteTransaction(db, (trx) => brandOf(trx, input, at));
  const mailer = createAccountMailer({
    db,
    jobs: input.jobs,
    email: input.emailTransport,
    linkBox: createSecretBox('account-email-link', input.loginHashKey),
    publicUrl: input.publicUrl,
    now: () => at,
  });
  const invitations = createInvitationsService({
    db,
    repository: createInvitationsRepository(db),
    audit: createAuditLog(createAuditRepository(db)),
    mailer,
    publicUrl: input.publicUrl,
    now: () => at,
  });
  const issued = await invitations.issue(brand.clientId, null, { email, role: 'owner' });
  return { clientId: brand.clientId, brandSlug: brand.slug, ...issued };
}
