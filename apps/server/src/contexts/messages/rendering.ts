/*
 * What a message says, rendered at send time from the facts on file then: C1's variables
 * (packages/domain/src/messages: the location's zone named, the confirmation number) into the
 * practice's template for (kind, channel) or the shipped default, and for the e-mails of a
 * booking or its changes a calendar entry (.ics, METHOD:REQUEST; METHOD:CANCEL for a cancellation).
 */
import { appointmentVariables } from '@scheduler/domain/messages/format';
import { defaultTemplateParts } from '@scheduler/domain/messages/defaults';
import { TemplateValidationError, renderTemplate } from '@scheduler/domain/messages/render';
import type { RenderedMessage, TemplateParts } from '@scheduler/domain/messages/render';
import type { MessageChannel, MessageKind } from '@scheduler/contract/admin/messages';
import type { MessageLanguage } from '@scheduler/domain/messages/kinds';
import { providerDisplayName } from '@scheduler/domain/providers';
import type { EmailAttachment } from '../../platform/outbound/transports.ts';
import type { SendFacts } from './dispatch-repository.ts';

/** A practice's template for (kind, channel), or the shipped default. */
export interface MessageTemplate extends TemplateParts {
  smsServiceNameOptIn?: boolean;
}

/** Issue 21: `language` is the appointment's; a practice without its own template of that language gets the shipped one of it. */
export type TemplateSource = (
  clientId: number,
  kind: MessageKind,
  channel: MessageChannel,
  language?: MessageLanguage,
) => Promise<MessageTemplate>;

/** Builds the calendar entry of an e-mail (null: none for this kind). */
export type CalendarSource = (
  facts: SendFacts,
  kind: MessageKind,
  publicUrl: string,
) => EmailAttachment | null;

export interface RenderedForSend {
  subject: string | null;
  text: string;
  html: string | null;
  attachments: EmailAttachment[];
}

export function locationAddress(location: SendFacts['location']): string {
  const street = [location.addressLine1, location.addressLine2]
    .filter((part) => part !== null && part !== '')
    .join(', ');
  return `${street}, ${location.city}, ${location.state} ${location.postalCode}`;
}

/**
 * `manageLink`: the appointment's manage page (issue 18), rendered as `manage_link`; none: ''.
 * Dates and times are written in the appointment's language (issue 21).
 */
export function variablesOf(facts: SendFacts, manageLink: string | null = null): Record<string, string> {
  return {
    ...appointmentVariables({
      appointmentId: facts.appointmentId,
      startUtc: facts.startAt,
      practiceName: facts.practiceName,
      location: {
        name: facts.location.name,
        address: locationAddress(facts.location),
        phone: facts.location.phone || facts.practicePhone || null,
        timeZone: facts.location.timeZone,
      },
      providerName: providerDisplayName(facts.provider),
      serviceName: facts.serviceName,
      patientFirstName: facts.patient.firstName,
      previousStartUtc: facts.previousStartAt,
      manageLink,
      language: facts.language,
    }),
  };
}

export async function renderForSend(
  templates: TemplateSource,
  calendar: CalendarSource,
  publicUrl: string,
  message: { clientId: number; kind: MessageKind; channel: MessageChannel },
  facts: SendFacts,
  manageLink: string | null = null,
): Promise<RenderedForSend> {
  const template = await templates(message.clientId, message.kind, message.channel, facts.language);
  const variables = variablesOf(facts, manageLink);
  let rendered: RenderedMessage;
  try {
    rendered = renderTemplate(
      {
        kind: message.kind,
        channel: message.channel,
        ...(template.smsServiceNameOptIn === undefined
          ? {}
          : { smsServiceNameOptIn: template.smsServiceNameOptIn }),
      },
      template,
      variables,
      { smsOverflow: 'truncate' },
    );
  } catch (error) {
    // A stored template that no longer validates: a due message goes out with the shipped text.
    if (!(error instanceof TemplateValidationError)) throw error;
    rendered = renderTemplate(
      { kind: message.kind, channel: message.channel },
      defaultTemplateParts(message.kind, message.channel, facts.language),
      variables,
      { smsOverflow: 'truncate' },
    );
  }
  const ics = message.channel === 'email' ? calendar(facts, message.kind, publicUrl) : null;
  return {
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    attachments: ics ? [ics] : [],
  };
}
