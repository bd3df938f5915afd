// `npm run admin:create-owner -- --email … --brand … [--brand-name …] [--invite]` (create-owner.ts).
// Migrates first (a fresh production database), then creates the owner or the invitation.
import { passwordProblem } from './platform/auth/password-policy.ts';
import { loadConfig } from './platform/config.ts';
import { createDb } from './platform/db/database.ts';
import { migrate } from './platform/db/migrate.ts';
import { createJobQueue } from './platform/jobs/index.ts';
import type { JobQueue } from './platform/jobs/index.ts';
import { createEmailTransport } from './platform/outbound/index.ts';
import { createOwner, inviteOwner } from './contexts/staff/index.ts';
import { runCreateOwner } from './create-owner.ts';

const config = loadConfig();
const db = createDb(config);
let jobs: JobQueue | undefined;
try {
  await migrate(db);
  process.exitCode = await runCreateOwner(
    process.argv.slice(2),
    { input: process.stdin, output: process.stdout },
    {
      createOwner: (input) => createOwner(db, input),
      inviteOwner: (input) => {
        // With SMTP the invitation goes on the durable queue, which the server delivers.
        const email = config.smtpUrl === undefined ? undefined : createEmailTransport(config);
        if (email !== undefined) jobs = createJobQueue(config, db);
        return inviteOwner(db, {
          ...input,
          publicUrl: config.publicUrl,
          loginHashKey: config.loginHashKey,
          ...(jobs === undefined || email === undefined ? {} : { jobs, emailTransport: email }),
        });
      },
      passwordProblem,
      signInUrl: `${config.publicUrl}/${config.adminLoginPath}`,
    },
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await jobs?.stop().catch(() => undefined);
  await db.destroy();
}
