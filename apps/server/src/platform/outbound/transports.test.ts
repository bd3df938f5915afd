import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import type { SmtpSink } from '../../test/smtp-sink.ts';
import { signedTwilioRequest, twilioStub } from '../../test/twilio-stub.ts';
import {
  createEmailTransport,
  createSmsTransport,
  EMAIL_NOT_CONFIGURED,
  PermanentDeliveryError,
  SMS_NOT_CONFIGURED,
} from './index.ts';
import type { EmailTransport } from './index.ts';

describe('e-mail transport (nodemailer to a local SMTP sink)', () => {
  let sink: SmtpSink;
  let email: EmailTransport;
  beforeAll(async () => {
    sink = await startSmtpSink({
      reject: (to) => (to.startsWith('gone@') ? 550 : to.startsWith('busy@') ? 451 : undefined),
    });
    email = createEmailTransport({ smtpUrl: sink.url, mailFrom: 'Clinic <no-reply@clinic.test>' });
  });
  afterAll(async () => {
    await email.close();
    await sink.close();
  });

  it('sends text, HTML, an attachment and our Message-ID', async () => {
    const receipt = await email.send({
      to: 'pat@example.test',
      subject: 'Your appointment',
      text: 'See you on Tuesday',
      html: '<p>See you on <b>Tuesday</b></p>',
      attachments: [
        {
          filename: 'invite.ics',
          contentType: 'text/calendar; method=REQUEST',
          content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
        },
      ],
      messageId: '<message-42@scheduler.test>',
    });
    expect(receipt.providerId).toBe('<message-42@scheduler.test>');
    const mail = await sink.waitFor((m) => m.subject === 'Your appointment');
    expect(mail.from?.value).toEqual([{ name: 'Clinic', address: 'no-reply@clinic.test' }]);
    expect(mail.text?.trim()).toBe('See you on Tuesday');
    expect(mail.html).toContain('<b>Tuesday</b>');
    expect(mail.messageId).toBe('<message-42@scheduler.test>');
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['invite.ics', 'text/calendar'],
    ]);
    expect(sink.envelopes.at(-1)?.messageId).toBe('<message-42@scheduler.test>');
  });

  it('turns an SMTP 5xx refusal into PermanentDeliveryError and leaves a 4xx retryable', async () => {
    const base = { subject: 's', text: 't', html: '<p>t</p>' };
    const gone = await email.send({ ...base, to: 'gone@example.test' }).catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(PermanentDeliveryError);
    expect((gone as PermanentDeliveryError).code).toBe('550');
    const busy = await email.send({ ...base, to: 'busy@example.test' }).catch((error: unknown) => error);
    expect(busy).toBeInstanceOf(Error);
    expect(busy).not.toBeInstanceOf(PermanentDeliveryError);
  });

  it('is not configured without SMTP_URL, and says so when asked to send', async () => {
    const none = createEmailTransport({ smtpUrl: undefined, mailFrom: 'x@y.test' });
    expect(none.configured).toBe(false);
    await expect(none.send({ to: 'a@b.test', subject: 's', text: 't', html: 't' })).rejects.toThrow(
      EMAIL_NOT_CONFIGURED,
    );
  });

  it('a connection refused is a retryable failure', async () => {
    const closed = await startSmtpSink();
    await closed.close();
    const down = createEmailTransport({ smtpUrl: closed.url, mailFrom: 'x@y.test' });
    const failure = await down
      .send({ to: 'a@b.test', subject: 's', text: 't', html: 't' })
      .catch((error: unknown) => error);
    await down.close();
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(PermanentDeliveryError);
  });
});

describe('SMS transport (twilio SDK over the local stub)', () => {
  it('sends through the Messages API and returns the SID', async () => {
    const stub = twilioStub();
    const receipt = await stub.sms.send({
      to: '+15551234567',
      body: 'Reminder: Tue 3 Dec 10:00',
      statusCallback: 'http://localhost:3000/cb',
    });
    expect(receipt.providerId).toMatch(/^SM[0-9a-f]{32}$/);
    expect(stub.calls).toEqual([
      expect.objectContaining({
        to: '+15551234567',
        from: stub.config.from,
        body: 'Reminder: Tue 3 Dec 10:00',
        statusCallback: 'http://localhost:3000/cb',
        sid: receipt.providerId,
      }),
    ]);
  });

  it('maps permanent Twilio codes to PermanentDeliveryError and leaves others retryable', async () => {
    const stub = twilioStub();
    stub.failNext(21211);
    stub.failNext(21610);
    stub.failNext(20429, { status: 429 });
    for (const code of ['21211', '21610']) {
      const error = await stub.sms.send({ to: '+1555', body: 'x' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PermanentDeliveryError);
      expect((error as PermanentDeliveryError).code).toBe(code);
    }
    const transient = await stub.sms.send({ to: '+15551234567', body: 'x' }).catch((e: unknown) => e);
    expect(transient).toBeInstanceOf(Error);
    expect(transient).not.toBeInstanceOf(PermanentDeliveryError);
    const sent = await stub.sms.send({ to: '+15551234567', body: 'x' });
    expect(sent.providerId).toMatch(/^SM/);
  });

  it('uses a messaging service SID as the sender when given one', async () => {
    const stub = twilioStub({ ...twilioStub().config, from: `MG${'a'.repeat(32)}` });
    await stub.sms.send({ to: '+15551234567', body: 'x' });
    expect(stub.calls[0]).toMatchObject({ messagingServiceSid: `MG${'a'.repeat(32)}`, from: undefined });
  });

  it('is not configured without Twilio settings', async () => {
    const none = createSmsTransport(undefined);
    expect(none.configured).toBe(false);
    await expect(none.send({ to: '+15551234567', body: 'x' })).rejects.toThrow(SMS_NOT_CONFIGURED);
  });

  it('signs webhook requests as Twilio does', () => {
    const { config } = twilioStub();
    const url = 'https://book.clinic.test/api/messages/twilio/status';
    const params = { MessageSid: 'SM1', MessageStatus: 'delivered' };
    const signed = signedTwilioRequest(url, params, config.authToken);
    expect(
      twilio.validateRequest(config.authToken, signed.headers['x-twilio-signature'] ?? '', url, params),
    ).toBe(true);
    expect(
      twilio.validateRequest('other-token', signed.headers['x-twilio-signature'] ?? '', url, params),
    ).toBe(false);
    expect(Object.fromEntries(new URLSearchParams(signed.payload))).toEqual(params);
  });
});
