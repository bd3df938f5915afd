import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Rating from '@mui/material/Rating';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { APPOINTMENT_STATUS_LABELS } from '@scheduler/domain/appointment-status';
import type { GetAppointmentDetailsResponse } from '@scheduler/contract/patient-management/appointments';
import type {
  GetPatientDetailsResponse,
  InsurancePolicy,
} from '@scheduler/contract/patient-management/patients';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Navigate, Link as RouterLink, useParams } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { sectionPath } from '../shared/admin-paths';
import { AdminPage } from '../shared/components/admin-page';
import { ErrorBlock, LoadingBlock } from '../shared/components/query-state';
import { useAdminParams } from '../shared/use-admin-params';
import { ageOn, formatDateTime, formatIsoDate, formatTime, todayLocal } from '../shared/format';
import { NotesSection } from './notes-section';
import {
  appointmentLabel,
  AppointmentsTable,
  DetailList,
  Section,
  StatusChip,
} from '../shared/components/patient-parts';
import { defaultAppointmentId, isRecordId, patientDetailsPath, PICK_APPOINTMENT } from './patient-paths';
import { fetchAppointmentDetails, fetchFeedback, fetchPatientDetails } from './patients-api';
import { patientKeys } from '../shared/api/patient-management-api';
import { StatusChangeForm } from './status-change-form';
import { useStaffAccess } from '../shared/use-staff-access';

function isNotFound(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}

function yesNo(value: boolean): string {
  return value ? 'Yes' : 'No';
}

function ContactSection({ patient }: { patient: GetPatientDetailsResponse['patient'] }) {
  const age = ageOn(patient.dateOfBirth, todayLocal());
  return (
    <Section id="patient-contact" title={`${patient.firstName} ${patient.lastName}`}>
      <DetailList
        items={[
          ['Date of birth', `${formatIsoDate(patient.dateOfBirth)}${age === null ? '' : ` (age ${age})`}`],
          ['Gender', patient.gender === 'M' ? 'Male' : patient.gender === 'F' ? 'Female' : 'Not given'],
          ['Phone', patient.phone ?? 'Not given'],
          ['E-mail', patient.email ?? 'Not given'],
          ['Text messages', yesNo(patient.smsPermission)],
          ['E-mails', yesNo(patient.emailPermission)],
          ['Patient since', formatDateTime(patient.createdAt)],
        ]}
      />
    </Section>
  );
}

function policyItems(policy: InsurancePolicy): [string, string][] {
  if (policy.selfPay) return [['Coverage', 'Self-pay']];
  const subscriber = [policy.subscriberFirstName, policy.subscriberLastName].filter(Boolean).join(' ');
  const items: [string, string][] = [
    ['Carrier', policy.carrier?.name ?? 'Not given'],
    ['Plan', policy.plan?.name ?? 'Not given'],
    ['Member ID', policy.memberId ?? 'Not given'],
  ];
  if (policy.groupNumber) items.push(['Group number', policy.groupNumber]);
  if (policy.relationship) items.push(['Policy holder', policy.relationship]);
  if (subscriber) items.push(['Subscriber', subscriber]);
  if (policy.subscriberDateOfBirth) {
    items.push(['Subscriber date of birth', formatIsoDate(policy.subscriberDateOfBirth)]);
  }
  items.push(['Updated', formatDateTime(policy.updatedAt)]);
  return items;
}

function InsuranceSection({ policies }: { policies: readonly InsurancePolicy[] }) {
  return (
    <Section id="patient-insurance" title="Insurance">
      {policies.length === 0 ? (
        <Typography color="text.secondary">No insurance on file.</Typography>
      ) : (
        policies.map((policy, index) => (
          <Box key={policy.policyId} sx={{ mt: index === 0 ? 0 : 2 }}>
            {policies.length > 1 ? (
              <Typography variant="subtitle2" component="h3" gutterBottom>
                Policy {index + 1}
              </Typography>
            ) : null}
            <DetailList items={policyItems(policy)} />
          </Box>
        ))
      )}
    </Section>
  );
}

function StatusHistoryTable({ history }: { history: GetAppointmentDetailsResponse['statusHistory'] }) {
  return (
    <TableContainer tabIndex={0} role="region" aria-label="Status history (scrollable)" sx={{ mt: 2 }}>
      <Table size="small">
        <Typography
          component="caption"
          sx={{ captionSide: 'top', textAlign: 'left', p: 0, pb: 1, fontWeight: 500 }}
        >
          Status history
        </Typography>
        <TableHead>
          <TableRow>
            <TableCell scope="col">When</TableCell>
            <TableCell scope="col">Status</TableCell>
            <TableCell scope="col">Changed by</TableCell>
            <TableCell scope="col">Reason</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {history.length === 0 ? (
            <TableRow>
              <TableCell colSpan={4}>No changes recorded.</TableCell>
            </TableRow>
          ) : null}
          {history.map((entry, index) => (
            <TableRow key={`${entry.at}-${index}`}>
              <TableCell>
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              </TableCell>
              <TableCell>
                {entry.fromStatus ? `${APPOINTMENT_STATUS_LABELS[entry.fromStatus]} → ` : ''}
                {entry.toLabel}
              </TableCell>
              <TableCell>{entry.changedBy?.name ?? 'Booking (system)'}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{entry.reason ?? '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function SelectedAppointment({ patientId, appointmentId }: { patientId: string; appointmentId: string }) {
  const { clientId } = useAdminParams();
  const queryClient = useQueryClient();
  const access = useStaffAccess();
  const details = useQuery({
    queryKey: patientKeys.appointment(clientId, appointmentId),
    queryFn: ({ signal }) => fetchAppointmentDetails(clientId, patientId, appointmentId, signal),
  });

  if (details.isPending) return <LoadingBlock label="Loading the appointment…" />;
  if (details.isError) {
    return isNotFound(details.error) ? (
      <Alert severity="warning">This appointment is not one of this patient&apos;s appointments.</Alert>
    ) : (
      <ErrorBlock error={details.error} what="the appointment" onRetry={() => void details.refetch()} />
    );
  }
  const { appointment, statusHistory } = details.data;
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="subtitle1" component="h3">
          {formatDateTime(appointment.startUtc, appointment.timeZone, true)}
        </Typography>
        <StatusChip status={appointment.status} label={appointment.statusLabel} />
      </Box>
      <DetailList
        items={[
          ['Service', appointment.service.name],
          ['Provider', appointment.provider.name],
          ['Location', appointment.location.name],
          [
            'Time',
            `${formatTime(appointment.startUtc, appointment.timeZone)} – ${formatTime(
              appointment.endUtc,
              appointment.timeZone,
            )} (${appointment.timeZone})`,
          ],
          ['Status', appointment.statusLabel],
          ...(appointment.cancelReason
            ? ([['Cancellation reason', appointment.cancelReason]] as [string, string][])
            : []),
          ['Patient', appointment.isNewPatient ? 'New patient' : 'Existing patient'],
          ['Reason for visit', appointment.reasonForVisit ?? 'Not given'],
          ...(appointment.patientNotes
            ? ([['Patient notes', appointment.patientNotes]] as [string, string][])
            : []),
          ['Channel', appointment.channel ?? 'Staff or unknown'],
          ['Booked', formatDateTime(appointment.createdAt)],
        ]}
      />
      <StatusChangeForm
        key={`${appointment.appointmentId}-${appointment.version}`}
        details={details.data}
        access={access}
        onReload={() => void details.refetch()}
        onChanged={async (answer) => {
          queryClient.setQueryData(patientKeys.appointment(clientId, appointmentId), answer);
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: patientKeys.details(clientId, patientId) }),
            queryClient.invalidateQueries({ queryKey: [...patientKeys.all(clientId), 'list'] }),
          ]);
        }}
      />
      <StatusHistoryTable history={statusHistory} />
    </Box>
  );
}

function FeedbackSection({ patientId, labels }: { patientId: string; labels: ReadonlyMap<string, string> }) {
  const { clientId } = useAdminParams();
  const feedback = useQuery({
    queryKey: patientKeys.feedback(clientId, patientId),
    queryFn: ({ signal }) => fetchFeedback(clientId, patientId, signal),
  });
  return (
    <Section id="patient-feedback" title="Feedback">
      {feedback.isPending ? <LoadingBlock label="Loading feedback…" /> : null}
      {feedback.isError ? (
        <ErrorBlock error={feedback.error} what="the feedback" onRetry={() => void feedback.refetch()} />
      ) : null}
      {feedback.data && feedback.data.count === 0 ? (
        <Typography color="text.secondary">No feedback from this patient yet.</Typography>
      ) : null}
      {feedback.data && feedback.data.count > 0 ? (
        <>
          <Typography sx={{ mb: 1 }}>
            {feedback.data.count} {feedback.data.count === 1 ? 'response' : 'responses'}
            {feedback.data.averageRating === null
              ? ''
              : `, average rating ${feedback.data.averageRating.toFixed(1)} out of 5`}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {feedback.data.feedback.map((item) => (
              <Box component="li" key={item.feedbackId} sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}>
                {item.rating === null ? null : (
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <Rating value={item.rating} readOnly size="small" aria-hidden="true" />
                    <Typography variant="body2">{item.rating} out of 5</Typography>
                  </Box>
                )}
                {item.comment ? (
                  <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {item.comment}
                  </Typography>
                ) : null}
                <Typography variant="body2" color="text.secondary">
                  <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
                  {item.appointmentId && labels.get(item.appointmentId)
                    ? ` · about ${labels.get(item.appointmentId) ?? ''}`
                    : ''}
                </Typography>
              </Box>
            ))}
          </Box>
        </>
      ) : null}
    </Section>
  );
}

/**
 * patientdetails/:patientId/:appointmentId — contact and insurance, every appointment (upcoming and
 * past), the selected appointment with its status history and status control, notes and feedback.
 */
export function PatientDetailsScreen() {
  const { clientId, ruleId } = useAdminParams();
  const { patientId, appointmentId } = useParams();
  const queryClient = useQueryClient();
  const access = useStaffAccess();
  const validPatient = isRecordId(patientId);
  const details = useQuery({
    queryKey: patientKeys.details(clientId, patientId ?? ''),
    queryFn: ({ signal }) => fetchPatientDetails(clientId, patientId ?? '', signal),
    enabled: validPatient,
  });

  const labels = useMemo(() => {
    const map = new Map<string, string>();
    for (const appointment of [
      ...(details.data?.upcomingAppointments ?? []),
      ...(details.data?.pastAppointments ?? []),
    ]) {
      map.set(appointment.appointmentId, appointmentLabel(appointment));
    }
    return map;
  }, [details.data]);

  const back = (
    <Button component={RouterLink} to={sectionPath(clientId, ruleId, 'patients')}>
      Back to patients
    </Button>
  );

  if (!validPatient || (details.isError && isNotFound(details.error))) {
    return (
      <AdminPage title="Patient not found" actions={back}>
        <Typography>This patient does not exist in this practice, or the link is wrong.</Typography>
      </AdminPage>
    );
  }
  if (details.isPending) {
    return (
      <AdminPage title="Patient details" actions={back}>
        <LoadingBlock label="Loading the patient…" />
      </AdminPage>
    );
  }
  if (details.isError) {
    return (
      <AdminPage title="Patient details" actions={back}>
        <ErrorBlock error={details.error} what="the patient" onRetry={() => void details.refetch()} />
      </AdminPage>
    );
  }

  const data = details.data;
  const selectedId = isRecordId(appointmentId) ? appointmentId : null;
  if (selectedId === null && appointmentId === PICK_APPOINTMENT) {
    const first = defaultAppointmentId(data);
    if (first) {
      return (
        <Navigate
          to={sectionPath(clientId, ruleId, patientDetailsPath(data.patient.patientId, first))}
          replace
        />
      );
    }
  }
  const linkTo = (id: string) =>
    sectionPath(clientId, ruleId, patientDetailsPath(data.patient.patientId, id));
  const selectedLabel = selectedId ? labels.get(selectedId) : undefined;
  const canWrite = access.can('patients:write');

  return (
    <AdminPage
      title="Patient details"
      description={`${data.patient.lastName}, ${data.patient.firstName}`}
      actions={back}
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <ContactSection patient={data.patient} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <InsuranceSection policies={data.insurancePolicies} />
        </Grid>
      </Grid>
      <Section id="patient-appointments" title="Appointments">
        <AppointmentsTable
          caption="Upcoming appointments"
          appointments={data.upcomingAppointments}
          selectedId={selectedId}
          linkTo={linkTo}
          emptyText="No upcoming appointments."
        />
        <AppointmentsTable
          caption="Past appointments"
          appointments={data.pastAppointments}
          selectedId={selectedId}
          linkTo={linkTo}
          emptyText="No past appointments."
        />
      </Section>
      <Section id="selected-appointment" title="Selected appointment">
        {selectedId ? (
          <SelectedAppointment patientId={data.patient.patientId} appointmentId={selectedId} />
        ) : (
          <Typography color="text.secondary">
            {labels.size === 0
              ? 'This patient has no appointments.'
              : 'Choose an appointment in the lists above to see it here.'}
          </Typography>
        )}
      </Section>
      <Section id="patient-notes" title="Notes">
        <NotesSection
          patientId={data.patient.patientId}
          appointment={
            selectedId && selectedLabel ? { appointmentId: selectedId, label: selectedLabel } : null
          }
          notes={data.notes}
          appointmentLabels={labels}
          canWrite={canWrite}
          onSaved={() =>
            Promise.all([
              queryClient.invalidateQueries({
                queryKey: patientKeys.details(clientId, data.patient.patientId),
              }),
              selectedId
                ? queryClient.invalidateQueries({ queryKey: patientKeys.appointment(clientId, selectedId) })
                : Promise.resolve(),
            ])
          }
        />
      </Section>
      <FeedbackSection patientId={data.patient.patientId} labels={labels} />
    </AdminPage>
  );
}
