/*
 * The schedule's link to the front desk (contract 5, helper F3's front-desk/): the New appointment,
 * Reschedule and Cancel dialogs, and the drag-and-drop move (which asks for a reason in F3's dialog
 * when the new time overrides a rule that protects patients).
 */
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { CancelAppointmentDialog } from '../front-desk/cancel-dialog';
import { OverrideDeclinedError, useMoveAppointment } from '../front-desk/front-desk-api';
import { NewAppointmentDialog } from '../front-desk/new-appointment-dialog';
import { RescheduleDialog } from '../front-desk/reschedule-dialog';
import { notifySaved } from '../shared/components/save-feedback';
import type { AppointmentBlock } from './schedule-model';

export type FrontDeskRequest =
  | { kind: 'new'; providerId?: string; start?: Date }
  | { kind: 'reschedule'; appointmentId: string }
  | { kind: 'cancel'; appointmentId: string };

export function FrontDeskDialogs({
  clientId,
  locationId,
  request,
  onClose,
  onDone,
}: {
  clientId: string;
  locationId: string;
  request: FrontDeskRequest | null;
  onClose: () => void;
  /** After a change: `message` is announced and the schedule read again. */
  onDone: (message: string) => void;
}) {
  const { t } = useLingui();
  if (request === null) return null;
  if (request.kind === 'new') {
    return (
      <NewAppointmentDialog
        open
        onClose={onClose}
        onBooked={() => onDone(t`Appointment booked`)}
        clientId={clientId}
        locationId={locationId}
        {...(request.providerId === undefined ? {} : { providerId: request.providerId })}
        {...(request.start === undefined ? {} : { start: request.start })}
      />
    );
  }
  if (request.kind === 'reschedule') {
    return (
      <RescheduleDialog
        open
        onClose={onClose}
        onDone={() => onDone(t`Appointment moved`)}
        clientId={clientId}
        appointmentId={request.appointmentId}
      />
    );
  }
  return (
    <CancelAppointmentDialog
      open
      onClose={onClose}
      onDone={() => onDone(t`Appointment cancelled`)}
      clientId={clientId}
      appointmentId={request.appointmentId}
    />
  );
}

export interface ScheduleMove {
  moveTo: (block: AppointmentBlock, providerId: string, startMs: number) => Promise<void>;
  /** The last move's failure (none when the user declined to give an override reason). */
  error: unknown;
  clearError: () => void;
  /** F3's override-reason dialog: rendered beside the schedule. */
  prompt: ReactNode;
}

/** Drag and drop: moves the appointment to the provider and start it was dropped on. */
export function useScheduleMove(
  clientId: string,
  locationId: string,
  refresh: () => Promise<unknown>,
): ScheduleMove {
  const { t } = useLingui();
  const move = useMoveAppointment(clientId);
  const [error, setError] = useState<unknown>(null);
  // The hook's function changes on every render; the calendar keeps one callback (it is memoised).
  const mutateAsync = useRef(move.mutateAsync);
  useEffect(() => {
    mutateAsync.current = move.mutateAsync;
  });
  const moveTo = useCallback(
    async (block: AppointmentBlock, providerId: string, startMs: number) => {
      setError(null);
      try {
        await mutateAsync.current({
          appointmentId: block.id,
          providerId,
          locationId,
          startUtc: new Date(startMs).toISOString(),
        });
        notifySaved(t`Appointment moved`);
      } catch (failure) {
        // The user closed the override reason dialog: nothing was moved, nothing to report.
        if (!(failure instanceof OverrideDeclinedError)) setError(failure);
      } finally {
        await refresh();
      }
    },
    [locationId, refresh, t],
  );
  return { moveTo, error, clearError: () => setError(null), prompt: move.prompt };
}
