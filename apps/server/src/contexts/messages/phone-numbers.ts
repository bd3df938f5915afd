/*
 * Patients' phone numbers are stored as digits only (the booking form's US numbers). SMS needs
 * E.164: ten digits are a North American number (+1…), eleven starting with 1 likewise; any other
 * length is taken as already carrying its country code. Replies arrive from an E.164 number and are
 * matched back to the stored digits both ways.
 */

export function toE164(digits: string | null): string | null {
  if (digits === null) return null;
  const only = digits.replace(/\D/g, '');
  if (only.length < 7 || only.length > 15) return null;
  if (only.length === 10) return `+1${only}`;
  return `+${only}`;
}

/** The stored forms (digits only) a sender's E.164 number may be on file as. */
export function storedFormsOf(e164: string): string[] {
  const only = e164.replace(/\D/g, '');
  if (only === '') return [];
  const forms = new Set([only]);
  if (only.length === 11 && only.startsWith('1')) forms.add(only.slice(1));
  return [...forms];
}
