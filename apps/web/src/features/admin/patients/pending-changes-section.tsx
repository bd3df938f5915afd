import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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

/** The rows of one change: only the fields it would set, with what is on file now. */
function changeRows(
  change: PatientPendingChange,
  current: ContactOnFile,
  i18n: I18n,
): [string, string, string][] {
  const notGiven = i18n._(msg`Not given`);
  const yesNo = (value: boolean) => (value ? i18n._(msg`Yes`) : i18n._(msg`No`));
  const phoneText = (value: string | null) => (value ? formatPhone(value) : notGiven);
  const rows: [string, string, string][] = [];
  if (change.phone !== null)
    rows.push([i18n._(msg`Phone`), phoneText(current.phone), phoneText(change.phone)]);
  if (change.email !== null) rows.push([i18n._(msg`E-mail`), current.email ?? notGiven, change.email]);
  if (change.smsPermission !== null)
    rows.push([i18n._(msg`Text messages`), yesNo(current.smsPermission), yesNo(change.smsPermission)]);
  if (change.emailPermission !== null)
    rows.push([i18n._(msg`E-mails`), yesNo(current.emailPermission), yesNo(change.emailPermission)]);
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
  const { t, i18n } = useLingui();
  const { clientId } = useAdminParams();
  const zone = usePracticeTimeZone();
  const queryClient = useQueryClient();
  const decide = useMutation({
    mutationFn: (decision: PendingChangeDecision) => decidePendingChange(clientId, change.changeId, decision),
    onSuccess: async (_result, decision) => {
      notifySaved(decision === 'accept' ? t`Change applied to the record` : t`Change rejected`);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: pendingChangeKeys.patient(clientId, change.patientId) }),
        queryClient.invalidateQueries({ queryKey: patientKeys.details(clientId, change.patientId) }),
      ]);
    },
  });
  const captionId = `pending-change-${change.changeId}`;
  const when = <time dateTime={change.createdAt}>{formatZonedDateTime(change.createdAt, zone)}</time>;
  return (
    <Box component="li" sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}>
      <Typography id={captionId} variant="body2" color="text.secondary">
        {change.source === 'waitlist' ? (
          <Trans>From a booking from the waitlist · {when}</Trans>
        ) : (
          <Trans>From an online booking · {when}</Trans>
        )}
      </Typography>
      <Table size="small" aria-labelledby={captionId} sx={{ my: 1 }}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              <Trans>Detail</Trans>
            </TableCell>
            <TableCell component="th" scope="col">
              <Trans>On file</Trans>
            </TableCell>
            <TableCell component="th" scope="col">
              <Trans>Proposed</Trans>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {changeRows(change, current, i18n).map(([label, onFile, proposed]) => (
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
            <Trans>Accept change</Trans>
          </Button>
          <Button size="small" disabled={decide.isPending} onClick={() => decide.mutate('reject')}>
            <Trans>Reject change</Trans>
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
  const { t } = useLingui();
  const { clientId } = useAdminParams();
  const access = useStaffAccess();
  const changes = useQuery({
    queryKey: pendingChangeKeys.patient(clientId, patientId),
    queryFn: ({ signal }) => fetchPendingChanges(clientId, patientId, signal),
  });
  // Nothing while loading or when no change waits: most patients never have one.
  if (changes.isPending || (changes.data && changes.data.pendingChanges.length === 0)) return null;
  return (
    <Section id="patient-pending-changes" title={t`Contact changes to review`}>
      {changes.isError ? (
        <ErrorBlock
          error={changes.error}
          what={t`the contact changes`}
          onRetry={() => void changes.refetch()}
        />
      ) : null}
      {changes.data ? (
        <>
          <Typography sx={{ mb: 1 }}>
            <Trans>
              A booking brought contact details that differ from the record. Messages go to the details on
              file until a change is accepted.
            </Trans>
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
