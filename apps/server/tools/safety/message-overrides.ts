/** Sample-request rules of the messages routes (issue 17), spread into OVERRIDES (sample-overrides.ts). */
import { signedTwilioRequest } from '../../src/test/twilio-stub.ts';
import type { CatalogueRoute } from './route-catalogue.ts';
import type { SafetyFixture } from './safety-fixture.ts';
import { NOW } from './safety-fixture.ts';
import type { RequestParts, SampleOptions } from './sample-parts.ts';

type Override = (
  f: SafetyFixture,
  route: CatalogueRoute,
  options: SampleOptions,
  parts: RequestParts & { body: Record<string, unknown> },
) => Promise<void>;

let failedMessages = 0;

/** The header that makes a Twilio webhook sample signed (see SIGNED_PUBLIC_ROUTES). */
const TWILIO_SIGNATURE_HEADER = 'x-twilio-signature';

/**
 * Signs a Twilio webhook sample as Twilio would: X-Twilio-Signature over PUBLIC_URL + path + query
 * and the string fields of the body, with the fixture app's TWILIO_AUTH_TOKEN. (The body stays JSON,
 * which the route parses to the same fields; the signature covers the fields, not the encoding.)
 */
function signTwilio(f: SafetyFixture, route: CatalogueRoute, parts: RequestParts): void {
  const search = new URLSearchParams(parts.query).toString();
  const url = `${f.twilio.publicUrl}${route.url}${search === '' ? '' : `?${search}`}`;
  const fields = Object.fromEntries(
    Object.entries((parts.body ?? {}) as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
  const signature = signedTwilioRequest(url, fields, f.twilio.config.authToken).headers[
    TWILIO_SIGNATURE_HEADER
  ];
  if (signature !== undefined) parts.headers = { ...parts.headers, [TWILIO_SIGNATURE_HEADER]: signature };
}

export const MESSAGE_OVERRIDES: Record<string, Override> = {
  // Success requests: a failed message of the brand to resend (issue 17; only failed ones can be).
  'POST /api/scheduler/admin/messages/:messageId/resend': async (f, _route, options, parts) => {
    if (options.mode !== 'success') return; // refusals change nothing: any id will do
    const ids = options.brand.ids;
    const appointment = await f.db
      .selectFrom('appointments')
      .select(['id', 'patient_id', 'start_at'])
      .where('client_id', '=', Number(ids.clientId))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    failedMessages += 1;
    const { id } = await f.db
      .insertInto('messages')
      .values({
        client_id: Number(ids.clientId),
        appointment_id: appointment.id,
        patient_id: appointment.patient_id,
        kind: 'reminder',
        channel: 'email',
        scheduled_at: NOW.getTime() - failedMessages,
        appointment_start_at: Number(appointment.start_at),
        status: 'failed',
        status_reason: 'safety harness: refused',
        to_address: null,
        subject: null,
        body: null,
        body_html: null,
        provider_id: null,
        last_error: 'safety harness: refused',
        sent_at: null,
        delivered_at: null,
        created_at: NOW.getTime(),
        updated_at: NOW.getTime(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    parts.params.messageId = String(id);
  },
  // Twilio's webhooks (issue 17): well-formed fields, signed with the app's token (without the
  // signature header they answer 403: authz-cli.ts checks both).
  'POST /api/messages/twilio/status': (f, route, _options, parts) => {
    Object.assign(parts.body, { MessageSid: `SM${'0'.repeat(32)}`, MessageStatus: 'delivered' });
    signTwilio(f, route, parts);
    return Promise.resolve();
  },
  'POST /api/messages/twilio/inbound': (f, route, _options, parts) => {
    Object.assign(parts.body, { MessageSid: `SM${'0'.repeat(32)}`, From: '+15550102424', Body: 'HELP' });
    signTwilio(f, route, parts);
    return Promise.resolve();
  },
  // Staff accounts (issue 15): tokens and challenges are 43 base64url characters; owner actions on a member.
};
