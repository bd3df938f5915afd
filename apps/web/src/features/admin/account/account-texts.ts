import { t } from '@lingui/core/macro';
/** A short, readable name of a browser from its user agent ("Chrome on Linux"); null when unknown. */
export function describeUserAgent(userAgent: string | null): string {
  if (!userAgent) return t`Unknown browser`;
  const browser = [
    ['Edge', /Edg\//],
    ['Firefox', /Firefox\//],
    ['Chrome', /Chrome\/|CriOS\//],
    ['Safari', /Safari\//],
  ] as const;
  const system = [
    ['iPhone', /iPhone/],
    ['iPad', /iPad/],
    ['Android', /Android/],
    ['Windows', /Windows/],
    ['macOS', /Mac OS X|Macintosh/],
    ['Linux', /Linux/],
  ] as const;
  const name = browser.find(([, pattern]) => pattern.test(userAgent))?.[0];
  const os = system.find(([, pattern]) => pattern.test(userAgent))?.[0];
  if (name && os) return t`${name} on ${os}`;
  return name ?? os ?? t`Unknown browser`;
}

/** An instant in the browser's own zone, naming the zone. */
export function formatInstant(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
}
