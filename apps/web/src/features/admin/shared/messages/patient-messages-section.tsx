import { useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PAGE_SIZES } from '../components/data-table';
import { Section } from '../components/patient-parts';
import { ErrorBlock } from '../components/query-state';
import { useAdminParams } from '../use-admin-params';
import { useStaffAccess } from '../use-staff-access';
import { MessageDetailDialog } from './message-detail-dialog';
import { fetchMessages, messageKeys, NO_MESSAGE_FILTERS, type MessageListRequest } from './messages-api';
import { MessagesTable } from './messages-table';

/** The patient page's "Messages": every confirmation, reminder and notice sent (or not) to this patient. */
export function PatientMessagesSection({ patientId }: { patientId: string }) {
  const { t } = useLingui();
  const { clientId } = useAdminParams();
  const access = useStaffAccess();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const [openId, setOpenId] = useState<string | null>(null);
  const request: MessageListRequest = {
    filters: NO_MESSAGE_FILTERS,
    page: page + 1,
    pageSize,
    sort: '-scheduledAt',
    patientId,
  };
  const list = useQuery({
    queryKey: messageKeys.list(clientId, request),
    queryFn: ({ signal }) => fetchMessages(clientId, request, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <Section id="patient-messages" title={t`Messages`}>
      {list.isError ? (
        <ErrorBlock error={list.error} what={t`the messages`} onRetry={() => void list.refetch()} />
      ) : null}
      <MessagesTable
        caption={t`Messages to this patient`}
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
        emptyText={t`No message has been made for this patient.`}
        showPatient={false}
      />
      {openId !== null ? (
        <MessageDetailDialog
          clientId={clientId}
          messageId={openId}
          canWrite={access.can('patients:write')}
          onClose={() => setOpenId(null)}
        />
      ) : null}
    </Section>
  );
}
