import {
  MESSAGE_CHANNEL_LABELS,
  MESSAGE_KIND_LABELS,
  MESSAGE_STATUS_LABELS,
} from '@scheduler/contract/admin/messages';
import { CANCEL_REASONS } from '@scheduler/contract/manage';
import { APPOINTMENT_STATUS_LABELS } from '@scheduler/domain/appointment-status';
import { ROLE_LABELS } from '@scheduler/domain/roles';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/catalogs';
import {
  APPOINTMENT_STATUS_MESSAGES,
  CANCEL_REASON_MESSAGES,
  cancelReasonLabel,
  MESSAGE_CHANNEL_MESSAGES,
  MESSAGE_KIND_MESSAGES,
  MESSAGE_STATUS_MESSAGES,
  ROLE_MESSAGES,
} from './status-labels';

/** Each descriptor's English, by key. */
const english = (table: Readonly<Record<string, { id: string }>>) =>
  Object.fromEntries(Object.entries(table).map(([key, descriptor]) => [key, i18n._(descriptor)]));

describe("the staff screens' words for the domain's codes", () => {
  it("are the domain's and the contract's English word for word", () => {
    expect(english(APPOINTMENT_STATUS_MESSAGES)).toEqual(APPOINTMENT_STATUS_LABELS);
    expect(english(ROLE_MESSAGES)).toEqual(ROLE_LABELS);
    expect(english(MESSAGE_STATUS_MESSAGES)).toEqual(MESSAGE_STATUS_LABELS);
    expect(english(MESSAGE_CHANNEL_MESSAGES)).toEqual(MESSAGE_CHANNEL_LABELS);
    expect(english(MESSAGE_KIND_MESSAGES)).toEqual(MESSAGE_KIND_LABELS);
    expect(english(CANCEL_REASON_MESSAGES)).toEqual(
      Object.fromEntries(CANCEL_REASONS.map((reason) => [reason.value, reason.label])),
    );
  });

  it('keeps a stored cancellation reason that is not of the short list as it is', () => {
    expect(cancelReasonLabel('cost')).toBe('Cost or insurance');
    expect(cancelReasonLabel('The patient moved away')).toBe('The patient moved away');
  });
});
