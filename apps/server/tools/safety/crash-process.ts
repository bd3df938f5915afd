/*
 * The crash harness's server process: crash-server.ts bundled once, started on the harness
 * database, killed with SIGKILL, and an HTTP client for it.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { repoRoot } from '../../src/platform/config.ts';
import type { HarnessDatabase } from './harness-servers.ts';
import type { RaceInstance } from './race-instances.ts';

// Inside apps/server, so the bundle resolves the server's own dependencies (apps/server/node_modules
// first, then the root's); four folders below the root, as config.ts expects of a non-dist bundle.
const BUILD_DIR = path.join(repoRoot, 'apps', 'server', 'dist', 'safety');

/** Bundles crash-server.ts once (a bundle starts in well under a second; tsx takes seconds). */
export async function buildCrashServer(): Promise<string> {
  mkdirSync(BUILD_DIR, { recursive: true });
  const outfile = path.join(BUILD_DIR, 'crash-server.mjs');
  await build({
    entryPoints: [path.join(repoRoot, 'apps', 'server', 'tools', 'safety', 'crash-server.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
    plugins: [
      {
        name: 'external-packages',
        setup(builder) {
          builder.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@scheduler/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
    banner: {
      js: "import { createRequire as __safetyCreateRequire } from 'node:module'; const require = __safetyCreateRequire(import.meta.url);",
    },
  });
  return outfile;
}

/** Server processes alive now (killed with the harness when it is interrupted). */
export const children = new Set<ChildProcess>();

export interface RunningServer {
  child: ChildProcess;
  url: string;
  startedInMs: number;
}

/** Starts the server process on the harness database and waits for `LISTENING <url>`. */
export function startServer(entry: string, database: HarnessDatabase): Promise<RunningServer> {
  const started = Date.now();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'test',
    PORT: '0',
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(BUILD_DIR, 'no-web-build'),
    RATE_LIMIT_READS_PER_MINUTE: '1000000',
    RATE_LIMIT_BOOKINGS_PER_MINUTE: '1000000',
    ...(database.dialect === 'postgres'
      ? { DATABASE_URL: database.location }
      : { SQLITE_PATH: database.location }),
  };
  const child = spawn(process.execPath, [entry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in 60 s: ${output}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /LISTENING (\S+)/.exec(output);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        resolve({ child, url: match[1], startedInMs: Date.now() - started });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before listening: ${output}`));
    });
  });
}

export function killHard(server: RunningServer): Promise<void> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      resolve();
      return;
    }
    server.child.once('exit', () => resolve());
    server.child.kill('SIGKILL');
  });
}

export function httpInstance(url: string): RaceInstance {
  return {
    name: url,
    async send({ method, url: pathAndQuery, payload, headers }) {
      const response = await fetch(`${url}${pathAndQuery}`, {
        method,
        headers: { ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON
      }
      return { status: response.status, body };
    },
  };
}
