/*
 * The placeholders of the booking messages (spec section 8) and how they are filled, on their own so
 * that a page needing only the filling (the web landing's translated refusals) does not load every
 * server message of ./messages.ts (issue 21: the landing's weight). ./messages.ts re-exports both.
 */

export interface MessageParams {
  /** Formatted date, e.g. formatApptDate(start, zone) → 'March 9, 2025'. */
  apptDate?: string;
  /** Formatted time, e.g. formatApptTime(start, zone) → '02:30 PM'. */
  apptTime?: string;
  /** The office phone number, e.g. formatPhoneForDisplay(location.phone). */
  phone?: string | null;
}

/**
 * Fills APPTDATE, APPTTIME and PHONENUMBER in any text (the typed `formatMessage` of ./messages.ts is
 * preferred; this serves callers whose code is only known at run time). Placeholders without a value
 * stay, except PHONENUMBER, which is dropped with the space before it.
 */
export function fillMessageTemplate(template: string, params: MessageParams = {}): string {
  let text = template;
  if (params.apptDate !== undefined) text = text.replaceAll('APPTDATE', params.apptDate);
  if (params.apptTime !== undefined) text = text.replaceAll('APPTTIME', params.apptTime);
  const phone = params.phone?.trim();
  return phone ? text.replaceAll('PHONENUMBER', phone) : text.replaceAll(/ ?PHONENUMBER/g, '');
}
