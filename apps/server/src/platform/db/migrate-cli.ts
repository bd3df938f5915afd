// `npm run db:migrate`: applies pending migrations to the configured database.
import { loadConfig } from '../config.ts';
import { createDb, dialectOf } from './database.ts';
import { migrate } from './migrate.ts';

const config = loadConfig();
const db = createDb(config);
try {
  const { applied } = await migrate(db);
  const target = dialectOf(db) === 'postgres' ? 'PostgreSQL' : config.sqlitePath;
  console.info(
    applied.length === 0
      ? `Database is up to date (${target}).`
      : `Applied ${applied.length} migration(s) to ${target}: ${applied.join(', ')}`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
