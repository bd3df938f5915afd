import Button from '@mui/material/Button';
import {
  MANAGE_LINK_INVALID_MESSAGE,
  type CancelAppointmentRequestInput,
  type CancelAppointmentResponse,
  type ManageAppointmentResponse,
} from '@scheduler/contract/manage';
import { formatMessage } from '@scheduler/domain/messages';
import { formatPhoneForDisplay } from '@scheduler/domain/text';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { OfficeMessage } from '../components/office-message';
import { formatAddress } from '../lib/address';
import { providerDisplayName } from '../lib/flow-state';
import { AppointmentFacts, PhoneLink, whenText } from './appointment-facts';
import { CancelForm } from './cancel-form';
import {
  cancelManagedAppointment,
  fetchManagedAppointment,
  isWellFormedManageToken,
  manageKey,
  rescheduleManagedAppointment,
} from './manage-api';
import { ReschedulePicker, rescheduleSlotsKey, type ChosenTime } from './reschedule-picker';
import { InvalidLink } from './invalid-link';
import {
  bookingPagePath,
  SelfServicePage,
  useSelfServiceScope,
  type SelfServiceScope,
} from './self-service-page';

/**
 * The patient's manage page, /{clientName}/{scheduler}/manage/{token} (issue 18). Opening it
 * reads the appointment and changes nothing; cancelling and rescheduling are explicit actions
 * on the page (POST). A wrong or expired link says so plainly, with the booking page and the
 * phone, and nothing about any appointment.
 */

type Mode =
  | { kind: 'view' }
  | { kind: 'cancel' }
  | { kind: 'reschedule' }
  | { kind: 'cancelled'; answer: CancelAppointmentResponse }
  | { kind: 'rescheduled'; fromUtc: string };

const INVALID_CODES = new Set(['MANAGE_LINK_INVALID', 'NOT_FOUND']);

function isInvalidLink(error: unknown): boolean {
  return isApiError(error) && (INVALID_CODES.has(error.code) || error.status === 404);
}

/** The server's refusal text (422 MANAGE_NOT_ALLOWED), or null for another error. */
function refusalOf(error: unknown): string | null {
  return isApiError(error) && error.code === 'MANAGE_NOT_ALLOWED' ? error.body.error.message : null;
}

function errorText(error: unknown): string {
  return isApiError(error) ? error.body.error.message : 'Something went wrong. Please try again.';
}

export function ManageScreen() {
  const scope = useSelfServiceScope();
  const wellFormed = isWellFormedManageToken(scope.token);
  const appointment = useQuery({
    queryKey: manageKey(scope.token),
    queryFn: ({ signal }) => fetchManagedAppointment(scope.token, signal),
    enabled: wellFormed,
    retry: false,
    refetchOnWindowFocus: false,
  });

  if (!wellFormed || (appointment.isError && isInvalidLink(appointment.error)))
    return (
      <InvalidLink scope={scope} heading="This link cannot be used" message={MANAGE_LINK_INVALID_MESSAGE} />
    );
  if (appointment.isPending)
    return (
      <SelfServicePage scope={scope} heading="Your appointment">
        <p role="status">Loading your appointment…</p>
      </SelfServicePage>
    );
  if (appointment.isError)
    return (
      <SelfServicePage scope={scope} heading="We could not load your appointment">
        <div role="alert">
          <p>{errorText(appointment.error)}</p>
        </div>
        <Button variant="contained" onClick={() => void appointment.refetch()}>
          Try again
        </Button>
      </SelfServicePage>
    );
  return <ManagedAppointment scope={scope} appointment={appointment.data} />;
}

type Notice = { message: string; taken: boolean };

/** The page's two changes (POST cancel, POST reschedule) and what their failures show. */
function useManageChanges(token: string, appointment: ManageAppointmentResponse, phone: string | null) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>({ kind: 'view' });
  const [notice, setNotice] = useState<Notice | null>(null);
  const [linkGone, setLinkGone] = useState(false);
  const refreshSlots = () => queryClient.invalidateQueries({ queryKey: rescheduleSlotsKey(token) });

  const failed = (error: unknown) => {
    if (isInvalidLink(error)) {
      setLinkGone(true);
      return;
    }
    const refusal = refusalOf(error);
    if (refusal) {
      // The rules changed under the page (cut-off passed, limit used): show why, read again.
      setNotice({ message: refusal, taken: false });
      setMode({ kind: 'view' });
      void queryClient.invalidateQueries({ queryKey: manageKey(token) });
      return;
    }
    if (isApiError(error) && error.code === 'SLOT_TAKEN') {
      // Spec section 8, word for word; the appointment keeps its old time.
      setNotice({
        message: formatMessage('SLOT_TAKEN', { phone: phone ? formatPhoneForDisplay(phone) : null }),
        taken: true,
      });
      void refreshSlots();
      return;
    }
    setNotice({ message: errorText(error), taken: false });
  };

  const cancel = useMutation({
    mutationFn: (body: CancelAppointmentRequestInput) => cancelManagedAppointment(token, body),
    onMutate: () => setNotice(null),
    onSuccess: (answer) => {
      setMode({ kind: 'cancelled', answer });
      queryClient.removeQueries({ queryKey: manageKey(token) });
    },
    onError: failed,
  });

  const reschedule = useMutation({
    mutationFn: (time: ChosenTime) =>
      rescheduleManagedAppointment(token, {
        startUtc: time.startUtc,
        providerId: time.providerId === appointment.provider.providerId ? null : time.providerId,
      }),
    onMutate: () => setNotice(null),
    onSuccess: (updated) => {
      const fromUtc = appointment.startUtc;
      queryClient.setQueryData(manageKey(token), updated);
      void refreshSlots();
      setMode({ kind: 'rescheduled', fromUtc });
    },
    onError: failed,
  });

  const show = (next: Mode) => {
    setNotice(null);
    setMode(next);
  };
  const chooseAgain = () => {
    setNotice(null);
    void refreshSlots();
  };
  return { mode, show, notice, chooseAgain, linkGone, cancel, reschedule };
}

function Cancelled({ answer }: { answer: CancelAppointmentResponse }) {
  return (
    <SelfServicePage scope={answer} heading="Your appointment is cancelled">
      <div role="status">
        <p>
          Your appointment on {whenText(answer.startUtc, answer.timeZone)} is cancelled. Confirmation number:{' '}
          {answer.confirmationNumber}.
        </p>
      </div>
      <p>
        <Link to={bookingPagePath(answer)}>Book a new appointment</Link>
      </p>
      {answer.officePhone ? (
        <p>
          Questions? Call our office: <PhoneLink phone={answer.officePhone} />
        </p>
      ) : null}
    </SelfServicePage>
  );
}

function ManagedAppointment({
  scope,
  appointment,
}: {
  scope: SelfServiceScope;
  appointment: ManageAppointmentResponse;
}) {
  const phone = appointment.officePhone || appointment.location.phone || null;
  const bookingScope = { clientName: appointment.clientName, scheduler: appointment.scheduler };
  const { mode, show, notice, chooseAgain, linkGone, cancel, reschedule } = useManageChanges(
    scope.token,
    appointment,
    phone,
  );

  if (linkGone)
    return (
      <InvalidLink
        scope={bookingScope}
        heading="This link cannot be used"
        message={MANAGE_LINK_INVALID_MESSAGE}
      />
    );

  if (mode.kind === 'cancelled') return <Cancelled answer={mode.answer} />;

  const provider = providerDisplayName(appointment.provider);
  const heading =
    mode.kind === 'rescheduled'
      ? 'Your appointment has been moved'
      : appointment.patientFirstName
        ? `Your appointment, ${appointment.patientFirstName}`
        : 'Your appointment';
  const movedFrom = mode.kind === 'rescheduled' ? mode.fromUtc : appointment.rescheduledFromUtc;

  return (
    <SelfServicePage scope={bookingScope} heading={heading}>
      {mode.kind === 'rescheduled' ? (
        <div role="status">
          <p>
            Your appointment is now on {whenText(appointment.startUtc, appointment.timeZone)}. Your reminders
            will follow the new time.
          </p>
        </div>
      ) : null}
      {appointment.status === 'pending' ? <p>The office will confirm your appointment shortly.</p> : null}
      <section aria-labelledby="manage-appointment-title">
        <h2 id="manage-appointment-title" style={{ fontSize: '1.25rem', margin: '16px 0 8px' }}>
          {appointment.service.name}
        </h2>
        <AppointmentFacts
          startUtc={appointment.startUtc}
          timeZone={appointment.timeZone}
          provider={provider}
          location={{
            name: appointment.location.name,
            address: formatAddress(appointment.location) || null,
            phone: appointment.location.phone || null,
          }}
          confirmationNumber={appointment.confirmationNumber}
          extra={movedFrom ? [['Moved from', whenText(movedFrom, appointment.timeZone)]] : []}
        />
      </section>

      {notice ? (
        <OfficeMessage message={notice.message} phone={phone} severity={notice.taken ? 'warning' : 'error'}>
          {notice.taken ? (
            <Button variant="outlined" onClick={chooseAgain}>
              Choose a new time
            </Button>
          ) : null}
        </OfficeMessage>
      ) : null}

      {mode.kind === 'cancel' ? (
        <CancelForm
          cutoffHours={appointment.cancel.cutoffHours}
          submitting={cancel.isPending}
          onSubmit={(body) => cancel.mutate(body)}
          onBack={() => show({ kind: 'view' })}
        />
      ) : mode.kind === 'reschedule' ? (
        <ReschedulePicker
          token={scope.token}
          scope={bookingScope}
          appointment={appointment}
          submitting={reschedule.isPending}
          onConfirm={(time) => reschedule.mutate(time)}
          onBack={() => show({ kind: 'view' })}
        />
      ) : (
        <Actions
          appointment={appointment}
          phone={phone}
          onCancel={() => show({ kind: 'cancel' })}
          onReschedule={() => show({ kind: 'reschedule' })}
        />
      )}
    </SelfServicePage>
  );
}

/** What the patient may do now; a refused action says why, with the phone. */
function Actions({
  appointment,
  phone,
  onCancel,
  onReschedule,
}: {
  appointment: ManageAppointmentResponse;
  phone: string | null;
  onCancel: () => void;
  onReschedule: () => void;
}) {
  const { cancel, reschedule } = appointment;
  const rescheduleRefusal = reschedule.allowed
    ? null
    : (reschedule.message ?? 'This appointment cannot be rescheduled online. Please call our office.');
  const cancelRefusal = cancel.allowed
    ? null
    : (cancel.message ?? 'This appointment cannot be cancelled online. Please call our office.');
  return (
    <section aria-labelledby="manage-actions-title">
      <h2 id="manage-actions-title" style={{ fontSize: '1.25rem', margin: '24px 0 8px' }}>
        Change or cancel
      </h2>
      {reschedule.allowed || cancel.allowed ? (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, marginBottom: 16 }}>
          {reschedule.allowed ? (
            <Button variant="contained" onClick={onReschedule}>
              Reschedule
            </Button>
          ) : null}
          {cancel.allowed ? (
            <Button variant="outlined" color="error" onClick={onCancel}>
              Cancel appointment
            </Button>
          ) : null}
        </div>
      ) : null}
      {rescheduleRefusal ? <OfficeMessage message={rescheduleRefusal} phone={phone} severity="info" /> : null}
      {cancelRefusal && cancelRefusal !== rescheduleRefusal ? (
        <OfficeMessage message={cancelRefusal} phone={phone} severity="info" />
      ) : null}
    </section>
  );
}
