import { Trans, useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { GetPatientDetailsResponse } from '@scheduler/contract/patient-management/patients';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { Link as RouterLink } from '../../../components/app-link';
import { sectionPath } from '../shared/admin-paths';
import { AdminPage } from '../shared/components/admin-page';
import { ErrorBlock, LoadingBlock } from '../shared/components/query-state';
import { useAdminParams } from '../shared/use-admin-params';
import { NotesSection } from './notes-section';
import { appointmentLabel, AppointmentsTable, Section } from '../shared/components/patient-parts';
import { defaultAppointmentId, isRecordId, patientDetailsPath, PICK_APPOINTMENT } from './patient-paths';
import { fetchPatientDetails } from './patients-api';
import { patientKeys } from '../shared/api/patient-management-api';
import { FeedbackSection } from './feedback-section';
import { PendingChangesSection } from './pending-changes-section';
import { PatientMessagesSection } from '../shared/messages/patient-messages-section';
import { isNotFound } from './patient-not-found';
import { ContactSection, InsuranceSection } from './patient-profile-sections';
import { SelectedAppointment } from './selected-appointment';
import { useStaffAccess } from '../shared/use-staff-access';
import { usePracticeTimeZone } from '../shared/use-practice-zone';

interface PatientRecordProps {
  data: GetPatientDetailsResponse;
  selectedId: string | null;
  /** Each appointment's label, by id. */
  labels: ReadonlyMap<string, string>;
  back: ReactNode;
  canWrite: boolean;
}

/** The patient's record: contact, insurance, appointments, the selected one, notes and feedback. */
function PatientRecord({ data, selectedId, labels, back, canWrite }: PatientRecordProps) {
  const { t } = useLingui();
  const { clientId, ruleId } = useAdminParams();
  const queryClient = useQueryClient();
  const practiceZone = usePracticeTimeZone();
  const linkTo = (id: string) =>
    sectionPath(clientId, ruleId, patientDetailsPath(data.patient.patientId, id));
  const selectedLabel = selectedId ? labels.get(selectedId) : undefined;

  return (
    <AdminPage
      title={t`Patient details`}
      description={`${data.patient.lastName}, ${data.patient.firstName}`}
      actions={back}
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <ContactSection patient={data.patient} timeZone={practiceZone} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <InsuranceSection policies={data.insurancePolicies} timeZone={practiceZone} />
        </Grid>
      </Grid>
      <PendingChangesSection patientId={data.patient.patientId} />
      <Section id="patient-appointments" title={t`Appointments`}>
        <AppointmentsTable
          caption={t`Upcoming appointments`}
          appointments={data.upcomingAppointments}
          selectedId={selectedId}
          linkTo={linkTo}
          emptyText={t`No upcoming appointments.`}
        />
        <AppointmentsTable
          caption={t`Past appointments`}
          appointments={data.pastAppointments}
          selectedId={selectedId}
          linkTo={linkTo}
          emptyText={t`No past appointments.`}
        />
      </Section>
      <Section id="selected-appointment" title={t`Selected appointment`}>
        {selectedId ? (
          <SelectedAppointment patientId={data.patient.patientId} appointmentId={selectedId} />
        ) : (
          <Typography color="text.secondary">
            {labels.size === 0
              ? t`This patient has no appointments.`
              : t`Choose an appointment in the lists above to see it here.`}
          </Typography>
        )}
      </Section>
      <Section id="patient-notes" title={t`Notes`}>
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
      <PatientMessagesSection patientId={data.patient.patientId} />
    </AdminPage>
  );
}

/**
 * patientdetails/:patientId/:appointmentId — contact and insurance, every appointment (upcoming and
 * past), the selected appointment with its status history and status control, notes and feedback.
 */
export function PatientDetailsScreen() {
  const { t } = useLingui();
  const { clientId, ruleId } = useAdminParams();
  const { patientId, appointmentId } = useParams();
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
      <Trans>Back to patients</Trans>
    </Button>
  );

  if (!validPatient || (details.isError && isNotFound(details.error))) {
    return (
      <AdminPage title={t`Patient not found`} actions={back}>
        <Typography>
          <Trans>This patient does not exist in this practice, or the link is wrong.</Trans>
        </Typography>
      </AdminPage>
    );
  }
  if (details.isPending) {
    return (
      <AdminPage title={t`Patient details`} actions={back}>
        <LoadingBlock label={t`Loading the patient…`} />
      </AdminPage>
    );
  }
  if (details.isError) {
    return (
      <AdminPage title={t`Patient details`} actions={back}>
        <ErrorBlock error={details.error} what={t`the patient`} onRetry={() => void details.refetch()} />
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
  return (
    <PatientRecord
      data={data}
      selectedId={selectedId}
      labels={labels}
      back={back}
      canWrite={access.can('patients:write')}
    />
  );
}
