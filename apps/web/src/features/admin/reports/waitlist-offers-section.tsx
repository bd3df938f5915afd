import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { waitlistOffersReportSchema, type WaitlistOffersReport } from '@scheduler/contract/waitlist-offers';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ErrorBlock, LoadingBlock } from '../shared/components/query-state';
import { useAdminParams } from '../shared/use-admin-params';
import { adminRequest } from '../shared/api/admin-request';

const reportKey = (clientId: string, range: { from: string; to: string }) =>
  ['admin', clientId, 'reports', 'waitlist-offers', range] as const;

/** GET getWaitlistOffersReport (waitlist:read): offers sent and claimed, and the days gained, for a date range. */
export function fetchWaitlistOffersReport(
  clientId: string,
  range: { from: string; to: string },
  signal?: AbortSignal,
) {
  return adminRequest({
    path: 'getWaitlistOffersReport',
    params: { clientId, from: range.from, to: range.to },
    id: `admin-waitlist-offers-report-${clientId}`,
    signal,
    schema: waitlistOffersReportSchema,
  });
}

const whole = new Intl.NumberFormat('en-US');
const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

/** The report's figures as label/value rows. */
export function waitlistOfferFigures(report: WaitlistOffersReport): [string, string][] {
  return [
    [t`Offers sent`, whole.format(report.offersSent)],
    [t`Offers claimed`, whole.format(report.offersClaimed)],
    [t`Claimed of sent`, percent.format(report.acceptanceRate)],
    [t`Freed times offered`, whole.format(report.timesOffered)],
    [t`Freed times filled`, whole.format(report.timesFilled)],
    [t`Days gained (total)`, whole.format(report.daysGainedTotal)],
    [
      t`Days gained (median per claim)`,
      report.daysGainedMedian === null ? '—' : oneDecimal.format(report.daysGainedMedian),
    ],
  ];
}

/** Reports: waitlist offers of the chosen dates — sent, claimed, days gained (counts only, no patient identity). */
export function WaitlistOffersSection({
  filters,
  enabled,
}: {
  filters: { from: string; to: string };
  enabled: boolean;
}) {
  const { t } = useLingui();
  const { clientId } = useAdminParams();
  const range = { from: filters.from, to: filters.to };
  const report = useQuery({
    queryKey: reportKey(clientId, range),
    queryFn: ({ signal }) => fetchWaitlistOffersReport(clientId, range, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
  return (
    <Box component="section" aria-labelledby="waitlist-offers-title" sx={{ mb: 4 }}>
      <Typography id="waitlist-offers-title" variant="h5" component="h2" gutterBottom>
        <Trans>Waitlist offers</Trans>
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        <Trans>
          Freed times offered to waiting patients in these dates (by the day the offer was sent), how many
          were claimed, and how many days sooner the patients who claimed were seen.
        </Trans>
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box sx={{ height: 4 }}>
          {report.isFetching && report.data ? <LinearProgress aria-label={t`Updating`} /> : null}
        </Box>
        {report.isPending && enabled ? <LoadingBlock label={t`Loading the waitlist offers…`} /> : null}
        {report.isError ? (
          <ErrorBlock
            error={report.error}
            what={t`the waitlist offers`}
            onRetry={() => void report.refetch()}
          />
        ) : null}
        {report.data ? (
          <TableContainer
            tabIndex={0}
            role="region"
            aria-label={t`Waitlist offers (scrollable)`}
            sx={{ overflowX: 'auto', maxWidth: 560 }}
          >
            <Table size="small">
              <caption>
                <Trans>Waitlist offers</Trans>
              </caption>
              <TableHead>
                <TableRow>
                  <TableCell scope="col">
                    <Trans>Figure</Trans>
                  </TableCell>
                  <TableCell scope="col" align="right">
                    <Trans>Value</Trans>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {waitlistOfferFigures(report.data).map(([label, value]) => (
                  <TableRow key={label}>
                    <TableCell component="th" scope="row">
                      {label}
                    </TableCell>
                    <TableCell align="right">{value}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        ) : null}
      </Paper>
    </Box>
  );
}
