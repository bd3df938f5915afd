import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AuditLogEntry } from '@scheduler/contract/patient-management/audit-log';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AdminPage } from '../shared/components/admin-page';
import { DataTable, useListQuery, type Column } from '../shared/components/data-table';
import { dateRangeError } from '../shared/components/appointment-filters';
import { formatDateTime } from '../shared/format';
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

/**
 * auditlog (owners and admins, audit:read): who read or changed what, newest first, filtered by
 * action and dates; paged by the server. Entries carry ids and field names, never patient data.
 */
export function AuditLogScreen() {
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

  const columns: Column<AuditLogEntry>[] = [
    {
      key: 'at',
      label: 'When',
      render: (entry) => <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>,
    },
    {
      key: 'user',
      label: 'User',
      render: (entry) =>
        entry.user ? (
          <>
            {entry.user.name}
            <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
              {entry.user.email}
            </Typography>
          </>
        ) : (
          'System'
        ),
    },
    { key: 'action', label: 'Action', render: (entry) => <code>{entry.action}</code> },
    {
      key: 'record',
      label: 'Record',
      render: (entry) =>
        entry.recordType ? `${entry.recordType}${entry.recordId ? ` #${entry.recordId}` : ''}` : '—',
    },
    { key: 'ip', label: 'IP address', render: (entry) => entry.ip ?? '—' },
    {
      key: 'details',
      label: 'Details',
      render: (entry) => (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', maxWidth: 360 }}>
          {auditDetailsText(entry.details)}
        </Typography>
      ),
    },
  ];

  return (
    <AdminPage title="Audit log" description="Every read and change of patient data and configuration.">
      <DataTable
        caption="Audit log"
        columns={columns}
        rows={log.data?.items}
        total={log.data?.total ?? 0}
        rowKey={(entry) => entry.auditId}
        controls={controls}
        loading={log.isFetching}
        error={log.error}
        onRetry={() => void log.refetch()}
        searchLabel="Action (e.g. patient.read, or patient. for all)"
        emptyText="Nothing has been recorded in this range."
        noMatchText="No entry has this action."
        toolbar={
          <Box role="group" aria-label="Dates" sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <TextField
              type="date"
              size="small"
              label="From"
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
              label="To"
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
