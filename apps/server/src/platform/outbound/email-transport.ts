/*
 * E-mail over SMTP with nodemailer (issue 17), from SMTP_URL and MAIL_FROM. A pooled connection
 * (a few kept-open SMTP sessions) so that a burst of reminders does not open one connection each.
 * SMTP 5xx replies (but 503, "bad sequence", which nodemailer counts as transient) are final for
 * that message: PermanentDeliveryError; anything else (connection refused, 4xx, timeouts) throws
 * as is, and the job queue retries it.
 */
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import { EMAIL_NOT_CONFIGURED, PermanentDeliveryError } from './transports.ts';
import type { EmailTransport, OutboundEmail, SentReceipt } from './transports.ts';

export type EmailSettings = Pick<Config, 'smtpUrl' | 'mailFrom'>;

/** Simultaneous SMTP connections per server instance. */
const MAX_CONNECTIONS = 5;

interface SmtpError {
  code?: unknown;
  responseCode?: unknown;
  permanent?: unknown;
  message?: unknown;
}

/** The error a failed send becomes: PermanentDeliveryError for a final SMTP refusal. */
export function smtpFailure(error: unknown): Error {
  const failure = (typeof error === 'object' && error !== null ? error : {}) as SmtpError;
  const responseCode = typeof failure.responseCode === 'number' ? failure.responseCode : undefined;
  const message = typeof failure.message === 'string' ? failure.message : String(error);
  // An authentication refusal (535) is the server's configuration, not this message: retried.
  const permanent =
    responseCode !== undefined &&
    responseCode >= 500 &&
    responseCode < 600 &&
    responseCode !== 503 &&
    failure.code !== 'EAUTH';
  if (permanent) return new PermanentDeliveryError(`SMTP ${responseCode}: ${message}`, String(responseCode));
  return error instanceof Error ? error : new Error(message);
}

const notConfigured: EmailTransport = {
  configured: false,
  send: () => Promise.reject(new Error(`${EMAIL_NOT_CONFIGURED} (set SMTP_URL)`)),
  close: () => Promise.resolve(),
};

/** The e-mail transport of SMTP_URL; `configured: false` (send refuses) when it is unset. */
export function createEmailTransport(settings: EmailSettings): EmailTransport {
  const { smtpUrl, mailFrom } = settings;
  if (smtpUrl === undefined) return notConfigured;
  const transporter = nodemailer.createTransport(
    {
      url: smtpUrl,
      pool: true,
      maxConnections: MAX_CONNECTIONS,
      connectionTimeout: 10_000,
      socketTimeout: 30_000,
    },
    { from: mailFrom },
  );
  return {
    configured: true,
    async send(email: OutboundEmail): Promise<SentReceipt> {
      try {
        const info = await transporter.sendMail({
          to: email.to,
          subject: email.subject,
          text: email.text,
          html: email.html,
          ...(email.messageId === undefined ? {} : { messageId: email.messageId }),
          ...(email.attachments === undefined
            ? {}
            : {
                attachments: email.attachments.map((attachment) => ({
                  filename: attachment.filename,
                  contentType: attachment.contentType,
                  content: attachment.content,
                })),
              }),
        });
        return { providerId: info.messageId };
      } catch (error) {
        throw smtpFailure(error);
      }
    },
    close(): Promise<void> {
      transporter.close();
      return Promise.resolve();
    },
  };
}
