import {
  getAppointmentReportQuerySchema,
  getAppointmentReportResponseSchema,
  getChannelFiltersQuerySchema,
  getChannelFiltersResponseSchema,
  getChartReportQuerySchema,
  getChartReportResponseSchema,
} from '@scheduler/contract/reports';
import type { GetAppointmentReportQuery } from '@scheduler/contract/reports';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../platform/db/database.ts';
import { staffOf } from '../../platform/auth/request-guard.ts';
import { PUBLIC_API_PREFIX, errorResponseSchema } from '../../platform/http/route-kit.ts';
import { createReportsRepository } from './reports-repository.ts';
import { createReportsService } from './service.ts';

export interface ReportRoutesOptions {
  db: Db;
  now: () => Date;
}

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
};

/**
 * The report calls of the scheduler API (spec section 7), staff-only with `reports:read`.
 * Reports carry no patient identity (viewers may read them), so they are not audited.
 */
export const reportRoutes: FastifyPluginAsyncZod<ReportRoutesOptions> = (app, { db, now }) => {
  const { guard } = app.staffAuth;
  const service = createReportsService({
    repository: createReportsRepository(db),
    now: () => now().getTime(),
  });
  app.addHook('onRequest', guard.authenticate());
  const reportsRead = guard.requireStaff({ permission: 'reports:read' });
  const tags = ['reports'];
  const clientIdOf = (request: FastifyRequest): number => staffOf(request).clientId;

  async function appointmentReport(
    request: FastifyRequest<{ Querystring: GetAppointmentReportQuery }>,
    reply: FastifyReply,
  ) {
    reply.header('cache-control', 'no-store');
    const query = request.query;
    if (query.format === 'csv') {
      const { csv, truncated, range } = await service.appointmentReportCsv(clientIdOf(request), query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="appointment-report-${range.from}-to-${range.to}.csv"`,
        )
        .header('x-report-truncated', String(truncated))
        .send(csv);
    }
    return reply.send(await service.appointmentReport(clientIdOf(request), query));
  }

  const appointmentReportSchema = {
    tags,
    summary:
      'Appointments by start date with location, provider, service, status and channel filters, paged, with totals; ' +
      '`format=csv` answers every matching row as text/csv (reports:read)',
    querystring: getAppointmentReportQuerySchema,
    response: { 200: getAppointmentReportResponseSchema, ...errors },
  };
  app.get(
    `${PUBLIC_API_PREFIX}/getAppointmentReport`,
    { preHandler: reportsRead, schema: appointmentReportSchema },
    appointmentReport,
  );
  app.get(
    `${PUBLIC_API_PREFIX}/report/getAppointmentReport`,
    { preHandler: reportsRead, schema: appointmentReportSchema },
    appointmentReport,
  );

  app.get(
    `${PUBLIC_API_PREFIX}/report/getChannelFilters`,
    {
      preHandler: reportsRead,
      schema: {
        tags,
        summary: "'website' and every campaign seen for the brand (reports:read)",
        querystring: getChannelFiltersQuerySchema,
        response: { 200: getChannelFiltersResponseSchema, ...errors },
      },
    },
    (request) => service.channelFilters(clientIdOf(request)),
  );

  app.get(
    `${PUBLIC_API_PREFIX}/report/getChartReport`,
    {
      preHandler: reportsRead,
      schema: {
        tags,
        summary:
          'Bookings by day, channel, service and location, and the booking funnel with drop-off (reports:read)',
        querystring: getChartReportQuerySchema,
        response: { 200: getChartReportResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await service.chartReport(clientIdOf(request), request.query)),
  );

  return Promise.resolve();
};
