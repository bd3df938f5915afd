/*
 * The demo practices shown by `npm start`: two brands with locations in four US time
 * zones, 21 providers, services (one call-to-schedule, one offline per brand), insurance
 * carriers/plans/types/top packages and weekly hours. Addresses are real streets with
 * their real ZIP codes; coordinates come from the offline `zipcodes` dataset. People are
 * invented.
 */
import type { Gender } from '../schema.ts';

export interface HoursSpec {
  location: string;
  /** 0 = Sunday … 6 = Saturday. */
  weekdays: readonly number[];
  start: string;
  end: string;
  /** Days from today (local) on which the row starts / stops applying. */
  fromDay?: number;
  toDay?: number;
}

export interface TimeOffSpec {
  /** Days from today (local to the provider's first location). */
  startDay: number;
  days: number;
  reason: string;
  /** Part of a day only. */
  start?: string;
  end?: string;
}

export interface ProviderSpec {
  prefix: string | null;
  firstName: string;
  lastName: string;
  credentials: string;
  specialty: string;
  gender: Gender;
  bio: string;
  services: readonly string[];
  durationOverrides?: Readonly<Record<string, number>>;
  hours: readonly HoursSpec[];
  onlineBookable?: boolean;
  acceptingNewPatients?: boolean;
  timeOff?: readonly TimeOffSpec[];
}

export interface ServiceSpec {
  key: string;
  name: string;
  description: string;
  durationMinutes: number;
  onlineEnabled?: boolean;
  callToSchedule?: boolean;
  newPatients?: boolean;
  existingPatients?: boolean;
  /** Location slugs; default every location. */
  locations?: readonly string[];
  /** How often it is booked, relative. */
  weight: number;
}

export interface LocationSpec {
  slug: string;
  name: string;
  addressLine1: string;
  addressLine2?: string;
  postalCode: string;
  timeZone: string;
  phone: string;
  onlineEnabled?: boolean;
  waitlistEnabled?: boolean;
}

export interface PlanSpec {
  carrier: string;
  name: string;
  type: string;
  topRank?: number;
}

export interface BrandSpec {
  slug: string;
  name: string;
  phone: string;
  frameAncestors: readonly string[];
  schedulerName: string;
  /** Non-default scheduler settings: [group, order, value]. */
  settings: readonly (readonly [string, number, string])[];
  locations: readonly LocationSpec[];
  services: readonly ServiceSpec[];
  providers: readonly ProviderSpec[];
  insuranceTypes: readonly string[];
  plans: readonly PlanSpec[];
  relationships: readonly string[];
  patientCount: number;
  sessionsPerWeekday: number;
}

export const DEMO_SCHEDULER_SLUG = 'main';
const MON_FRI = [1, 2, 3, 4, 5];

const brightSmile: BrandSpec = {
  slug: 'brightsmile',
  name: 'BrightSmile Dental',
  phone: '(212) 555-0142',
  // The demo widget may be framed by the practice's own site and by local test pages.
  frameAncestors: ['https://www.brightsmile.example', 'http://localhost:*', 'http://127.0.0.1:*'],
  schedulerName: 'BrightSmile online booking',
  settings: [
    ['appointment', 1, '15'],
    ['appointment', 5, 'Yes'],
    ['appointment', 7, 'Yes'],
    ['appointment', 10, 'Yes'],
    ['appointment', 15, '1'],
    ['insurance', 1, 'Yes'],
  ],
  locations: [
    {
      slug: 'midtown-manhattan',
      name: 'BrightSmile Midtown Manhattan',
      addressLine1: '350 Fifth Avenue',
      addressLine2: 'Suite 4810',
      postalCode: '10118',
      timeZone: 'America/New_York',
      phone: '(212) 555-0142',
      waitlistEnabled: true,
    },
    {
      slug: 'chicago-loop',
      name: 'BrightSmile Chicago Loop',
      addressLine1: '55 East Monroe Street',
      addressLine2: 'Floor 12',
      postalCode: '60603',
      timeZone: 'America/Chicago',
      phone: '(312) 555-0178',
      waitlistEnabled: true,
    },
    {
      slug: 'denver-cherry-creek',
      name: 'BrightSmile Cherry Creek',
      addressLine1: '3000 East 1st Avenue',
      postalCode: '80206',
      timeZone: 'America/Denver',
      phone: '(303) 555-0119',
    },
    {
      slug: 'santa-monica',
      name: 'BrightSmile Santa Monica',
      addressLine1: '1333 Second Street',
      postalCode: '90401',
      timeZone: 'America/Los_Angeles',
      phone: '(310) 555-0163',
    },
  ],
  services: [
    {
      key: 'new-exam',
      name: 'New Patient Exam & Cleaning',
      description: 'Comprehensive exam, X-rays and cleaning for patients new to the practice.',
      durationMinutes: 60,
      existingPatients: false,
      weight: 3,
    },
    {
      key: 'cleaning',
      name: 'Routine Cleaning & Checkup',
      description: 'Six-month hygiene visit with an exam by the dentist.',
      durationMinutes: 45,
      newPatients: false,
      weight: 6,
    },
    {
      key: 'emergency',
      name: 'Emergency Dental Visit',
      description: 'Tooth pain, a broken tooth or a lost filling.',
      durationMinutes: 30,
      weight: 2,
    },
    {
      key: 'whitening',
      name: 'Teeth Whitening Consultation',
      description: 'Shade assessment and whitening options.',
      durationMinutes: 30,
      locations: ['midtown-manhattan', 'chicago-loop', 'santa-monica'],
      weight: 1,
    },
    {
      key: 'ortho',
      name: 'Orthodontic Consultation',
      description: 'Braces and clear aligner evaluation. Please call to schedule.',
      durationMinutes: 45,
      callToSchedule: true,
      weight: 1,
    },
    {
      key: 'root-canal',
      name: 'Root Canal Therapy',
      description: 'Scheduled by the office after an exam.',
      durationMinutes: 90,
      onlineEnabled: false,
      weight: 1,
    },
  ],
  providers: [
    {
      prefix: 'Dr.',
      firstName: 'Emily',
      lastName: 'Carter',
      credentials: 'DDS',
      specialty: 'General Dentist',
      gender: 'F',
      bio: 'Dr. Carter has practiced general and cosmetic dentistry in Manhattan for twelve years and loves helping anxious patients feel at ease.',
      services: ['new-exam', 'cleaning', 'emergency', 'whitening', 'root-canal'],
      hours: [{ location: 'midtown-manhattan', weekdays: MON_FRI, start: '08:00', end: '16:00' }],
      timeOff: [{ startDay: 9, days: 3, reason: 'Continuing education' }],
    },
    {
      prefix: 'Dr.',
      firstName: 'Marcus',
      lastName: 'Bennett',
      credentials: 'DMD',
      specialty: 'General Dentist',
      gender: 'M',
      bio: 'Dr. Bennett focuses on restorative dentistry and same-day emergency care. He sees patients on Saturday mornings.',
      services: ['new-exam', 'cleaning', 'emergency', 'root-canal'],
      hours: [
        { location: 'midtown-manhattan', weekdays: [2, 3, 4, 5], start: '10:00', end: '18:30' },
        { location: 'midtown-manhattan', weekdays: [6], start: '09:00', end: '13:00' },
      ],
    },
    {
      prefix: 'Dr.',
      firstName: 'Priya',
      lastName: 'Raman',
      credentials: 'DDS, MS',
      specialty: 'Pediatric Dentist',
      gender: 'F',
      bio: 'Dr. Raman is a board-certified pediatric dentist who makes first visits fun for children of every age.',
      services: ['new-exam', 'cleaning', 'emergency'],
      hours: [{ location: 'midtown-manhattan', weekdays: [1, 2, 4], start: '08:30', end: '15:30' }],
    },
    {
      prefix: null,
      firstName: 'Olivia',
      lastName: 'Nguyen',
      credentials: 'RDH',
      specialty: 'Dental Hygienist',
      gender: 'F',
      bio: 'Olivia is a registered dental hygienist with a gentle touch and a passion for preventive care.',
      services: ['cleaning', 'new-exam'],
      durationOverrides: { cleaning: 60 },
      hours: [{ location: 'midtown-manhattan', weekdays: MON_FRI, start: '07:30', end: '15:30' }],
    },
    {
      prefix: 'Dr.',
      firstName: 'James',
      lastName: "O'Connor",
      credentials: 'DDS, MS',
      specialty: 'Orthodontist',
      gender: 'M',
      bio: "Dr. O'Connor treats children and adults with braces and clear aligners in New York and Chicago.",
      services: ['ortho', 'new-exam'],
      hours: [
        { location: 'midtown-manhattan', weekdays: [1, 3], start: '09:00', end: '17:00' },
        { location: 'chicago-loop', weekdays: [2, 4], start: '09:00', end: '17:00' },
      ],
    },
    {
      prefix: 'Dr.',
      firstName: 'Sofia',
      lastName: 'Alvarez',
      credentials: 'DDS',
      specialty: 'General Dentist',
      gender: 'F',
      bio: 'Dr. Alvarez speaks English and Spanish and has a special interest in family dentistry.',
      services: ['new-exam', 'cleaning', 'emergency', 'whitening'],
      hours: [{ location: 'chicago-loop', weekdays: MON_FRI, start: '08:00', end: '16:30' }],
    },
    {
      prefix: 'Dr.',
      firstName: 'Daniel',
      lastName: 'Kim',
      credentials: 'DMD',
      specialty: 'Endodontist',
      gender: 'M',
      bio: 'Dr. Kim specialises in saving teeth with modern, comfortable root canal therapy.',
      services: ['emergency', 'root-canal', 'new-exam'],
      hours: [
        { location: 'chicago-loop', weekdays: [1, 2, 3, 4], start: '09:00', end: '17:00' },
        { location: 'chicago-loop', weekdays: [6], start: '08:00', end: '12:00', fromDay: 14 },
      ],
    },
    {
      prefix: null,
      firstName: 'Hannah',
      lastName: 'Brooks',
      credentials: 'RDH',
      specialty: 'Dental Hygienist',
      gender: 'F',
      bio: 'Hannah has cleaned teeth in the Loop for eight years and is known for her thorough, friendly visits.',
      services: ['cleaning'],
      hours: [{ location: 'chicago-loop', weekdays: MON_FRI, start: '07:00', end: '15:00' }],
      timeOff: [{ startDay: 2, days: 1, reason: 'Personal', start: '12:00', end: '15:00' }],
    },
    {
      prefix: 'Dr.',
      firstName: 'Ethan',
      lastName: 'Walker',
      credentials: 'DDS',
      specialty: 'General Dentist',
      gender: 'M',
      bio: 'Dr. Walker grew up in Colorado and enjoys caring for whole families, from first teeth to dentures.',
      services: ['new-exam', 'cleaning', 'emergency', 'root-canal'],
      hours: [{ location: 'denver-cherry-creek', weekdays: MON_FRI, start: '08:00', end: '17:00' }],
    },
    {
      prefix: 'Dr.',
      firstName: 'Grace',
      lastName: 'Liu',
      credentials: 'DMD',
      specialty: 'Cosmetic Dentist',
      gender: 'F',
      bio: 'Dr. Liu designs natural-looking smiles with veneers, bonding and whitening.',
      services: ['new-exam', 'cleaning', 'emergency'],
      hours: [
        { location: 'denver-cherry-creek', weekdays: [1, 2, 3, 4], start: '09:00', end: '18:00' },
        { location: 'denver-cherry-creek', weekdays: [6], start: '09:00', end: '13:00' },
      ],
      timeOff: [{ startDay: -6, days: 2, reason: 'Vacation' }],
    },
    {
      prefix: 'Dr.',
      firstName: 'Michael',
      lastName: 'Torres',
      credentials: 'DDS',
      specialty: 'Periodontist',
      gender: 'M',
      bio: 'Dr. Torres treats gum disease and places implants. His schedule is currently full for new patients.',
      services: ['cleaning', 'emergency'],
      acceptingNewPatients: false,
      hours: [{ location: 'santa-monica', weekdays: MON_FRI, start: '08:00', end: '16:00' }],
    },
    {
      prefix: 'Dr.',
      firstName: 'Aisha',
      lastName: 'Patel',
      credentials: 'DDS',
      specialty: 'Oral Surgeon',
      gender: 'F',
      bio: 'Dr. Patel performs extractions and surgical procedures by referral; please call the office to book.',
      services: ['emergency', 'root-canal'],
      onlineBookable: false,
      hours: [{ location: 'santa-monica', weekdays: [2, 4], start: '08:00', end: '14:00' }],
    },
  ],
  insuranceTypes: ['PPO', 'DHMO', 'Indemnity', 'Discount Plan'],
  plans: [
    { carrier: 'Delta Dental', name: 'Delta Dental PPO', type: 'PPO', topRank: 1 },
    { carrier: 'Delta Dental', name: 'Delta Dental Premier', type: 'PPO' },
    { carrier: 'Delta Dental', name: 'DeltaCare USA', type: 'DHMO' },
    { carrier: 'MetLife', name: 'MetLife PDP Plus', type: 'PPO', topRank: 2 },
    { carrier: 'Cigna', name: 'Cigna Dental 1500', type: 'PPO', topRank: 3 },
    { carrier: 'Cigna', name: 'Cigna Dental Care DHMO', type: 'DHMO' },
    { carrier: 'Aetna', name: 'Aetna Dental PPO', type: 'PPO', topRank: 4 },
    { carrier: 'Aetna', name: 'Aetna Dental DMO', type: 'DHMO' },
    { carrier: 'Guardian', name: 'Guardian DentalGuard Preferred', type: 'PPO', topRank: 5 },
    { carrier: 'UnitedHealthcare', name: 'UnitedHealthcare Dental PPO', type: 'PPO' },
    { carrier: 'Humana', name: 'Humana Dental Traditional', type: 'Indemnity' },
    { carrier: 'Careington', name: 'Careington Care 500', type: 'Discount Plan' },
  ],
  relationships: ['Self', 'Spouse', 'Child', 'Domestic partner', 'Other'],
  patientCount: 180,
  sessionsPerWeekday: 42,
};

const northside: BrandSpec = {
  slug: 'northside',
  name: 'Northside Family Medicine',
  phone: '(773) 555-0190',
  frameAncestors: ['https://www.northsidefamily.example'],
  schedulerName: 'Northside appointments',
  settings: [
    ['appointment', 2, 'CalendarDays'],
    ['appointment', 4, 'availability'],
    ['appointment', 16, 'CalendarDays'],
    ['thankYouScreen', 3, 'No'],
  ],
  locations: [
    {
      slug: 'lincoln-park',
      name: 'Northside Lincoln Park',
      addressLine1: '2800 North Clark Street',
      postalCode: '60614',
      timeZone: 'America/Chicago',
      phone: '(773) 555-0190',
      waitlistEnabled: true,
    },
    {
      slug: 'evanston',
      name: 'Northside Evanston',
      addressLine1: '1603 Orrington Avenue',
      addressLine2: 'Suite 200',
      postalCode: '60201',
      timeZone: 'America/Chicago',
      phone: '(847) 555-0134',
      // Shows the "location online-off" message in the booking flow.
      onlineEnabled: false,
    },
    {
      slug: 'brooklyn-heights',
      name: 'Northside Brooklyn Heights',
      addressLine1: '142 Joralemon Street',
      postalCode: '11201',
      timeZone: 'America/New_York',
      phone: '(718) 555-0127',
    },
    {
      slug: 'pasadena',
      name: 'Northside Pasadena',
      addressLine1: '100 West Walnut Street',
      postalCode: '91101',
      timeZone: 'America/Los_Angeles',
      phone: '(626) 555-0158',
      waitlistEnabled: true,
    },
  ],
  services: [
    {
      key: 'new-visit',
      name: 'New Patient Visit',
      description: 'A first visit to get to know you and your health history.',
      durationMinutes: 60,
      existingPatients: false,
      weight: 2,
    },
    {
      key: 'physical',
      name: 'Annual Physical',
      description: 'Yearly preventive exam, screenings and vaccines review.',
      durationMinutes: 40,
      weight: 4,
    },
    {
      key: 'sick',
      name: 'Sick Visit',
      description: 'Same-week care for illness or injury.',
      durationMinutes: 20,
      weight: 5,
    },
    {
      key: 'follow-up',
      name: 'Follow-up Visit',
      description: 'Review of test results or an ongoing condition.',
      durationMinutes: 20,
      newPatients: false,
      weight: 4,
    },
    {
      key: 'well-child',
      name: 'Well-Child Visit',
      description: 'Growth, development and immunisations for children.',
      durationMinutes: 30,
      weight: 2,
    },
    {
      key: 'flu-shot',
      name: 'Flu Shot',
      description: 'Seasonal influenza vaccination.',
      durationMinutes: 15,
      locations: ['lincoln-park', 'brooklyn-heights', 'pasadena'],
      weight: 2,
    },
    {
      key: 'chronic-care',
      name: 'Chronic Care Management',
      description: 'Diabetes, hypertension and asthma care plans. Please call to schedule.',
      durationMinutes: 30,
      callToSchedule: true,
      weight: 1,
    },
    {
      key: 'procedure',
      name: 'Minor Procedure',
      description: 'Skin procedures and joint injections, scheduled by the office.',
      durationMinutes: 60,
      onlineEnabled: false,
      weight: 1,
    },
  ],
  providers: [
    {
      prefix: 'Dr.',
      firstName: 'Samuel',
      lastName: 'Okafor',
      credentials: 'DO',
      specialty: 'Family Medicine',
      gender: 'M',
      bio: 'Dr. Okafor cares for patients of all ages and has a special interest in sports medicine.',
      services: ['new-visit', 'physical', 'sick', 'follow-up', 'well-child', 'procedure'],
      hours: [
        { location: 'lincoln-park', weekdays: [1, 2, 3], start: '08:00', end: '17:00' },
        { location: 'evanston', weekdays: [4, 5], start: '08:00', end: '16:00' },
      ],
    },
    {
      prefix: 'Dr.',
      firstName: 'Jennifer',
      lastName: 'Park',
      credentials: 'MD, FAAP',
      specialty: 'Pediatrics',
      gender: 'F',
      bio: 'Dr. Park is a pediatrician who has cared for Lincoln Park families for over a decade.',
      services: ['new-visit', 'sick', 'follow-up', 'well-child', 'flu-shot'],
      hours: [{ location: 'lincoln-park', weekdays: MON_FRI, start: '08:30', end: '16:30' }],
      timeOff: [{ startDay: 5, days: 5, reason: 'Vacation' }],
    },
    {
      prefix: 'Dr.',
      firstName: 'Thomas',
      lastName: 'Reed',
      credentials: 'MD',
      specialty: 'Internal Medicine',
      gender: 'M',
      bio: 'Dr. Reed is an internist focused on prevention and the management of chronic conditions.',
      services: ['new-visit', 'physical', 'sick', 'follow-up', 'chronic-care'],
      hours: [
        { location: 'lincoln-park', weekdays: [1, 3, 5], start: '07:30', end: '15:30' },
        { location: 'lincoln-park', weekdays: [6], start: '09:00', end: '12:00' },
      ],
    },
    {
      prefix: 'Dr.',
      firstName: 'Robert',
      lastName: 'Hayes',
      credentials: 'MD',
      specialty: 'Family Medicine',
      gender: 'M',
      bio: 'Dr. Hayes has practiced family medicine in Brooklyn for twenty years.',
      services: ['new-visit', 'physical', 'sick', 'follow-up', 'well-child', 'flu-shot'],
      hours: [{ location: 'brooklyn-heights', weekdays: MON_FRI, start: '09:00', end: '17:00' }],
    },
    {
      prefix: 'Dr.',
      firstName: 'Linda',
      lastName: 'Morales',
      credentials: 'MD',
      specialty: 'Internal Medicine',
      gender: 'F',
      bio: "Dr. Morales is bilingual in English and Spanish and focuses on women's health and preventive care.",
      services: ['new-visit', 'physical', 'sick', 'follow-up', 'chronic-care'],
      hours: [{ location: 'brooklyn-heights', weekdays: [1, 2, 3, 4], start: '08:00', end: '16:00' }],
    },
    {
      prefix: null,
      firstName: 'Karen',
      lastName: 'Whitfield',
      credentials: 'FNP-C',
      specialty: 'Family Nurse Practitioner',
      gender: 'F',
      bio: 'Karen is a family nurse practitioner who sees same-week sick visits and annual physicals.',
      services: ['physical', 'sick', 'follow-up', 'flu-shot'],
      hours: [
        { location: 'brooklyn-heights', weekdays: MON_FRI, start: '10:00', end: '18:00' },
        { location: 'brooklyn-heights', weekdays: [6], start: '09:00', end: '13:00' },
      ],
    },
    {
      prefix: 'Dr.',
      firstName: 'Kevin',
      lastName: 'Chen',
      credentials: 'MD',
      specialty: 'Family Medicine',
      gender: 'M',
      bio: 'Dr. Chen enjoys caring for whole families and speaks English and Mandarin.',
      services: ['new-visit', 'physical', 'sick', 'follow-up', 'well-child'],
      hours: [{ location: 'pasadena', weekdays: MON_FRI, start: '08:00', end: '16:30' }],
    },
    {
      prefix: null,
      firstName: 'Maria',
      lastName: 'Gonzalez',
      credentials: 'PA-C',
      specialty: 'Physician Assistant',
      gender: 'F',
      bio: 'Maria is a certified physician assistant who sees urgent and follow-up visits.',
      services: ['sick', 'follow-up', 'flu-shot'],
      hours: [{ location: 'pasadena', weekdays: [2, 3, 4, 5], start: '09:00', end: '17:30' }],
    },
    {
      prefix: 'Dr.',
      firstName: 'Rachel',
      lastName: 'Adams',
      credentials: 'MD',
      specialty: 'Geriatric Medicine',
      gender: 'F',
      bio: 'Dr. Adams cares for older adults and is on leave this month; the office can help with urgent needs.',
      services: ['new-visit', 'physical', 'follow-up', 'chronic-care'],
      hours: [{ location: 'pasadena', weekdays: [1, 3, 5], start: '08:00', end: '14:00' }],
      // On leave for the whole booking window: shows the "no online availability" message.
      timeOff: [{ startDay: -3, days: 40, reason: 'Leave of absence' }],
    },
  ],
  insuranceTypes: ['PPO', 'HMO', 'EPO', 'POS', 'Medicare', 'Medicaid'],
  plans: [
    { carrier: 'Blue Cross Blue Shield', name: 'BCBS Blue Choice PPO', type: 'PPO', topRank: 1 },
    { carrier: 'Blue Cross Blue Shield', name: 'BCBS HMO Blue', type: 'HMO' },
    { carrier: 'UnitedHealthcare', name: 'UnitedHealthcare Choice Plus', type: 'PPO', topRank: 2 },
    { carrier: 'UnitedHealthcare', name: 'UnitedHealthcare Navigate HMO', type: 'HMO' },
    { carrier: 'Aetna', name: 'Aetna Choice POS II', type: 'POS', topRank: 3 },
    { carrier: 'Aetna', name: 'Aetna HMO', type: 'HMO' },
    { carrier: 'Cigna', name: 'Cigna Open Access Plus', type: 'EPO', topRank: 4 },
    { carrier: 'Cigna', name: 'Cigna LocalPlus', type: 'EPO' },
    { carrier: 'Medicare', name: 'Original Medicare Part B', type: 'Medicare', topRank: 5 },
    { carrier: 'Humana', name: 'Humana Gold Plus HMO', type: 'Medicare' },
    { carrier: 'Medicaid', name: 'State Medicaid', type: 'Medicaid' },
    { carrier: 'Oscar Health', name: 'Oscar Simple EPO', type: 'EPO' },
  ],
  relationships: ['Self', 'Spouse', 'Child', 'Domestic partner', 'Other'],
  patientCount: 160,
  sessionsPerWeekday: 30,
};

export const demoBrands: readonly BrandSpec[] = [brightSmile, northside];

/** What `main.ts` prints after start-up. */
export const demoEntry = {
  clientSlug: brightSmile.slug,
  schedulerSlug: DEMO_SCHEDULER_SLUG,
  locationSlug: brightSmile.locations[0]?.slug ?? 'all',
  ownerEmail: 'owner@demo.health',
  ownerPassword: 'demo-owner-2026',
} as const;

export interface DemoUserSpec {
  email: string;
  password: string;
  displayName: string;
  /** Brand slug → role. */
  roles: Readonly<Record<string, 'owner' | 'admin' | 'staff' | 'viewer'>>;
}

export const demoUsers: readonly DemoUserSpec[] = [
  {
    email: 'owner@demo.health',
    password: 'demo-owner-2026',
    displayName: 'Morgan Reyes',
    roles: { brightsmile: 'owner', northside: 'owner' },
  },
  {
    email: 'admin@demo.health',
    password: 'demo-admin-2026',
    displayName: 'Alex Kim',
    roles: { brightsmile: 'admin' },
  },
  {
    email: 'staff@demo.health',
    password: 'demo-staff-2026',
    displayName: 'Sam Patel',
    roles: { brightsmile: 'staff' },
  },
  {
    email: 'viewer@demo.health',
    password: 'demo-viewer-2026',
    displayName: 'Jordan Lee',
    roles: { brightsmile: 'viewer' },
  },
];
