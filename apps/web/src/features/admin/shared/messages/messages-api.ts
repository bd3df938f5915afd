import {
  messageListResponseSchema,
  messageReportResponseSchema,
  messageResponseSchema,
  resendMessageResponseSchema,
  type MessageChannel,
  type MessageKind,
  type MessageStatus,
} from '@scheduler/contract/admin/messages';
import type { QueryParams } from '../../../../lib/api-client';
import { adminRequest } from '../api/admin-request';

/**
 * The staff calls about patient messages (issue 17), shared by the Messages screen, the patient page
 * and the reports: the list (patients:read, audited by the server), one message with its text,
 * resend (patients:write) and the reminder figures (reports:read).
 */

export const messageKeys = {
  all: (clientId: string) => ['admin', clientId, 'messages'] as const,
  list: (clientId: string, request: MessageListRequest) =>
    ['admin', clientId, 'messages', 'list', request] as const,
  one: (clientId: string, messageId: string) => ['admin', clientId, 'messages', 'one', messageId] as const,
  report: (clientId: string, range: { from: string; to: string }) =>
    ['admin', clientId, 'messages', 'report', range] as const,
};

export interface MessageFilters {
  status: MessageStatus | '';
  channel: MessageChannel | '';
  kind: MessageKind | '';
  /** Local dates 'YYYY-MM-DD' (inclusive) on the planned send time, '' for none. */
  from: string;
  to: string;
}

export const NO_MESSAGE_FILTERS: MessageFilters = { status: '', channel: '', kind: '', from: '', to: '' };

export interface MessageListRequest {
  filters: MessageFilters;
  /** 1-based. */
  page: number;
  pageSize: number;
  sort: 'scheduledAt' | '-scheduledAt' | 'updatedAt' | '-updatedAt';
  /** Only this patient's messages (the patient page). */
  patientId?: string;
}

/** The query string of a list request (empty filters left out). */
export function messageListParams(clientId: string, request: MessageListRequest): QueryParams {
  const { filters } = request;
  return {
    clientId,
    status: filters.status || undefined,
    channel: filters.channel || undefined,
    kind: filters.kind || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    patientId: request.patientId,
    page: request.page,
    pageSize: request.pageSize,
    sort: request.sort,
  };
}

export function fetchMessages(clientId: string, request: MessageListRequest, signal?: AbortSignal) {
  return adminRequest({
    path: 'admin/messages',
    params: messageListParams(clientId, request),
    signal,
    schema: messageListResponseSchema,
  });
}

export function fetchMessage(clientId: string, messageId: string, signal?: AbortSignal) {
  return adminRequest({
    path: `admin/messages/${encodeURIComponent(messageId)}`,
    params: { clientId },
    signal,
    schema: messageResponseSchema,
  });
}

export function resendMessage(clientId: string, messageId: string) {
  return adminRequest({
    method: 'POST',
    path: `admin/messages/${encodeURIComponent(messageId)}/resend`,
    data: { clientId },
    schema: resendMessageResponseSchema,
  });
}

export function fetchMessageReport(
  clientId: string,
  range: { from: string; to: string },
  signal?: AbortSignal,
) {
  return adminRequest({
    path: 'admin/message-report',
    params: { clientId, from: range.from || undefined, to: range.to || undefined },
    signal,
    schema: messageReportResponseSchema,
  });
}
