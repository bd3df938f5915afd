import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatPhoneForDisplay } from '@scheduler/domain/text';
import type { ReactNode } from 'react';
import { intlLocale } from '../../../i18n/catalogs';
import { zonedTimeLabel, type ZonedTimeLabel } from '../../../lib/zoned-time';
import { mapSearchUrl } from '../lib/address';
import { telHref } from '../lib/phone';

/**
 * The label of an instant on the location's clock (zone named), in the active language, null for
 * a malformed one.
 */
export function labelOf(startUtc: string, timeZone: string): ZonedTimeLabel | null {
  try {
    return zonedTimeLabel(startUtc, timeZone, { locale: intlLocale() });
  } catch {
    return null;
  }
}

/** 'Friday, November 27, 2026 at 8:00 AM CT' (the zone always named). */
export function whenText(i18n: I18n, startUtc: string, timeZone: string): string {
  const label = labelOf(startUtc, timeZone);
  if (!label) return startUtc;
  const date = label.longDate;
  const time = label.full;
  return i18n._(msg`${date} at ${time}`);
}

/** '8:00 AM CT', with the patient's own time beside it when their zone differs. */
export function timeText(label: ZonedTimeLabel): string {
  return label.yourTime ? `${label.full} (${label.yourTime})` : label.full;
}

export function PhoneLink({ phone }: { phone: string }) {
  return (
    <a href={telHref(phone)} className="phone-link">
      {formatPhoneForDisplay(phone)}
    </a>
  );
}

export interface FactsLocation {
  name: string;
  /** One line ('350 Fifth Avenue, New York, NY 10118'), null when unknown. */
  address: string | null;
  phone: string | null;
}

export interface AppointmentFactsProps {
  startUtc: string;
  timeZone: string;
  provider: string;
  location: FactsLocation;
  confirmationNumber?: string | null | undefined;
  /** Rows after the standard ones (e.g. "Moved from"). */
  extra?: [string, ReactNode][];
}

const rowStyle = { margin: 0, marginBottom: 8 } as const;

/** Date, time (zone named), provider, location with a map link and its phone, confirmation number. */
export function AppointmentFacts({
  startUtc,
  timeZone,
  provider,
  location,
  confirmationNumber,
  extra = [],
}: AppointmentFactsProps) {
  const { t } = useLingui();
  const label = labelOf(startUtc, timeZone);
  const mapQuery = location.address ? `${location.name}, ${location.address}` : location.name;
  const rows: [string, ReactNode][] = [
    [t`Date`, label ? label.longDate : startUtc],
    [t`Time`, label ? timeText(label) : ''],
    [t`Provider`, provider],
    [
      t`Location`,
      <>
        <span style={{ display: 'block' }}>{location.name}</span>
        {location.address ? <span style={{ display: 'block' }}>{location.address}</span> : null}
        <a href={mapSearchUrl(mapQuery)} target="_blank" rel="noopener noreferrer">
          <Trans>Open in Google Maps</Trans>
          <span className="visually-hidden">
            {' '}
            <Trans>(opens in a new tab)</Trans>
          </span>
        </a>
        {location.phone ? (
          <span style={{ display: 'block', marginTop: 4 }}>
            <Trans>
              Phone: <PhoneLink phone={location.phone} />
            </Trans>
          </span>
        ) : null}
      </>,
    ],
    ...(confirmationNumber ? ([[t`Confirmation number`, confirmationNumber]] as [string, ReactNode][]) : []),
    ...extra,
  ];
  return (
    <dl className="self-service-facts" style={{ margin: 0 }}>
      {rows.map(([term, value]) => (
        <div key={term} style={{ display: 'flex', flexWrap: 'wrap', columnGap: 16, marginBottom: 8 }}>
          <dt style={{ fontWeight: 600, minWidth: 170 }}>{term}</dt>
          <dd style={rowStyle}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
