import { cleanPhone, formatPhoneForDisplay, phoneDigits } from '@scheduler/domain/text';

/** `tel:` link of an office phone number ('(212) 555-0142' → 'tel:+12125550142'). */
export function telHref(phone: string): string {
  const digits = phoneDigits(phone);
  if (digits.length === 10) return `tel:+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `tel:+${digits}`;
  return `tel:${cleanPhone(phone)}`;
}

export type TextPart = { kind: 'text'; text: string } | { kind: 'phone'; text: string };

/**
 * Splits a message around the office phone number it contains (written as given or as
 * displayed), so the number can be rendered as a link. Without the number, the whole text.
 */
export function splitOnPhone(message: string, phone: string | null | undefined): TextPart[] {
  const candidates = phone
    ? [phone.trim(), formatPhoneForDisplay(phone)].filter((value) => value !== '')
    : [];
  for (const candidate of candidates) {
    const at = message.indexOf(candidate);
    if (at >= 0) {
      const parts: TextPart[] = [];
      if (at > 0) parts.push({ kind: 'text', text: message.slice(0, at) });
      parts.push({ kind: 'phone', text: candidate });
      const rest = message.slice(at + candidate.length);
      if (rest !== '') parts.push({ kind: 'text', text: rest });
      return parts;
    }
  }
  return [{ kind: 'text', text: message }];
}
