import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import {
  CANCEL_REASONS,
  resendManageLinkResponseSchema,
  type SelfServiceFacts,
} from '@scheduler/contract/manage';
import type { GetAppointmentDetailsResponse } from '@scheduler/contract/patient-management/appointments';
import { useMutation } from '@tanstack/react-query';
import { adminRequest } from '../shared/api/admin-request';
import { notifySaveFailed } from '../shared/components/save-feedback';
import { formatZonedDateTime } from '../../../lib/zoned-time';
import { useAdminParams } from '../shared/use-admin-params';
import type { StaffAccess } from '../shared/use-staff-access';

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

/** The label of a stored cancellation reason (the short list's value), else the text as stored. */
export function cancelReasonLabel(reason: string): string {
  return CANCEL_REASONS.find((option) => option.value === reason)?.label ?? reason;
}

/** The lines the patient page shows, in order: [term, text]. */
export function selfServiceLines(facts: SelfServiceFacts, timeZone: string): [string, string][] {
  const lines: [string, string][] = [];
  if (facts.rescheduledFromUtc) {
    const times = facts.rescheduleCount > 1 ? ` (${facts.rescheduleCount} times in all)` : '';
    lines.push([
      'Rescheduled',
      `Rescheduled by patient from ${formatZonedDateTime(facts.rescheduledFromUtc, timeZone, { weekday: true })}${times}`,
    ]);
  }
  if (facts.cancelledBy === 'patient') {
    const reason = facts.cancelReason ? `: ${cancelReasonLabel(facts.cancelReason)}` : '';
    lines.push(['Cancelled', `Cancelled by patient online${reason}`]);
    if (facts.cancelNote) lines.push(['Patient’s note', facts.cancelNote]);
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
        Resend manage link
      </Button>
      {resend.data ? (
        <Box role="status" sx={{ mt: 1 }}>
          {resend.data.queued ? (
            <Alert severity="success">
              A new manage link is on its way to the patient. Earlier links no longer work.
            </Alert>
          ) : (
            <Alert severity="info">
              No link was sent: self-service is off for this scheduler, or the appointment is no longer
              upcoming.
            </Alert>
          )}
        </Box>
      ) : null}
    </Box>
  );
}
