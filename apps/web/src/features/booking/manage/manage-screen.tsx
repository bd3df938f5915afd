import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import {
  type CancelAppointmentRequestInput,
  type CancelAppointmentResponse,
  type ManageAppointmentResponse,
} from '@scheduler/contract/manage';
import { formatPhoneForDisplay } from '@scheduler/domain/text';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../../../components/app-link';
import { isApiError } from '../../../lib/api-client';
import { errorText as serverErrorText, translateKnown } from '../../../lib/error-texts';
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

/** The server's text of an error answer, in the patient's language when it is a known one. */
function answerText(i18n: I18n, error: { code: string; body: { error: { message: string } } }): string {
  return serverErrorText(i18n, error.code, error.body.error.message);
}

/** The server's refusal text (422 MANAGE_NOT_ALLOWED), or null for another error. */
function refusalOf(i18n: I18n, error: unknown): string | null {
  return isApiError(error) && error.code === 'MANAGE_NOT_ALLOWED' ? answerText(i18n, error) : null;
}

function errorText(i18n: I18n, error: unknown): string {
  return isApiError(error) ? answerText(i18n, error) : i18n._(msg`Something went wrong. Please try again.`);
}

/** A refusal text of the manage answer (MANAGE_REFUSAL_MESSAGES filled), in the patient's language. */
function serverMessage(i18n: I18n, message: string | null): string | null {
  return message === null ? null : translateKnown(i18n, message);
}

/** The contract's MANAGE_LINK_INVALID_MESSAGE, in the patient's language. */
const LINK_INVALID = msg`This link is not valid or has expired. You can book a new appointment on our booking page or call our office.`;

/** A wrong, expired or used manage link. */
function ManageLinkInvalid({ scope }: { scope: Pick<SelfServiceScope, 'clientName' | 'scheduler'> }) {
  const { t, i18n } = useLingui();
  return <InvalidLink scope={scope} heading={t`This link cannot be used`} message={i18n._(LINK_INVALID)} />;
}

export function ManageScreen() {
  const scope = useSelfServiceScope();
  const wellFormed = isWellFormedManageToken(scope.token);
  const { t, i18n } = useLingui();
  const appointment = useQuery({
    queryKey: manageKey(scope.token),
    queryFn: ({ signal }) => fetchManagedAppointment(scope.token, signal),
    enabled: wellFormed,
    retry: false,
    refetchOnWindowFocus: false,
  });

  if (!wellFormed || (appointment.isError && isInvalidLink(appointment.error)))
    return <ManageLinkInvalid scope={scope} />;
  if (appointment.isPending)
    return (
      <SelfServicePage scope={scope} heading={t`Your appointment`}>
        <p role="status">
          <Trans>Loading your appointment…</Trans>
        </p>
      </SelfServicePage>
    );
  if (appointment.isError)
    return (
      <SelfServicePage scope={scope} heading={t`We could not load your appointment`}>
        <div role="alert">
          <p>{errorText(i18n, appointment.error)}</p>
        </div>
        <Button variant="contained" onClick={() => void appointment.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </SelfServicePage>
    );
  return <ManagedAppointment scope={scope} appointment={appointment.data} />;
}

type Notice = { message: string; taken: boolean };

/** The page's two changes (POST cancel, POST reschedule) and what their failures show. */
function useManageChanges(token: string, appointment: ManageAppointmentResponse, phone: string | null) {
  const queryClient = useQueryClient();
  const { i18n } = useLingui();
  const [mode, setMode] = useState<Mode>({ kind: 'view' });
  const [notice, setNotice] = useState<Notice | null>(null);
  const [linkGone, setLinkGone] = useState(false);
  const refreshSlots = () => queryClient.invalidateQueries({ queryKey: rescheduleSlotsKey(token) });

  const failed = (error: unknown) => {
    if (isInvalidLink(error)) {
      setLinkGone(true);
      return;
    }
    const refusal = refusalOf(i18n, error);
    if (refusal) {
      // The rules changed under the page (cut-off passed, limit used): show why, read again.
      setNotice({ message: refusal, taken: false });
      setMode({ kind: 'view' });
      void queryClient.invalidateQueries({ queryKey: manageKey(token) });
      return;
    }
    if (isApiError(error) && error.code === 'SLOT_TAKEN') {
      // Spec section 8, word for word; the appointment keeps its old time.
      const officePhone = phone ? formatPhoneForDisplay(phone) : null;
      setNotice({
        message: officePhone
          ? i18n._(
              msg`The appointment slot you have selected is no longer available. Please call our office ${officePhone} or click the button below to select a new appointment time`,
            )
          : i18n._(
              msg`The appointment slot you have selected is no longer available. Please call our office or click the button below to select a new appointment time`,
            ),
        taken: true,
      });
      void refreshSlots();
      return;
    }
    setNotice({ message: errorText(i18n, error), taken: false });
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
  const { t, i18n } = useLingui();
  const when = whenText(i18n, answer.startUtc, answer.timeZone);
  const confirmationNumber = answer.confirmationNumber;
  return (
    <SelfServicePage scope={answer} heading={t`Your appointment is cancelled`}>
      <div role="status">
        <p>
          <Trans>
            Your appointment on {when} is cancelled. Confirmation number: {confirmationNumber}.
          </Trans>
        </p>
      </div>
      <p>
        <Link to={bookingPagePath(answer)}>
          <Trans>Book a new appointment</Trans>
        </Link>
      </p>
      {answer.officePhone ? (
        <p>
          <Trans>
            Questions? Call our office: <PhoneLink phone={answer.officePhone} />
          </Trans>
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
  const { t, i18n } = useLingui();

  if (linkGone) return <ManageLinkInvalid scope={bookingScope} />;

  if (mode.kind === 'cancelled') return <Cancelled answer={mode.answer} />;

  const provider = providerDisplayName(appointment.provider);
  const firstName = appointment.patientFirstName;
  const heading =
    mode.kind === 'rescheduled'
      ? t`Your appointment has been moved`
      : firstName
        ? t`Your appointment, ${firstName}`
        : t`Your appointment`;
  const when = whenText(i18n, appointment.startUtc, appointment.timeZone);
  const movedFrom = mode.kind === 'rescheduled' ? mode.fromUtc : appointment.rescheduledFromUtc;

  return (
    <SelfServicePage scope={bookingScope} heading={heading}>
      {mode.kind === 'rescheduled' ? (
        <div role="status">
          <p>
            <Trans>Your appointment is now on {when}. Your reminders will follow the new time.</Trans>
          </p>
        </div>
      ) : null}
      {appointment.status === 'pending' ? (
        <p>
          <Trans>The office will confirm your appointment shortly.</Trans>
        </p>
      ) : null}
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
          extra={movedFrom ? [[t`Moved from`, whenText(i18n, movedFrom, appointment.timeZone)]] : []}
        />
      </section>

      {notice ? (
        <OfficeMessage message={notice.message} phone={phone} severity={notice.taken ? 'warning' : 'error'}>
          {notice.taken ? (
            <Button variant="outlined" onClick={chooseAgain}>
              <Trans>Choose a new time</Trans>
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
  const { t, i18n } = useLingui();
  const rescheduleRefusal = reschedule.allowed
    ? null
    : (serverMessage(i18n, reschedule.message) ??
      t`This appointment cannot be rescheduled online. Please call our office.`);
  const cancelRefusal = cancel.allowed
    ? null
    : (serverMessage(i18n, cancel.message) ??
      t`This appointment cannot be cancelled online. Please call our office.`);
  return (
    <section aria-labelledby="manage-actions-title">
      <h2 id="manage-actions-title" style={{ fontSize: '1.25rem', margin: '24px 0 8px' }}>
        <Trans>Change or cancel</Trans>
      </h2>
      {reschedule.allowed || cancel.allowed ? (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, marginBottom: 16 }}>
          {reschedule.allowed ? (
            <Button variant="contained" onClick={onReschedule}>
              <Trans>Reschedule</Trans>
            </Button>
          ) : null}
          {cancel.allowed ? (
            <Button variant="outlined" color="error" onClick={onCancel}>
              <Trans>Cancel appointment</Trans>
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
