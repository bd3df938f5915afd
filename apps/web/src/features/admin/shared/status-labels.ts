import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '../../../i18n/catalogs';
import { msg } from '@lingui/core/macro';
import type { MessageChannel, MessageStatus } from '@scheduler/contract/admin/messages';
import type { CancelReason } from '@scheduler/contract/manage';
import type { AppointmentStatus } from '@scheduler/domain/appointment-status';
import type { MessageKind } from '@scheduler/domain/messages/kinds';
import type { Role } from '@scheduler/domain/roles';

/**
 * The staff screens' words for the domain's codes (issue 21: every text through Lingui). The same
 * English as the domain's and the contract's label tables (APPOINTMENT_STATUS_LABELS,
 * MESSAGE_STATUS_LABELS …), as message descriptors translated where they are shown.
 */

export const APPOINTMENT_STATUS_MESSAGES: Readonly<Record<AppointmentStatus, MessageDescriptor>> = {
  pending: msg`Pending`,
  booked: msg`Confirmed`,
  arrived: msg`Arrived`,
  'checked-in': msg`Checked in`,
  fulfilled: msg`Completed`,
  noshow: msg`No-show`,
  cancelled: msg`Cancelled`,
  'entered-in-error': msg`Entered in error`,
};

/** An appointment status in words ('Confirmed'); an unknown code as it is. */
export function appointmentStatusLabel(status: string): string {
  const descriptor = (APPOINTMENT_STATUS_MESSAGES as Partial<Record<string, MessageDescriptor>>)[status];
  return descriptor ? i18n._(descriptor) : status;
}

export const MESSAGE_STATUS_MESSAGES: Readonly<Record<MessageStatus, MessageDescriptor>> = {
  queued: msg`Queued`,
  sent: msg`Sent`,
  delivered: msg`Delivered`,
  failed: msg`Failed`,
  skipped: msg`Not sent`,
};

export const MESSAGE_CHANNEL_MESSAGES: Readonly<Record<MessageChannel, MessageDescriptor>> = {
  email: msg`E-mail`,
  sms: msg`SMS`,
};

export const MESSAGE_KIND_MESSAGES: Readonly<Record<MessageKind, MessageDescriptor>> = {
  confirmation: msg`Booking confirmation`,
  'request-received': msg`Request received (auto-confirm off)`,
  confirmed: msg`Confirmed by the office`,
  reminder: msg`Reminder`,
  cancelled: msg`Cancellation notice`,
  rescheduled: msg`Reschedule notice`,
  'staff-invitation': msg`Staff invitation`,
  'password-reset': msg`Password reset`,
};

export const messageStatusLabel = (status: MessageStatus): string => i18n._(MESSAGE_STATUS_MESSAGES[status]);
export const messageChannelLabel = (channel: MessageChannel): string =>
  i18n._(MESSAGE_CHANNEL_MESSAGES[channel]);
export const messageKindLabel = (kind: MessageKind): string => i18n._(MESSAGE_KIND_MESSAGES[kind]);

export const ROLE_MESSAGES: Readonly<Record<Role, MessageDescriptor>> = {
  owner: msg`Owner`,
  admin: msg`Administrator`,
  staff: msg`Staff`,
  viewer: msg`Viewer`,
};

export const roleLabel = (role: Role): string => i18n._(ROLE_MESSAGES[role]);

/** The patient's reasons for cancelling online (the contract's CANCEL_REASONS, by value). */
export const CANCEL_REASON_MESSAGES: Readonly<Record<CancelReason, MessageDescriptor>> = {
  'schedule-conflict': msg`I have a schedule conflict`,
  'feeling-better': msg`I am feeling better`,
  'booked-elsewhere': msg`I booked somewhere else`,
  transport: msg`I cannot get there`,
  cost: msg`Cost or insurance`,
  other: msg`Other reason`,
};

/** The label of a stored cancellation reason (the short list's value), else the text as stored. */
export function cancelReasonLabel(reason: string): string {
  const descriptor = (CANCEL_REASON_MESSAGES as Partial<Record<string, MessageDescriptor>>)[reason];
  return descriptor ? i18n._(descriptor) : reason;
}
