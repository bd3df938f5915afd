import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { resendManageLinkResponseSchema, type SelfServiceFacts } from '@scheduler/contract/manage';
import type { GetAppointmentDetailsResponse } from '@scheduler/contract/patient-management/appointments';
import { useMutation } from '@tanstack/react-query';
import { adminRequest } from '../shared/api/admin-request';
import { notifySaveFailed } from '../shared/components/save-feedback';
import { formatZonedDateTime } from '../../../lib/zoned-time';
import { cancelReasonLabel } from '../shared/status-labels';
import { useAdminParams } from '../shared/use-admin-params';
import type { StaffAccess } from '../shared/use-staff-access';
import { i18n as activeI18n } from '../../../i18n/catalogs';

/**
 * Issue 18 on the patient page: what the patient did with the manage link ("cancelled by patient
 * online", "rescheduled by patient from …") and "Resend manage link" (a new link by the patient's
 * channels; the old ones stop working; audited by the server).
 */

/** POST resendManageLink (patients:write). */
export function resendManageLink(clientId: string, appointmentId: string) {
  return adminRequest({
    api: 'patientManagement',
    method: 'POST',
    path: 'resendManageLink',
    data: { clientId, appointmentId },
    schema: resendManageLinkResponseSchema,
  });
}

/** The lines the patient page shows, in order: [term, text]. */
export function selfServiceLines(
  facts: SelfServiceFacts,
  timeZone: string,
  i18n: I18n = activeI18n,
): [string, string][] {
  const lines: [string, string][] = [];
  if (facts.rescheduledFromUtc) {
    const count = facts.rescheduleCount;
    const from = formatZonedDateTime(facts.rescheduledFromUtc, timeZone, { weekday: true });
    lines.push([
      i18n._(msg`Rescheduled`),
      count > 1
        ? i18n._(msg`Rescheduled by patient from ${from} (${count} times in all)`)
        : i18n._(msg`Rescheduled by patient from ${from}`),
    ]);
  }
  if (facts.cancelledBy === 'patient') {
    const reason = facts.cancelReason ? cancelReasonLabel(facts.cancelReason) : '';
    lines.push([
      i18n._(msg`Cancelled`),
      reason ? i18n._(msg`Cancelled by patient online: ${reason}`) : i18n._(msg`Cancelled by patient online`),
    ]);
    if (facts.cancelNote) lines.push([i18n._(msg`Patient’s note`), facts.cancelNote]);
  }
  return lines;
}

/** "Resend manage link" for an upcoming appointment (patients:write); nothing otherwise. */
export function ResendManageLink({
  details,
  access,
}: {
  details: GetAppointmentDetailsResponse;
  access: StaffAccess;
}) {
  const { clientId } = useAdminParams();
  const { appointment } = details;
  const upcoming =
    (appointment.status === 'booked' || appointment.status === 'pending') &&
    Date.parse(appointment.startUtc) > Date.now();
  const resend = useMutation({
    mutationFn: () => resendManageLink(clientId, appointment.appointmentId),
    onError: (error) => notifySaveFailed(error),
  });
  if (!upcoming || !access.can('patients:write')) return null;
  return (
    <Box sx={{ mt: 2 }}>
      <Button variant="outlined" size="small" disabled={resend.isPending} onClick={() => resend.mutate()}>
        <Trans>Resend manage link</Trans>
      </Button>
      {resend.data ? (
        <Box role="status" sx={{ mt: 1 }}>
          {resend.data.queued ? (
            <Alert severity="success">
              <Trans>A new manage link is on its way to the patient. Earlier links no longer work.</Trans>
            </Alert>
          ) : (
            <Alert severity="info">
              <Trans>
                No link was sent: self-service is off for this scheduler, or the appointment is no longer
                upcoming.
              </Trans>
            </Alert>
          )}
        </Box>
      ) : null}
    </Box>
  );
}
