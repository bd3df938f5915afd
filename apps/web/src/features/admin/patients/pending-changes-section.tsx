import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ContactOnFile, PatientPendingChange } from '@scheduler/contract/admin/patient-pending-changes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { patientKeys } from '../shared/api/patient-management-api';
import { Section } from '../shared/components/patient-parts';
import { ErrorBlock } from '../shared/components/query-state';
import { notifySaved, SaveErrorAlert } from '../shared/components/save-feedback';
import { formatZonedDateTime } from '../../../lib/zoned-time';
import { formatPhone } from '../shared/format';
import { usePracticeTimeZone } from '../shared/use-practice-zone';
import { useAdminParams } from '../shared/use-admin-params';
import { useStaffAccess } from '../shared/use-staff-access';
import {
  decidePendingChange,
  fetchPendingChanges,
  pendingChangeKeys,
  type PendingChangeDecision,
} from './pending-changes-api';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const phoneText = (value: string | null) => (value ? formatPhone(value) : 'Not given');

/** The rows of one change: only the fields it would set, with what is on file now. */
function changeRows(change: PatientPendingChange, current: ContactOnFile): [string, string, string][] {
  const rows: [string, string, string][] = [];
  if (change.phone !== null) rows.push(['Phone', phoneText(current.phone), phoneText(change.phone)]);
  if (change.email !== null) rows.push(['E-mail', current.email ?? 'Not given', change.email]);
  if (change.smsPermission !== null)
    rows.push(['Text messages', yesNo(current.smsPermission), yesNo(change.smsPermission)]);
  if (change.emailPermission !== null)
    rows.push(['E-mails', yesNo(current.emailPermission), yesNo(change.emailPermission)]);
  return rows;
}

function PendingChange({
  change,
  current,
  canWrite,
}: {
  change: PatientPendingChange;
  current: ContactOnFile;
  canWrite: boolean;
}) {
  const { clientId } = useAdminParams();
  const zone = usePracticeTimeZone();
  const queryClient = useQueryClient();
  const decide = useMutation({
    mutationFn: (decision: PendingChangeDecision) => decidePendingChange(clientId, change.changeId, decision),
    onSuccess: async (_result, decision) => {
      notifySaved(decision === 'accept' ? 'Change applied to the record' : 'Change rejected');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: pendingChangeKeys.patient(clientId, change.patientId) }),
        queryClient.invalidateQueries({ queryKey: patientKeys.details(clientId, change.patientId) }),
      ]);
    },
  });
  const captionId = `pending-change-${change.changeId}`;
  const from = change.source === 'waitlist' ? 'a booking from the waitlist' : 'an online booking';
  return (
    <Box component="li" sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}>
      <Typography id={captionId} variant="body2" color="text.secondary">
        From {from} · <time dateTime={change.createdAt}>{formatZonedDateTime(change.createdAt, zone)}</time>
      </Typography>
      <Table size="small" aria-labelledby={captionId} sx={{ my: 1 }}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              Detail
            </TableCell>
            <TableCell component="th" scope="col">
              On file
            </TableCell>
            <TableCell component="th" scope="col">
              Proposed
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {changeRows(change, current).map(([label, onFile, proposed]) => (
            <TableRow key={label}>
              <TableCell component="th" scope="row">
                {label}
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{onFile}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{proposed}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {canWrite ? (
        <Stack direction="row" spacing={1}>
          <Button
            size="small"
            variant="contained"
            disabled={decide.isPending}
            onClick={() => decide.mutate('accept')}
          >
            Accept change
          </Button>
          <Button size="small" disabled={decide.isPending} onClick={() => decide.mutate('reject')}>
            Reject change
          </Button>
        </Stack>
      ) : null}
      <SaveErrorAlert
        error={decide.error}
        onReload={() =>
          void queryClient.invalidateQueries({
            queryKey: pendingChangeKeys.patient(clientId, change.patientId),
          })
        }
      />
    </Box>
  );
}

/**
 * Details that bookings brought for this patient and that differ from the record (issue 15,
 * finding 3): never applied on their own; staff who may edit patients accept or reject each.
 * Shows nothing while there is none.
 */
export function PendingChangesSection({ patientId }: { patientId: string }) {
  const { clientId } = useAdminParams();
  const access = useStaffAccess();
  const changes = useQuery({
    queryKey: pendingChangeKeys.patient(clientId, patientId),
    queryFn: ({ signal }) => fetchPendingChanges(clientId, patientId, signal),
  });
  // Nothing while loading or when no change waits: most patients never have one.
  if (changes.isPending || (changes.data && changes.data.pendingChanges.length === 0)) return null;
  return (
    <Section id="patient-pending-changes" title="Contact changes to review">
      {changes.isError ? (
        <ErrorBlock error={changes.error} what="the contact changes" onRetry={() => void changes.refetch()} />
      ) : null}
      {changes.data ? (
        <>
          <Typography sx={{ mb: 1 }}>
            A booking brought contact details that differ from the record. Messages go to the details on file
            until a change is accepted.
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {changes.data.pendingChanges.map((change) => (
              <PendingChange
                key={change.changeId}
                change={change}
                current={changes.data.current}
                canWrite={access.can('patients:write')}
              />
            ))}
          </Box>
        </>
      ) : null}
    </Section>
  );
}
