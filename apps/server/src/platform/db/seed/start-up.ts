import type { Config } from '../../config.ts';
import type { Db } from '../database.ts';
import { seedIfEmpty } from './seed.ts';

/*
 * What the server does to its data at start (issue 15 #6). The demo — two brands, patients and the
 * README's published staff logins — is seeded into an empty database only when `seedDemo` is on:
 * by default in development (`npm start`, `npm run dev`); in test (the browser tests set it) and
 * production only with SEED_DEMO=true. A production start on an empty database therefore has no
 * account at all, and says how to create the first owner.
 */

export interface StartUpData {
  /** The demo was written now. */
  seeded: boolean;
  /** Brands the demo wrote. */
  brands: number;
  /** No staff account exists: nobody can sign in until the first owner is created. */
  needsFirstOwner: boolean;
}

async function userCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Seeds the demo when allowed and the database is empty; reports whether an owner is needed. */
export async function prepareStartUpData(
  db: Db,
  config: Pick<Config, 'seedDemo'>,
  now: Date,
): Promise<StartUpData> {
  const seed = config.seedDemo ? await seedIfEmpty(db, now) : { seeded: false, brands: [] };
  return { seeded: seed.seeded, brands: seed.brands.length, needsFirstOwner: (await userCount(db)) === 0 };
}

/** The lines main.ts prints when no account exists (also the README's wording). */
export function firstOwnerInstructions(): string[] {
  return [
    'No staff account exists yet (the demo is seeded only in development or with SEED_DEMO=true).',
    'Create the first owner and their practice with:',
    '  npm run admin:create-owner -- --email you@practice.example --brand your-practice --brand-name "Your Practice"',
    'It asks for a password (at least 12 characters, not a common one). With --invite instead, it e-mails',
    'an invitation link (SMTP_URL) or, without e-mail configured, prints the link.',
  ];
}
