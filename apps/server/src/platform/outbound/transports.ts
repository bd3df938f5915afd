/*
 * The outbound transports (issues 15 and 17 share them): one e-mail transport (nodemailer over
 * SMTP_URL, from MAIL_FROM) and one SMS transport (the twilio SDK). Without configuration a
 * transport is `configured: false`: messages are still rendered, queued and recorded, marked
 * "not sent: no e-mail/SMS transport configured" (the `npm start` default).
 */

export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface OutboundEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: readonly EmailAttachment[];
  /**
   * Our own record's id as the Message-ID (`<message-123@host>`), so that a resend after a crash
   * between the provider's acceptance and our record of it is recognisable downstream.
   */
  messageId?: string;
}

export interface OutboundSms {
  /** E.164. */
  to: string;
  body: string;
  /** Where Twilio posts delivery statuses (signature-verified on arrival). */
  statusCallback?: string;
}

export interface SentReceipt {
  /** The provider's id (SMTP response message id, Twilio's SID). */
  providerId: string;
}

/** A failure the provider says is final (SMTP 5xx, Twilio 21211/21610…): never retried. */
export class PermanentDeliveryError extends Error {
  override readonly name = 'PermanentDeliveryError';
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export interface EmailTransport {
  readonly configured: boolean;
  send(email: OutboundEmail): Promise<SentReceipt>;
  close(): Promise<void>;
}

export interface SmsTransport {
  readonly configured: boolean;
  send(sms: OutboundSms): Promise<SentReceipt>;
}

export const EMAIL_NOT_CONFIGURED = 'not sent: no e-mail transport configured';
export const SMS_NOT_CONFIGURED = 'not sent: no SMS transport configured';
