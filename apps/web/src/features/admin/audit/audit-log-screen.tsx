import { useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AuditLogEntry } from '@scheduler/contract/patient-management/audit-log';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { Link as RouterLink } from '../../../components/app-link';
import { AdminPage } from '../shared/components/admin-page';
import { DataTable, useListQuery, type Column } from '../shared/components/data-table';
import { dateRangeError } from '../shared/components/appointment-filters';
import { formatZonedDateTime, zoneLongName } from '../../../lib/zoned-time';
import { sectionPath } from '../shared/admin-paths';
import { auditSentence, type AuditPractice } from './audit-sentence';
import { fetchAuditLog } from './audit-api';
import { patientKeys } from '../shared/api/patient-management-api';
import { useAdminParams } from '../shared/use-admin-params';

/** The details of an entry (ids and field names only) as short 'key: value' text. */
export function auditDetailsText(details: AuditLogEntry['details']): string {
  if (!details) return '—';
  const parts = Object.entries(details).map(([key, value]) => {
    const text =
      typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : JSON.stringify(value);
    return `${key}: ${text}`;
  });
  return parts.length === 0 ? '—' : parts.join('; ');
}

/** The entry as a sentence, its record a link to the record's screen. */
function AuditSentence({ entry, practice }: { entry: AuditLogEntry; practice: AuditPractice }) {
  const { clientId, ruleId } = useAdminParams();
  return (
    <>
      {auditSentence(entry, practice).map((part, index) =>
        part.link === undefined ? (
          <Fragment key={index}>{part.text}</Fragment>
        ) : (
          <Link key={index} component={RouterLink} to={sectionPath(clientId, ruleId, part.link)}>
            {part.text}
          </Link>
        ),
      )}
    </>
  );
}

/**
 * auditlog (owners and admins, audit:read): who read or changed what, newest first, filtered by
 * action and dates; paged by the server. Each entry reads as a sentence ("Morgan Reyes removed Dana
 * Lee from BrightSmile Dental") with links to the records; times in the practice's zone, named.
 * Entries carry ids and field names, never patient data beyond the names staff may read.
 */
export function AuditLogScreen() {
  const { t } = useLingui();
  const { clientId } = useAdminParams();
  const controls = useListQuery('at', 'desc');
  const { query } = controls;
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const rangeError = dateRangeError({ from, to });
  const request = { page: query.page + 1, pageSize: query.pageSize, action: query.search, from, to };
  const log = useQuery({
    queryKey: [...patientKeys.audit(clientId), request],
    queryFn: ({ signal }) => fetchAuditLog(clientId, request, signal),
    placeholderData: keepPreviousData,
    enabled: rangeError === null,
  });

  const practice = log.data?.practice;
  const fromIp = (ip: string) => t`from ${ip}`;
  const columns: Column<AuditLogEntry>[] = [
    {
      key: 'at',
      label: t`When`,
      render: (entry) => (
        <time
          dateTime={entry.at}
          title={practice ? zoneLongName(practice.timeZone, Date.parse(entry.at)) : undefined}
        >
          {formatZonedDateTime(entry.at, practice?.timeZone)}
        </time>
      ),
    },
    {
      key: 'entry',
      label: t`What happened`,
      wrapMinWidth: 280,
      render: (entry) => (
        <>
          <Typography variant="body2">
            <AuditSentence entry={entry} practice={practice ?? { name: '' }} />
          </Typography>
          {entry.user?.email ? (
            <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {entry.user.email}
            </Typography>
          ) : null}
        </>
      ),
    },
    {
      key: 'details',
      label: t`Details`,
      wrapMinWidth: 220,
      render: (entry) => (
        <>
          <Typography variant="body2" color="text.secondary">
            <code>{entry.action}</code>
            {entry.ip ? ` · ${fromIp(entry.ip)}` : ''}
          </Typography>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {auditDetailsText(entry.details)}
          </Typography>
        </>
      ),
    },
  ];

  return (
    <AdminPage title={t`Audit log`} description={t`Every read and change of patient data and configuration.`}>
      <DataTable
        caption={t`Audit log`}
        columns={columns}
        rows={log.data?.items}
        total={log.data?.total ?? 0}
        rowKey={(entry) => entry.auditId}
        controls={controls}
        loading={log.isFetching}
        error={log.error}
        onRetry={() => void log.refetch()}
        searchLabel={t`Action (e.g. patient.read, or patient. for all)`}
        emptyText={t`Nothing has been recorded in this range.`}
        noMatchText={t`No entry has this action.`}
        toolbar={
          <Box role="group" aria-label={t`Dates`} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <TextField
              type="date"
              size="small"
              label={t`From`}
              value={from}
              onChange={(event) => {
                setFrom(event.target.value);
                controls.setPage(0);
              }}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              type="date"
              size="small"
              label={t`To`}
              value={to}
              error={rangeError !== null}
              helperText={rangeError ?? undefined}
              onChange={(event) => {
                setTo(event.target.value);
                controls.setPage(0);
              }}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Box>
        }
      />
    </AdminPage>
  );
}
