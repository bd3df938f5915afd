// The built server (apps/server/dist/main.js, what `npm start` runs) on 127.0.0.1 for a benchmark.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot, serverDist } from './paths.ts';

export interface RunningServer {
  origin: string;
  child: ChildProcess;
  /** From spawn to the first 200 of /api/health, ms. */
  readyMs: number;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address !== null && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

/** Polls `url` until it answers 200; returns ms since `since`. */
export async function waitFor200(
  url: string,
  since: number,
  timeoutMs = 120_000,
  everyMs = 10,
): Promise<number> {
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.status === 200) return performance.now() - since;
    } catch {
      // not listening yet
    }
    if (performance.now() - since > timeoutMs)
      throw new Error(`${url} did not answer 200 in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Stops a child and waits for it to exit (SIGTERM, then SIGKILL after 10 s). */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts the server on a free port with the given database environment, quiet logs, no web build
 * (API benchmarks) unless WEB_DIST is given, and rate limits far above any benchmark's rate.
 * `dist`: another server build's folder (e.g. one kept from before a change).
 */
export async function startServer(env: Record<string, string>, dist = serverDist): Promise<RunningServer> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(dist, 'main.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      WEB_DIST: path.join(tmpdir(), 'scheduler-bench-no-web-build'),
      RATE_LIMIT_READS_PER_MINUTE: '100000000',
      RATE_LIMIT_BOOKINGS_PER_MINUTE: '100000000',
      COOKIE_SECURE: 'false',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  try {
    const readyMs = await waitFor200(`${origin}/api/health`, started);
    return { origin, child, readyMs, stop: () => stopChild(child) };
  } catch (error) {
    await stopChild(child);
    throw error;
  }
}
