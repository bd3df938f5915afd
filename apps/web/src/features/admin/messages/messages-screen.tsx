import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from '../../../components/app-link';
import { sectionPath } from '../shared/admin-paths';
import { AdminPage } from '../shared/components/admin-page';
import { dateRangeError } from '../shared/components/appointment-filters';
import { filterFieldSx } from '../shared/components/choice-filter';
import { PAGE_SIZES } from '../shared/components/data-table';
import { ErrorBlock } from '../shared/components/query-state';
import { MessageDetailDialog } from '../shared/messages/message-detail-dialog';
import {
  fetchMessages,
  messageKeys,
  NO_MESSAGE_FILTERS,
  type MessageFilters,
  type MessageListRequest,
} from '../shared/messages/messages-api';
import { MessagesTable } from '../shared/messages/messages-table';
import { useAdminParams } from '../shared/use-admin-params';
import { useStaffAccess } from '../shared/use-staff-access';
import { MessageFiltersBar } from './message-filters';

const SORTS: { value: MessageListRequest['sort']; label: MessageDescriptor }[] = [
  { value: '-scheduledAt', label: msg`Planned, latest first` },
  { value: 'scheduledAt', label: msg`Planned, earliest first` },
  { value: '-updatedAt', label: msg`Last change first` },
];

/**
 * messages (patients:read): every confirmation, reminder and notice of the brand with its
 * appointment, patient, channel, status (and why it was not sent) and times; open one to read what
 * was sent, resend a failed one. Every read is audited by the server.
 */
export function MessagesScreen() {
  const { t, i18n } = useLingui();
  const { clientId, ruleId } = useAdminParams();
  const access = useStaffAccess();
  const [filters, setFilters] = useState<MessageFilters>(NO_MESSAGE_FILTERS);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[1]);
  const [sort, setSort] = useState<MessageListRequest['sort']>('-scheduledAt');
  const [openId, setOpenId] = useState<string | null>(null);
  const rangeError = dateRangeError(filters);
  const request: MessageListRequest = { filters, page: page + 1, pageSize, sort };
  const list = useQuery({
    queryKey: messageKeys.list(clientId, request),
    queryFn: ({ signal }) => fetchMessages(clientId, request, signal),
    placeholderData: keepPreviousData,
    enabled: rangeError === null,
  });

  return (
    <AdminPage
      title={t`Messages`}
      description={t`Confirmations, reminders and notices sent to patients, with what happened to each.`}
      actions={
        access.can('config:read') ? (
          <Button component={RouterLink} to={sectionPath(clientId, ruleId, 'messagesettings')}>
            <Trans>Templates and reminders</Trans>
          </Button>
        ) : undefined
      }
    >
      <Paper variant="outlined">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, p: 2 }}>
          <MessageFiltersBar
            value={filters}
            onChange={(next) => {
              setFilters(next);
              setPage(0);
            }}
          />
          <TextField
            select
            size="small"
            label={t`Order`}
            value={sort}
            onChange={(event) => {
              setSort(SORTS.find((option) => option.value === event.target.value)?.value ?? '-scheduledAt');
              setPage(0);
            }}
            sx={filterFieldSx}
          >
            {SORTS.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {i18n._(option.label)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <Box sx={{ height: 4 }}>
          {list.isFetching && list.data ? <LinearProgress aria-label={t`Updating`} /> : null}
        </Box>
        {list.isError ? (
          <Box sx={{ px: 2 }}>
            <ErrorBlock error={list.error} what={t`the messages`} onRetry={() => void list.refetch()} />
          </Box>
        ) : null}
        <MessagesTable
          caption={t`Messages`}
          rows={list.data?.items}
          total={list.data?.total ?? 0}
          page={page}
          pageSize={pageSize}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(0);
          }}
          onOpen={(message) => setOpenId(message.messageId)}
          loading={list.isFetching}
          emptyText={
            Object.values(filters).some((value) => value !== '')
              ? t`No message matches these filters.`
              : t`No message has been made yet.`
          }
        />
      </Paper>
      {openId !== null ? (
        <MessageDetailDialog
          clientId={clientId}
          messageId={openId}
          canWrite={access.can('patients:write')}
          onClose={() => setOpenId(null)}
        />
      ) : null}
    </AdminPage>
  );
}
