/*
 * POST updateUserSession (one analytics event, spec section 3) and POST /api/track (the
 * tracking log line). Neither stores patient identity: the payloads carry none, and free text
 * is scrubbed of anything that looks like an e-mail address or a phone number, and of
 * identifying keys in event details.
 */
import { DomainError } from '@scheduler/domain/errors';
import type { AnalyticsEvent } from '@scheduler/contract/analytics';
import { isSensitiveKey } from '../../platform/http/logging.ts';
import { parseRecordId } from '../catalogue/index.ts';
import type { AnalyticsRepository } from './analytics-repository.ts';
import { UNKNOWN_CLIENT_MESSAGE } from '@scheduler/domain/messages';

export interface TrackLogRequest {
  sessionId: string;
  clientId: string;
  event: string;
  pagePath?: string | undefined;
  status?: number | undefined;
  at?: string | undefined;
}

export interface AnalyticsService {
  recordEvent(event: AnalyticsEvent): Promise<void>;
  recordTrackLog(log: TrackLogRequest): Promise<void>;
}

const REDACTED = '[Redacted]';
const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/g;
/** Seven or more digits, possibly split by spaces, dots, dashes or brackets. */
const PHONE = /\+?\(?\d(?:[\s().-]*\d){6,}/g;

/** Free text without e-mail addresses or phone-like digit runs. */
export function scrubText(text: string): string;
export function scrubText(text: string | undefined): string | null;
export function scrubText(text: string | undefined): string | null {
  if (text === undefined) return null;
  return text.replace(EMAIL, REDACTED).replace(PHONE, REDACTED);
}

function scrubDetails(details: AnalyticsEvent['eventDetails']): string | null {
  if (details === undefined) return null;
  if (typeof details === 'string') return scrubText(details);
  const kept: Record<string, string | number | boolean | null> = {};
  for (const [key, value] of Object.entries(details)) {
    kept[key] = isSensitiveKey(key) ? REDACTED : typeof value === 'string' ? scrubText(value) : value;
  }
  return JSON.stringify(kept);
}

/** '/{clientName}/{scheduler}/{location}/{page}' → the scheduler slug. */
function schedulerSlugOf(pagePath: string): string | null {
  const segments = pagePath.split('?')[0]?.split('/').filter(Boolean) ?? [];
  return segments[1]?.toLowerCase() ?? null;
}

export function createAnalyticsService(repository: AnalyticsRepository, now: () => Date): AnalyticsService {
  async function clientOf(clientRef: string, schedulerSlug: string | null) {
    const client = await repository.findClient(clientRef, schedulerSlug);
    if (client === undefined)
      throw new DomainError('NOT_FOUND', UNKNOWN_CLIENT_MESSAGE, { field: 'clientId' });
    return client;
  }

  return {
    async recordEvent(event) {
      const client = await clientOf(event.clientId, schedulerSlugOf(event.pagePath));
      const google = event.googleSessionDetails;
      const campaign =
        event.utm_campaign ?? (google.utmCampaign === 'website' ? undefined : google.utmCampaign);
      await repository.recordEvent({
        clientId: client.clientId,
        sessionId: event.sessionId,
        schedulerId: client.schedulerId,
        pagePath: scrubText(event.pagePath),
        pageName: scrubText(event.pageName),
        eventLabel: scrubText(event.eventLabel),
        action: scrubText(event.action),
        locationId: parseRecordId(event.locationId) ?? null,
        alert: scrubText(event.alert),
        appointmentTypeId: parseRecordId(event.appointmentTypeId) ?? null,
        clickPagePath: scrubText(event.clickPagePath),
        clickPageName: scrubText(event.clickPageName),
        providerId: parseRecordId(event.providerId) ?? null,
        eventDetails: scrubDetails(event.eventDetails),
        isExistingPatient: event.isExistingPatient ?? null,
        utmSource: event.utm_source ?? google.utmSource ?? null,
        utmMedium: event.utm_medium ?? google.utmMedium ?? null,
        utmCampaign: campaign ?? null,
        utmTerm: event.utm_term ?? google.utmTerm ?? null,
        rwgToken: event.rwgToken ?? google.rwgToken ?? null,
        isAptBooked: event.isAptBooked ?? null,
        channel: event.channelFilters,
        now: now().getTime(),
      });
    },

    async recordTrackLog(log) {
      const client = await clientOf(log.clientId, null);
      const payload = {
        sessionId: log.sessionId,
        event: scrubText(log.event),
        ...(log.pagePath === undefined ? {} : { pagePath: scrubText(log.pagePath) }),
        ...(log.status === undefined ? {} : { status: log.status }),
        ...(log.at === undefined ? {} : { at: log.at }),
      };
      await repository.insertTrackLog(
        client.clientId,
        log.sessionId,
        JSON.stringify(payload),
        now().getTime(),
      );
    },
  };
}
