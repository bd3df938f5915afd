/**
 * The day the patient last looked at on the find-appointment step, per booking page and service:
 * after a refusal ("That time was just taken") "Choose a new time" comes back to that day, not to
 * the first day of the window. Kept for the tab only (sessionStorage; memory where storage is
 * refused); a date, nothing about the patient.
 */
const memory = new Map<string, string>();
const PREFIX = 'find-appointment-day:';
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function rememberDay(key: string, day: string): void {
  memory.set(key, day);
  try {
    storage()?.setItem(PREFIX + key, day);
  } catch {
    // Storage full or refused: memory only.
  }
}

export function recallDay(key: string): string | null {
  let day: string | null | undefined = memory.get(key);
  if (day === undefined) {
    try {
      day = storage()?.getItem(PREFIX + key) ?? null;
    } catch {
      day = null;
    }
  }
  return day !== null && ISO_DATE.test(day) ? day : null;
}

/** The key of a booking page's service ('acme/main/4'): its find-a-time step's remembered day. */
export function dayKeyOf(
  scope: { clientName: string; scheduler: string },
  appointmentTypeId: string,
): string {
  return `${scope.clientName}/${scope.scheduler}/${appointmentTypeId}`;
}
