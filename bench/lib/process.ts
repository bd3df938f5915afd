// Child processes, builds and progress lines.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, serverDist } from './paths.ts';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs a command to completion with inherited output; throws when it fails. */
export function runOrThrow(command: string, args: string[], options: { env?: NodeJS.ProcessEnv } = {}): void {
  const result = spawnSync(command, args, {
    cwd: repoRoot,
    stdio: 'inherit',
    env: options.env ?? process.env,
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
}

export function runNpm(args: string[]): void {
  runOrThrow(npm, args);
}

/**
 * Runs a long command, printing its lines with a prefix. Lines matching `chatty` (per-second
 * progress) are shown at most every `everyMs`, so a long run shows progress without flooding.
 */
export function runStreaming(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; prefix: string; chatty?: RegExp; everyMs?: number; hide?: RegExp },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, env: options.env ?? process.env });
    let output = '';
    let lastChatty = 0;
    const onLine = (line: string): void => {
      output += `${line}\n`;
      if (options.hide?.test(line) === true) return;
      if (options.chatty?.test(line) === true) {
        if (Date.now() - lastChatty < (options.everyMs ?? 10_000)) return;
        lastChatty = Date.now();
      }
      if (line.trim() !== '') console.info(`${options.prefix}${line}`);
    };
    for (const stream of [child.stdout, child.stderr]) {
      let buffered = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        buffered += chunk;
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        lines.forEach(onLine);
      });
      stream.on('end', () => {
        if (buffered !== '') onLine(buffered);
      });
    }
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}`));
    });
  });
}

/** Prints "… label: N s" every `everyMs` until stopped (for steps that print nothing themselves). */
export function ticker(label: string, everyMs = 10_000): () => void {
  const started = Date.now();
  const timer = setInterval(() => {
    console.info(`    … ${label}: ${Math.round((Date.now() - started) / 1000)} s`);
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

function newestMtime(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
      newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * The server bundle the benchmarks run (what `npm start` runs). A fresh clone has none: build
 * everything (`npm run build`). A bundle older than the server or domain sources is rebuilt
 * (server only), so the figures are those of the code in the tree.
 */
export function ensureServerBuild(): void {
  const main = path.join(serverDist, 'main.js');
  if (!existsSync(main)) {
    console.info('apps/server/dist is missing: npm run build');
    runNpm(['run', 'build']);
    return;
  }
  const sources = Math.max(
    newestMtime(path.join(repoRoot, 'apps', 'server', 'src')),
    newestMtime(path.join(repoRoot, 'apps', 'server', 'tools', 'generate')),
    newestMtime(path.join(repoRoot, 'packages', 'domain', 'src')),
    newestMtime(path.join(repoRoot, 'packages', 'contract', 'src')),
  );
  if (sources > statSync(main).mtimeMs) {
    console.info('apps/server/dist is older than its sources: npm run build -w apps/server');
    runNpm(['run', 'build', '-w', 'apps/server']);
  }
}
