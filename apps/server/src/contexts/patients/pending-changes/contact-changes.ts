/*
 * Issue 15, finding 3: what an unauthenticated request brought that differs from a stored
 * patient's contact details. Never written over the record: kept as a pending change for staff.
 */
import { comparableEmail, comparablePhone } from '../matching.ts';

/** A patient's contact details as stored (phone digits, lower-cased e-mail). */
export interface ContactDetails {
  phone: string | null;
  email: string | null;
  smsPermission: boolean;
  emailPermission: boolean;
}

/** What a request brought; an absent or empty phone or e-mail proposes no change. */
export interface SubmittedContact {
  phone?: string | null | undefined;
  email?: string | null | undefined;
  smsPermission?: boolean | undefined;
  emailPermission?: boolean | undefined;
}

/** The fields that differ (the new value), null for those that do not. */
export interface ContactChange {
  phone: string | null;
  email: string | null;
  smsPermission: boolean | null;
  emailPermission: boolean | null;
}

/** The names of the fields a change sets, in a fixed order (for the audit trail). */
export function changedFields(change: ContactChange): (keyof ContactChange)[] {
  return (['phone', 'email', 'smsPermission', 'emailPermission'] as const).filter(
    (field) => change[field] !== null,
  );
}

/** The submitted details that differ from the stored ones, or undefined when none do. */
export function contactChangeOf(
  stored: ContactDetails,
  submitted: SubmittedContact,
): ContactChange | undefined {
  const phone = comparablePhone(submitted.phone);
  const email = comparableEmail(submitted.email);
  const change: ContactChange = {
    phone: phone !== '' && phone !== comparablePhone(stored.phone) ? phone : null,
    email: email !== '' && email !== comparableEmail(stored.email) ? email : null,
    smsPermission:
      submitted.smsPermission !== undefined && submitted.smsPermission !== stored.smsPermission
        ? submitted.smsPermission
        : null,
    emailPermission:
      submitted.emailPermission !== undefined && submitted.emailPermission !== stored.emailPermission
        ? submitted.emailPermission
        : null,
  };
  return changedFields(change).length === 0 ? undefined : change;
}
