/*
 * A local stand-in for Twilio's Messages API (issue 17): the real `twilio` SDK with a custom
 * `httpClient` (an SDK option) that records each Messages API call and answers as Twilio does
 * (201 with a `SM…` sid and status `queued`), or with a Twilio error when a test says so. Nothing
 * leaves the process. And signed webhook requests, made with the SDK's own signature function.
 *
 *   const stub = twilioStub();
 *   const app = await createTestApp(t, { sms: stub.sms, config: { twilio: stub.config } });
 *   … await app.jobs.drain(now);
 *   expect(stub.calls[0]).toMatchObject({ to: '+15551234567' });
 *   stub.failNext(21610);                 // the next send: 400, code 21610 (recipient opted out)
 *   const signed = signedTwilioRequest(`${config.publicUrl}/api/…/status`, { MessageSid, MessageStatus: 'delivered' }, stub.config.authToken);
 *   await app.inject({ method: 'POST', url: '/api/…/status', headers: signed.headers, payload: signed.payload });
 */
import { randomBytes } from 'node:crypto';
import twilio from 'twilio';
import type { TwilioConfig } from '../platform/config.ts';
import { createSmsTransport } from '../platform/outbound/index.ts';
import type { SmsTransport, TwilioClient } from '../platform/outbound/index.ts';

export interface TwilioCall {
  to: string;
  from: string | undefined;
  messagingServiceSid: string | undefined;
  body: string;
  statusCallback: string | undefined;
  /** The sid answered (undefined when the call was answered with an error). */
  sid: string | undefined;
  /** The Twilio error code answered, if any. */
  errorCode: number | undefined;
}

export interface TwilioStub {
  /** A complete, valid Twilio configuration (fake account, token and sender). */
  config: TwilioConfig;
  /** The SDK client, talking to the stub. */
  client: TwilioClient;
  /** An SMS transport over `client`, ready to inject (`createTestApp(t, { sms: stub.sms })`). */
  sms: SmsTransport;
  /** Every Messages API call, in order. */
  calls: TwilioCall[];
  /**
   * The next `times` calls (default 1) are answered with Twilio error `code` (HTTP `status`,
   * default 400; e.g. 21211 invalid number, 21610 opted out; 20429 with status 429 is transient).
   */
  failNext(code: number, options?: { status?: number; times?: number }): void;
}

interface StubRequest {
  method: string;
  uri: string;
  data?: Record<string, unknown>;
}

const hex = (bytes: number): string => randomBytes(bytes).toString('hex');
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export function twilioStub(config: TwilioConfig = fakeTwilioConfig()): TwilioStub {
  const calls: TwilioCall[] = [];
  const failures: { code: number; status: number }[] = [];

  const httpClient = {
    request(
      options: StubRequest,
    ): Promise<{ statusCode: number; body: unknown; headers: Record<string, string> }> {
      const data = options.data ?? {};
      if (
        options.method.toLowerCase() !== 'post' ||
        !/\/Accounts\/AC[0-9a-fA-F]+\/Messages\.json$/.test(options.uri)
      ) {
        return Promise.resolve({
          statusCode: 404,
          body: {
            code: 20404,
            message: `twilio stub: no route for ${options.method} ${options.uri}`,
            status: 404,
          },
          headers: {},
        });
      }
      const call: TwilioCall = {
        to: text(data.To) ?? '',
        from: text(data.From),
        messagingServiceSid: text(data.MessagingServiceSid),
        body: text(data.Body) ?? '',
        statusCallback: text(data.StatusCallback),
        sid: undefined,
        errorCode: undefined,
      };
      calls.push(call);
      const failure = failures.shift();
      if (failure !== undefined) {
        call.errorCode = failure.code;
        return Promise.resolve({
          statusCode: failure.status,
          body: {
            code: failure.code,
            message: `twilio stub: error ${failure.code}`,
            more_info: `https://www.twilio.com/docs/errors/${failure.code}`,
            status: failure.status,
          },
          headers: {},
        });
      }
      call.sid = `SM${hex(16)}`;
      const now = new Date().toUTCString();
      return Promise.resolve({
        statusCode: 201,
        body: {
          sid: call.sid,
          account_sid: config.accountSid,
          to: call.to,
          from: call.from ?? null,
          messaging_service_sid: call.messagingServiceSid ?? null,
          body: call.body,
          status: 'queued',
          num_segments: '1',
          direction: 'outbound-api',
          date_created: now,
          date_updated: now,
          date_sent: null,
          error_code: null,
          error_message: null,
          api_version: '2010-04-01',
          uri: `/2010-04-01/Accounts/${config.accountSid}/Messages/${call.sid}.json`,
        },
        headers: { 'content-type': 'application/json' },
      });
    },
  };

  const client = twilio(config.accountSid, config.authToken, {
    httpClient: httpClient as unknown as NonNullable<Parameters<typeof twilio>[2]>['httpClient'],
  });
  return {
    config,
    client,
    sms: createSmsTransport(config, { client }),
    calls,
    failNext(code, options = {}) {
      for (let i = 0; i < (options.times ?? 1); i += 1)
        failures.push({ code, status: options.status ?? 400 });
    },
  };
}

/** A well-formed fake Twilio configuration (never a real account). */
export function fakeTwilioConfig(): TwilioConfig {
  return { accountSid: `AC${hex(16)}`, authToken: hex(16), from: '+15005550006' };
}

export interface SignedTwilioRequest {
  headers: Record<string, string>;
  /** The form body (application/x-www-form-urlencoded). */
  payload: string;
}

/**
 * A webhook request as Twilio sends it: form-encoded `params`, signed for the full public `url`
 * (PUBLIC_URL + path + query) with `authToken` (the SDK's getExpectedTwilioSignature).
 */
export function signedTwilioRequest(
  url: string,
  params: Readonly<Record<string, string>>,
  authToken: string,
): SignedTwilioRequest {
  return {
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilio.getExpectedTwilioSignature(authToken, url, { ...params }),
    },
    payload: new URLSearchParams(params).toString(),
  };
}
