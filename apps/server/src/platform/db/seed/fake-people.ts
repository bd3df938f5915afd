import type { EpochMs, Gender, IsoDate } from '../schema.ts';
import type { Random } from './random.ts';
import type { Row } from './row-writer.ts';
import { DAY_MS, isoDateOf } from './zoned-time.ts';

const femaleNames = [
  'Olivia',
  'Emma',
  'Ava',
  'Sophia',
  'Isabella',
  'Mia',
  'Amelia',
  'Harper',
  'Evelyn',
  'Abigail',
  'Emily',
  'Ella',
  'Madison',
  'Scarlett',
  'Victoria',
  'Grace',
  'Chloe',
  'Camila',
  'Penelope',
  'Riley',
  'Layla',
  'Lillian',
  'Nora',
  'Zoey',
  'Hannah',
  'Lily',
  'Eleanor',
  'Hazel',
  'Aurora',
  'Natalie',
  'Maria',
  'Linda',
  'Patricia',
  'Barbara',
  'Susan',
  'Jessica',
  'Sarah',
  'Karen',
  'Nancy',
  'Lisa',
  'Priya',
  'Aisha',
  'Mei',
  'Yuki',
  'Fatima',
  'Lucia',
  'Ana',
  'Rosa',
  'Keisha',
  'Imani',
] as const;

const maleNames = [
  'Liam',
  'Noah',
  'Oliver',
  'Elijah',
  'James',
  'William',
  'Benjamin',
  'Lucas',
  'Henry',
  'Alexander',
  'Mason',
  'Michael',
  'Ethan',
  'Daniel',
  'Jacob',
  'Logan',
  'Jackson',
  'Levi',
  'Sebastian',
  'Mateo',
  'Jack',
  'Owen',
  'Theodore',
  'Aiden',
  'Samuel',
  'Joseph',
  'John',
  'David',
  'Wyatt',
  'Matthew',
  'Robert',
  'Richard',
  'Thomas',
  'Charles',
  'Christopher',
  'Anthony',
  'Mark',
  'Donald',
  'Steven',
  'Paul',
  'Raj',
  'Arjun',
  'Wei',
  'Hiroshi',
  'Omar',
  'Diego',
  'Carlos',
  'Jamal',
  'Malik',
  'Andre',
] as const;

const lastNames = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  'Patel',
  'Shah',
  'Kim',
  'Park',
  'Chen',
  'Wang',
  'Tanaka',
  'Okafor',
  'Mensah',
  "O'Brien",
  'Murphy',
  'Kowalski',
  'Novak',
  'Schmidt',
  'Rossi',
  'Dubois',
  'Silva',
  'Costa',
  'Ali',
  'Hassan',
] as const;

export interface FakePerson {
  firstName: string;
  lastName: string;
  gender: Gender;
  dateOfBirth: IsoDate;
  /** Digits only, in the 555-01xx fictional range. */
  phone: string;
  email: string;
}

const areaCodes = ['212', '312', '303', '310', '718', '773', '720', '626', '646', '872'] as const;

/** Fictional people: 555-01xx phone numbers and example.com addresses. */
export function fakePerson(random: Random, now: EpochMs, serial: number): FakePerson {
  const gender: Gender = random.chance(0.52) ? 'F' : 'M';
  const firstName = random.pick(gender === 'F' ? femaleNames : maleNames);
  const lastName = random.pick(lastNames);
  const ageYears = random.weighted([
    [random.int(1, 17), 18],
    [random.int(18, 39), 34],
    [random.int(40, 64), 32],
    [random.int(65, 92), 16],
  ] as const);
  const birthDay = Math.floor((now - ageYears * 365.25 * DAY_MS) / DAY_MS) - random.int(0, 364);
  const local = lastName.toLowerCase().replace(/[^a-z]/g, '');
  return {
    firstName,
    lastName,
    gender,
    dateOfBirth: isoDateOf(birthDay),
    phone: `${random.pick(areaCodes)}55501${String(random.int(0, 99)).padStart(2, '0')}`,
    email: `${firstName.toLowerCase()}.${local}${serial}@example.com`,
  };
}

/**
 * The patients table's matching key (see schema.ts): lower-cased, whitespace removed,
 * first and last name joined by `|`.
 */
export function normalizedPatientName(firstName: string, lastName: string): string {
  const normalise = (text: string): string => text.toLowerCase().replace(/\s+/g, '');
  return `${normalise(firstName)}|${normalise(lastName)}`;
}

export function patientRow(
  id: number,
  clientId: number,
  person: FakePerson,
  createdAt: EpochMs,
  random: Random,
): Row<'patients'> {
  return {
    id,
    client_id: clientId,
    first_name: person.firstName,
    last_name: person.lastName,
    normalized_name: normalizedPatientName(person.firstName, person.lastName),
    date_of_birth: person.dateOfBirth,
    gender: person.gender,
    phone: person.phone,
    email: person.email,
    sms_permission: random.chance(0.7) ? 1 : 0,
    email_permission: random.chance(0.8) ? 1 : 0,
    created_at: createdAt,
    updated_at: createdAt,
  };
}
