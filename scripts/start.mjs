// `npm start`: builds what is missing (web app, server bundle), then runs the compiled server.
// The server migrates the database, seeds the demo when it is empty, and listens on PORT (3000).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webBuilt = existsSync(path.join(root, 'apps/web/dist/index.html'));
const serverBuilt = existsSync(path.join(root, 'apps/server/dist/main.js'));
const embedBuilt = existsSync(path.join(root, 'packages/embed/dist/embed.js'));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(args) {
  const result = spawnSync(npm, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!embedBuilt) {
  console.info('Building the widget loader (first start only)...');
  run(['run', 'build', '-w', 'packages/embed']);
}
if (!webBuilt) {
  console.info('Building the web app (first start only)...');
  run(['run', 'build', '-w', 'apps/web']);
}
if (!serverBuilt) {
  console.info('Building the server (first start only)...');
  run(['run', 'build', '-w', 'apps/server']);
}

const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
