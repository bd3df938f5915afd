import type { Db } from '../../platform/db/database.ts';
import type { AccountEmailKind } from '../../platform/db/schema.ts';
import type { JobQueue, RunningJob } from '../../platform/jobs/job-queue.ts';
import { PermanentJobError } from '../../platform/jobs/job-queue.ts';
import type { EmailTransport } from '../../platform/outbound/transports.ts';
import { EMAIL_NOT_CONFIGURED, PermanentDeliveryError } from '../../platform/outbound/transports.ts';
import type { SecretBox } from '../../platform/auth/secret-box.ts';
import { renderAccountEmail } from './account-email-content.ts';

/*
 * One mailer for staff accounts (issue 15, "One mailer"): invitations and password resets go
 * through the same durable queue and e-mail transport as the patient messages (issue 17).
 *
 * Where the link lives (the raw token is known only when it is made; the database keeps its
 * hash): an `account_emails` row is written IN THE SAME TRANSACTION as the invitation or reset,
 * holding the link SEALED (AES-256-GCM, secret-box.ts, key from LOGIN_HASH_KEY), and a job of
 * queue `accounts.email` carries only that row's id. The handler opens the link, renders the
 * e-mail, hands it to the transport and then CLEARS the sealed link (also when the delivery fails
 * for good), so a link is stored — encrypted — only between the request and the send. The job
 * payload never holds a token, an address or rendered text.
 *
 * Without an e-mail transport (`SMTP_URL` unset) nothing is queued: the row is recorded as
 * `not-sent` (no link kept) and the caller shows an invitation's link to the inviting owner, once.
 * A reset link is never shown to anyone but the e-mail's owner (an owner who saw it could choose
 * the person's password): without SMTP, resets are not delivered.
 */

export const ACCOUNT_EMAIL_QUEUE = 'accounts.email';

export interface AccountEmailInput {
  kind: AccountEmailKind;
  to: string;
  link: string;
  invitationId?: number;
}

export interface AccountMailer {
  /** True when e-mails can be sent (a transport is configured and a queue exists). */
  readonly delivers: boolean;
  /** Records (and, when it can, queues) an e-mail in the caller's write transaction. */
  queue(trx: Db, email: AccountEmailInput, at: number): Promise<'email' | 'link'>;
  /** The queue's handler (registered by the staff plugin). */
  handle(job: RunningJob): Promise<void>;
}

function messageHost(publicUrl: string): string {
  try {
    return new URL(publicUrl).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
}

export function createAccountMailer({
  db,
  jobs,
  email,
  linkBox,
  publicUrl,
  now,
  queueNow = now,
}: {
  db: Db;
  jobs: JobQueue | undefined;
  email: EmailTransport | undefined;
  linkBox: SecretBox;
  publicUrl: string;
  now: () => number;
  /** The queue's clock (the app's `now`), on which an e-mail is due at once; default `now`. */
  queueNow?: () => number;
}): AccountMailer {
  const delivers = jobs !== undefined && email !== undefined && email.configured;

  async function finish(
    id: number,
    outcome: { status: 'sent' | 'failed'; providerId?: string; error?: string },
  ) {
    await db
      .updateTable('account_emails')
      .set({
        status: outcome.status,
        link_encrypted: null,
        provider_id: outcome.providerId ?? null,
        error: outcome.error ?? null,
        sent_at: outcome.status === 'sent' ? now() : null,
      })
      .where('id', '=', id)
      .execute();
  }

  return {
    delivers,

    async queue(trx, { kind, to, link, invitationId }, at) {
      const row = await trx
        .insertInto('account_emails')
        .values({
          kind,
          to_email: to,
          invitation_id: invitationId ?? null,
          link_encrypted: delivers ? linkBox.seal(link) : null,
          status: delivers ? 'queued' : 'not-sent',
          provider_id: null,
          error: delivers ? null : EMAIL_NOT_CONFIGURED,
          created_at: at,
          sent_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!delivers || jobs === undefined) return 'link';
      await jobs.enqueue(trx, [
        {
          queue: ACCOUNT_EMAIL_QUEUE,
          key: `account-email-${row.id}`,
          payload: { accountEmailId: row.id },
          // Due at once on the queue's clock (staff sign-in may keep another clock, app.ts staffClock).
          runAt: new Date(Math.min(at, queueNow())),
        },
      ]);
      return 'email';
    },

    async handle(job) {
      const id = Number(job.payload.accountEmailId);
      const row = await db
        .selectFrom('account_emails')
        .select(['id', 'kind', 'to_email', 'invitation_id', 'link_encrypted'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (row === undefined || row.link_encrypted === null || email === undefined) return;
      const link = linkBox.open(row.link_encrypted);
      if (link === undefined) {
        await finish(id, { status: 'failed', error: 'the link could not be read (LOGIN_HASH_KEY changed?)' });
        return;
      }
      const content = await renderAccountEmail(db, { kind: row.kind, link, invitationId: row.invitation_id });
      try {
        const receipt = await email.send({
          to: row.to_email,
          ...content,
          messageId: `<account-email-${id}@${messageHost(publicUrl)}>`,
        });
        await finish(id, { status: 'sent', providerId: receipt.providerId });
      } catch (error) {
        const message = error instanceof Error ? error.message.slice(0, 500) : 'delivery failed';
        if (error instanceof PermanentDeliveryError || job.attempt >= job.maxAttempts) {
          await finish(id, { status: 'failed', error: message });
          throw new PermanentJobError(message);
        }
        throw error;
      }
    },
  };
}
