import type { Random } from './random.ts';

/** Where a visit came from: the spec's UTM fields, `rwg_token` and channelFilters value. */
export interface TrafficSource {
  /** channelFilters: the campaign, or `website`. */
  channel: string;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  rwgToken: string | null;
}

const website: TrafficSource = {
  channel: 'website',
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  utmTerm: null,
  rwgToken: null,
};

function campaign(source: string, medium: string, name: string, term: string | null = null): TrafficSource {
  return {
    channel: name,
    utmSource: source,
    utmMedium: medium,
    utmCampaign: name,
    utmTerm: term,
    rwgToken: null,
  };
}

export function pickTrafficSource(random: Random): TrafficSource {
  const kind = random.weighted([
    ['website', 48],
    ['search', 18],
    ['social', 10],
    ['email', 9],
    ['rwg', 9],
    ['directory', 6],
  ] as const);
  switch (kind) {
    case 'website':
      return website;
    case 'search':
      return campaign(
        'google',
        'cpc',
        random.pick(['new_patient_search', 'brand_search']),
        random.pick(['doctor near me', 'same day appointment', 'dentist near me', 'accepting new patients']),
      );
    case 'social':
      return campaign(random.pick(['facebook', 'instagram']), 'social', 'spring_checkup');
    case 'email':
      return campaign('newsletter', 'email', random.pick(['monthly_newsletter', 'recall_reminder']));
    case 'rwg':
      return { ...campaign('google', 'organic', 'reserve_with_google'), rwgToken: `AJKvS9${random.hex(26)}` };
    case 'directory':
      return campaign(random.pick(['yelp', 'healthgrades', 'zocdoc']), 'referral', 'directory_listing');
  }
}

/** A v4-shaped UUID from the seeded source. */
export function fakeUuid(random: Random): string {
  return `${random.hex(8)}-${random.hex(4)}-4${random.hex(3)}-${random.pick(['8', '9', 'a', 'b'])}${random.hex(3)}-${random.hex(12)}`;
}
