import { msg } from '@lingui/core/macro';
import type { AppointmentStatus, StatusMoveRefusal } from '@scheduler/domain/appointment-status';
import { LONG_DATE_FORMAT, formatLocalDate } from '@scheduler/domain/dates';
import { localDateOf } from '@scheduler/domain/time-zone';
import { i18n } from '../../../i18n/catalogs';
import { appointmentStatusLabel } from '../shared/status-labels';

/** The move a refusal is about (the domain's StatusMoveRequest, without the role and the reason). */
export interface RefusedMove {
  from: AppointmentStatus;
  to: AppointmentStatus;
  startUtcMs: number;
  /** The IANA zone of the appointment's location. */
  timeZone: string;
}

/**
 * Why a status move is refused, in the active language (issue 21): the domain's refusal messages
 * (appointment-status.ts `checkStatusMove`, English) written again here by their reason code, with
 * the statuses' names translated. The English is the domain's word for word (status-refusals.test.ts).
 */
export function statusRefusalText(reason: StatusMoveRefusal, move: RefusedMove): string {
  const from = appointmentStatusLabel(move.from);
  const to = appointmentStatusLabel(move.to);
  switch (reason) {
    case 'unchanged':
      return i18n._(msg`The appointment is already ${from}.`);
    case 'role':
      return i18n._(msg`Only administrators and owners can mark an appointment as entered in error.`);
    case 'not-allowed':
      return i18n._(msg`A ${from} appointment cannot be changed to ${to}.`);
    case 'not-arrived':
      return i18n._(
        msg`${to} can only be set after the patient has arrived: mark the appointment Arrived or Checked in first.`,
      );
    case 'after-arrival':
      return move.from === 'noshow'
        ? i18n._(msg`A No-show appointment cannot be cancelled.`)
        : i18n._(msg`An appointment cannot be cancelled once the patient has arrived (it is ${from}).`);
    case 'not-today': {
      // The day as the domain writes it ('March 5, 2030'), in the location's zone.
      const day = formatLocalDate(localDateOf(move.startUtcMs, move.timeZone), LONG_DATE_FORMAT);
      const zone = move.timeZone;
      return i18n._(msg`${to} can only be set on the appointment's day, ${day} (${zone}).`);
    }
    case 'before-start':
      return i18n._(msg`${to} can only be set once the appointment's start time has passed.`);
    case 'reason-required':
      return move.to === 'cancelled'
        ? i18n._(msg`Give a reason for the cancellation.`)
        : i18n._(msg`Give a reason for marking it ${to}.`);
  }
}
