import { i18n } from '../../../../i18n/catalogs';
import { msg } from '@lingui/core/macro';
import type { MessageStatus, MessageSummary } from '@scheduler/contract/admin/messages';
import { zoneAbbreviation as zoneAbbreviationOf } from '@scheduler/domain/zone-names';
import { formatZonedDateTime } from '../../../../lib/zoned-time';
import { messageChannelLabel, messageKindLabel, messageStatusLabel } from '../status-labels';

/** How the message screens word and colour a message's kind, channel, status and times. */

export const STATUS_COLOURS: Readonly<
  Record<MessageStatus, 'default' | 'info' | 'success' | 'error' | 'warning'>
> = {
  queued: 'info',
  sent: 'info',
  delivered: 'success',
  failed: 'error',
  skipped: 'warning',
};

export const kindLabel = (message: Pick<MessageSummary, 'kind'>) => messageKindLabel(message.kind);
export const channelLabel = (message: Pick<MessageSummary, 'channel'>) =>
  messageChannelLabel(message.channel);
export const statusLabel = (message: Pick<MessageSummary, 'status'>) => messageStatusLabel(message.status);

/** The zone's short name at that instant ('EST', 'GMT+5:30'; the messages' own), or the IANA name for an unknown zone. */
export function zoneAbbreviation(isoInstant: string, timeZone: string): string {
  const date = new Date(isoInstant);
  if (Number.isNaN(date.getTime())) return timeZone;
  try {
    return zoneAbbreviationOf(date, timeZone);
  } catch {
    return timeZone;
  }
}

/** 'Tue, Nov 10, 2026, 10:30 AM EST' in the location's zone (the zone is always named). */
export function formatZoned(isoInstant: string, timeZone: string, withWeekday = false): string {
  return formatZonedDateTime(isoInstant, timeZone, { weekday: withWeekday, zoneStyle: 'specific' });
}

/** Status in words with its reason: 'Not sent: no consent to e-mail'. */
export function statusText(message: Pick<MessageSummary, 'status' | 'statusReason'>): string {
  const label = statusLabel(message);
  const reason = message.statusReason;
  return reason ? i18n._(msg`${label}: ${reason}`) : label;
}

/** The figure as a percentage ('12.5 %'), '—' when there is nothing to divide. */
export function percent(rate: number | null): string {
  if (rate === null || !Number.isFinite(rate)) return '—';
  const value = Math.round(rate * 1000) / 10;
  return i18n._(msg`${value} %`);
}
