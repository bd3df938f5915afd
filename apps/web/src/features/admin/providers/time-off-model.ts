import { localDateTimeToInstant, localPartsOf } from '@scheduler/domain/time-zone';

/** Time off is entered on a location's wall clock ('YYYY-MM-DDTHH:mm') and stored as UTC instants. */

const pad = (value: number) => String(value).padStart(2, '0');

export function toLocalInput(isoUtc: string, timeZone: string): string {
  const parts = localPartsOf(Date.parse(isoUtc), timeZone);
  return `${parts.year}-${pad(parts.month)}-${pad(parts.day)}T${pad(parts.hour)}:${pad(parts.minute)}`;
}

/** 'YYYY-MM-DDTHH:mm' on `timeZone`'s wall clock → ISO instant; '' when the text is not a date-time. */
export function toUtcInstant(local: string, timeZone: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})/.exec(local);
  if (!match?.[1]) return '';
  try {
    return localDateTimeToInstant(match[1], Number(match[2]) * 60 + Number(match[3]), timeZone).toISOString();
  } catch {
    return '';
  }
}
