import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '../../../i18n/catalogs';
import { msg } from '@lingui/core/macro';

/**
 * How a booking's channel is named to staff (issue 19: reports showed raw UTM slugs). The stored
 * value is the booking's `utm_campaign` ('reserve_with_google', 'spring_checkup'), 'website' (no
 * campaign: the practice's own booking page), 'phone' (booked by staff), or a widget's
 * 'widget:<site>', 'partner' (a partner's FHIR $book, issue 20). The raw value stays available (a tooltip, the CSV) for anyone who needs it.
 */

/** Values with a name of their own (lower-cased, '-' and ' ' read as '_'). */
const KNOWN: Readonly<Record<string, MessageDescriptor>> = {
  website: msg`Practice website`,
  phone: msg`Phone (booked by staff)`,
  front_desk: msg`Front desk (booked by staff)`,
  staff: msg`Booked by staff`,
  reserve_with_google: msg`Google Business Profile`,
  rwg: msg`Google Business Profile`,
  google_business_profile: msg`Google Business Profile`,
  gbp: msg`Google Business Profile`,
  gmb: msg`Google Business Profile`,
  google_my_business: msg`Google Business Profile`,
  widget: msg`Booking widget`,
  directory_listing: msg`Directory listings`,
  // Issue 20: booked by a trusted partner through the FHIR API (Appointment/$book).
  partner: msg`Partner booking (FHIR)`,
};

/** Words kept as written when a slug is turned into words. */
const PROPER: Readonly<Record<string, string>> = {
  google: 'Google',
  facebook: 'Facebook',
  instagram: 'Instagram',
  yelp: 'Yelp',
  zocdoc: 'Zocdoc',
  healthgrades: 'Healthgrades',
  bing: 'Bing',
  tiktok: 'TikTok',
  linkedin: 'LinkedIn',
  sms: 'SMS',
  seo: 'SEO',
  ppc: 'PPC',
  cpc: 'CPC',
};

const WIDGET = /^widget[:_\-\s]+(.+)$/i;

/** The slug as words: 'new_patient_search' → 'New patient search'; 'spring-checkup-2026' → 'Spring checkup 2026'. */
function slugWords(raw: string): string {
  const words = raw
    .trim()
    .split(/[_\-\s+.]+/)
    .filter(Boolean)
    .map((word) => PROPER[word.toLowerCase()] ?? word.toLowerCase());
  if (words.length === 0) return raw;
  const [first = '', ...rest] = words;
  return [first.charAt(0).toUpperCase() + first.slice(1), ...rest].join(' ');
}

/**
 * The channel's human name: 'Practice website', 'Google Business Profile', 'Widget on
 * example.com', else the campaign's slug in words ('Spring checkup'). Never empty.
 */
export function channelName(raw: string | null | undefined): string {
  if (raw === null || raw === undefined || raw.trim() === '') return i18n._(msg`Unknown`);
  const value = raw.trim();
  const widget = WIDGET.exec(value);
  const site = widget?.[1]?.trim();
  if (site) return i18n._(msg`Widget on ${site}`);
  const known = KNOWN[value.toLowerCase().replace(/[-\s]+/g, '_')];
  return known ? i18n._(known) : slugWords(value);
}
