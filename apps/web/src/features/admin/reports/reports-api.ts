import {
  getAppointmentReportResponseSchema,
  getChannelFiltersResponseSchema,
  getChartReportResponseSchema,
} from '@scheduler/contract/reports';
import type { QueryParams } from '../../../lib/api-client';
import { adminRequest } from '../shared/api/admin-request';
import { filterParams, type AppointmentFilters } from '../shared/api/patient-management-api';

/** The report calls of the scheduler API (spec section 7): reports:read, no patient identity. */

export interface ReportFilters extends AppointmentFilters {
  /** '' for every channel. */
  channel: string;
}

export const reportKeys = {
  channels: (clientId: string) => ['admin', clientId, 'reports', 'channels'] as const,
  appointments: (clientId: string, request: AppointmentReportRequest) =>
    ['admin', clientId, 'reports', 'appointments', request] as const,
  charts: (clientId: string, filters: ReportFilters) =>
    ['admin', clientId, 'reports', 'charts', filters] as const,
};

export function reportParams(filters: ReportFilters): QueryParams {
  const params = filterParams(filters);
  if (filters.channel) params.channel = filters.channel;
  return params;
}

export function fetchChannelFilters(clientId: string, signal?: AbortSignal) {
  return adminRequest({
    path: 'report/getChannelFilters',
    params: { clientId },
    signal,
    schema: getChannelFiltersResponseSchema,
  });
}

export interface AppointmentReportRequest {
  filters: ReportFilters;
  /** 1-based. */
  page: number;
  pageSize: number;
  sort: 'startUtc' | '-startUtc' | 'createdAt' | '-createdAt';
}

export function fetchAppointmentReport(
  clientId: string,
  request: AppointmentReportRequest,
  signal?: AbortSignal,
  id: string | undefined = `admin-appointment-report-${clientId}`,
) {
  return adminRequest({
    path: 'report/getAppointmentReport',
    params: {
      clientId,
      ...reportParams(request.filters),
      page: request.page,
      pageSize: request.pageSize,
      sort: request.sort,
    },
    id,
    signal,
    schema: getAppointmentReportResponseSchema,
  });
}

export function fetchChartReport(clientId: string, filters: ReportFilters, signal?: AbortSignal) {
  return adminRequest({
    path: 'report/getChartReport',
    params: { clientId, ...reportParams(filters) },
    id: `admin-chart-report-${clientId}`,
    signal,
    schema: getChartReportResponseSchema,
  });
}
