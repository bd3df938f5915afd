import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from '../../../components/app-link';
import { sectionPath } from '../shared/admin-paths';
import { errorMessageOf } from '../shared/api/admin-request';
import { AdminPage } from '../shared/components/admin-page';
import { AppointmentFiltersBar, dateRangeError } from '../shared/components/appointment-filters';
import { addDays } from '../shared/format';
import { todayIn, viewerTimeZone } from '../../../lib/zoned-time';
import { channelName } from '../shared/channel-names';
import { fetchFilters, NO_FILTERS, patientKeys } from '../shared/api/patient-management-api';
import { useStaffAccess } from '../shared/use-staff-access';
import { useAdminParams } from '../shared/use-admin-params';
import { fetchChannelFilters, reportKeys, type ReportFilters } from './reports-api';
import { AppointmentReportSection } from './appointment-report-section';
import { ChartReportSection } from './chart-report-section';
import { ReminderFiguresSection } from '../shared/messages/reminder-figures-section';
import { WaitlistOffersSection } from './waitlist-offers-section';

/** The last 30 days of the practice (its zone's today; the browser's until that zone is known). */
function defaultFilters(practiceZone: string | undefined): ReportFilters {
  const today = todayIn(practiceZone ?? viewerTimeZone());
  return { ...NO_FILTERS, from: addDays(today, -29), to: today, channel: '' };
}

/**
 * reports: bookings over time, by channel, service and location, the booking funnel with its
 * drop-off per step, and the appointment report with totals — every chart with a table, every
 * table exportable as CSV (made in the browser). No report carries patient identity.
 */
export function ReportsScreen() {
  const { t } = useLingui();
  const { clientId, ruleId } = useAdminParams();
  const access = useStaffAccess();
  const [filters, setFilters] = useState<ReportFilters>(() => defaultFilters(undefined));
  const rangeError = dateRangeError(filters);
  const options = useQuery({
    queryKey: patientKeys.filters(clientId),
    queryFn: ({ signal }) => fetchFilters(clientId, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
  // Once the practice's zone is known, the untouched default range follows its today (a Tokyo
  // browser is already on tomorrow while Chicago is not).
  const practiceZone = options.data?.defaultTimeZone;
  const [zoneApplied, setZoneApplied] = useState(false);
  if (practiceZone !== undefined && !zoneApplied) {
    setZoneApplied(true);
    const browserDefault = defaultFilters(undefined);
    if (filters.from === browserDefault.from && filters.to === browserDefault.to) {
      const practiceDefault = defaultFilters(practiceZone);
      setFilters((current) => ({ ...current, from: practiceDefault.from, to: practiceDefault.to }));
    }
  }
  const channels = useQuery({
    queryKey: reportKeys.channels(clientId),
    queryFn: ({ signal }) => fetchChannelFilters(clientId, signal),
    staleTime: 5 * 60_000,
  });

  return (
    <AdminPage
      title={t`Reports`}
      description={t`How patients book: when, through which channel, for what, and where.`}
      actions={
        access.can('audit:read') ? (
          <Button component={RouterLink} to={sectionPath(clientId, ruleId, 'auditlog')}>
            <Trans>Audit log</Trans>
          </Button>
        ) : undefined
      }
    >
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
        <AppointmentFiltersBar
          options={options.data}
          value={filters}
          dateLabel={t`Dates`}
          extraActive={filters.channel !== ''}
          onChange={(next) => setFilters((current) => ({ ...current, ...next }))}
          onClear={() => setFilters({ ...NO_FILTERS, channel: '' })}
        >
          <TextField
            select
            size="small"
            label={t`Channel`}
            value={filters.channel}
            disabled={!channels.data}
            onChange={(event) => setFilters((current) => ({ ...current, channel: event.target.value }))}
            sx={{ minWidth: 170, flex: '1 1 170px' }}
          >
            <MenuItem value="">
              <Trans>Every channel</Trans>
            </MenuItem>
            {channels.data?.channelFilters.map((channel) => (
              <MenuItem key={channel} value={channel} title={channel}>
                {channelName(channel)}
              </MenuItem>
            ))}
          </TextField>
        </AppointmentFiltersBar>
        {options.isError ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            <Trans>The location, provider and service choices could not be loaded.</Trans>{' '}
            {errorMessageOf(options.error)}
          </Alert>
        ) : null}
        {channels.isError ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            <Trans>The channels could not be loaded.</Trans> {errorMessageOf(channels.error)}
          </Alert>
        ) : null}
      </Paper>
      <ChartReportSection filters={filters} enabled={rangeError === null} />
      <AppointmentReportSection filters={filters} enabled={rangeError === null} />
      <ReminderFiguresSection filters={filters} enabled={rangeError === null} />
      {access.can('waitlist:read') ? (
        <WaitlistOffersSection filters={filters} enabled={rangeError === null} />
      ) : null}
    </AdminPage>
  );
}
