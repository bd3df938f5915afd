/**
 * Says once, at the top of `npm test`, which databases the API suite runs on. Without
 * TEST_DATABASE_URL the PostgreSQL half is skipped with a clear message; in CI (CI=true) that is a
 * failure, because CI must prove both databases.
 */
export default function setup(): void {
  const url = process.env.TEST_DATABASE_URL;
  if (url === undefined || url === '') {
    const message =
      'PostgreSQL API tests SKIPPED: TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test). SQLite runs always.';
    if (process.env.CI === 'true') throw new Error(`CI requires PostgreSQL. ${message}`);
    console.warn(`\n${message}\n`);
  } else {
    console.info(`\nAPI tests run on SQLite and on PostgreSQL (${url.replace(/\/\/[^@]*@/, '//***@')}).\n`);
  }
  // Only the test variable: REDIS_URL belongs to a product the developer may be running (npm start).
  const redis = process.env.TEST_REDIS_URL;
  if (redis === undefined || redis === '')
    console.warn(
      '\nRedis tests SKIPPED: TEST_REDIS_URL is not set (e.g. redis://127.0.0.1:6379); login counters shared across instances are then not tested.\n',
    );
  else console.info(`Counters shared through Redis are tested (${redis.replace(/\/\/[^@]*@/, '//***@')}).\n`);
}
