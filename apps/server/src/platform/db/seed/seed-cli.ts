// `npm run db:seed`: migrates, then seeds the demo when the database has no client yet.
import { loadConfig } from '../../config.ts';
import { createDb } from '../database.ts';
import { migrate } from '../migrate.ts';
import { seedIfEmpty } from './seed.ts';

const config = loadConfig();
const db = createDb(config);
try {
  await migrate(db);
  const started = Date.now();
  const result = await seedIfEmpty(db, new Date());
  if (!result.seeded) {
    console.info('The database already has clients; nothing seeded.');
  } else {
    for (const brand of result.brands) {
      console.info(
        `Seeded client ${brand.clientId}: ${brand.providers} providers, ${brand.patients} patients, ` +
          `${brand.appointments} appointments, ${brand.events} analytics events.`,
      );
    }
    console.info(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
