/*
 * SMS through the official twilio SDK (issue 17), from TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and
 * TWILIO_FROM (an E.164 number, or a messaging service SID `MG…`). Tests pass their own client
 * (the SDK accepts a custom `httpClient`: test/twilio-stub.ts), so no test reaches Twilio.
 *
 * Twilio's errors that no retry can change (an invalid or unreachable number, an opted-out
 * recipient, a message filtered as spam…) become PermanentDeliveryError with Twilio's code;
 * anything else (5xx, 429, network) throws as is and the job queue retries it.
 */
import twilio from 'twilio';
import type { TwilioConfig } from '../config.ts';
import { PermanentDeliveryError, SMS_NOT_CONFIGURED } from './transports.ts';
import type { OutboundSms, SentReceipt, SmsTransport } from './transports.ts';

/**
 * Twilio error codes final for the message (https://www.twilio.com/docs/api/errors):
 * 21211 invalid To, 21408 region not enabled, 21610 recipient replied STOP, 21612 unreachable
 * carrier route, 21614 not a mobile number, 21617 body too long, 30003 unreachable handset,
 * 30004 blocked, 30005 unknown number, 30006 landline, 30007 filtered as spam, 30034 unregistered
 * 10DLC sender.
 */
export const PERMANENT_TWILIO_CODES: ReadonlySet<number> = new Set([
  21211, 21408, 21610, 21612, 21614, 21617, 30003, 30004, 30005, 30006, 30007, 30034,
]);

export type TwilioClient = ReturnType<typeof twilio>;

interface TwilioError {
  status?: unknown;
  code?: unknown;
  message?: unknown;
}

/** The error a failed send becomes: PermanentDeliveryError for Twilio's final refusals. */
export function twilioFailure(error: unknown): Error {
  const failure = (typeof error === 'object' && error !== null ? error : {}) as TwilioError;
  const code = typeof failure.code === 'number' ? failure.code : undefined;
  const message = typeof failure.message === 'string' ? failure.message : String(error);
  if (code !== undefined && PERMANENT_TWILIO_CODES.has(code))
    return new PermanentDeliveryError(`Twilio ${code}: ${message}`, String(code));
  return error instanceof Error ? error : new Error(message);
}

const notConfigured: SmsTransport = {
  configured: false,
  send: () =>
    Promise.reject(
      new Error(`${SMS_NOT_CONFIGURED} (set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM)`),
    ),
};

/** The SMS transport of the Twilio settings; `configured: false` (send refuses) without them. */
export function createSmsTransport(
  settings: TwilioConfig | undefined,
  options: { client?: TwilioClient } = {},
): SmsTransport {
  if (settings === undefined) return notConfigured;
  const client = options.client ?? twilio(settings.accountSid, settings.authToken);
  const sender = settings.from.startsWith('MG')
    ? { messagingServiceSid: settings.from }
    : { from: settings.from };
  return {
    configured: true,
    async send(sms: OutboundSms): Promise<SentReceipt> {
      try {
        const message = await client.messages.create({
          to: sms.to,
          body: sms.body,
          ...sender,
          ...(sms.statusCallback === undefined ? {} : { statusCallback: sms.statusCallback }),
        });
        return { providerId: message.sid };
      } catch (error) {
        throw twilioFailure(error);
      }
    },
  };
}
