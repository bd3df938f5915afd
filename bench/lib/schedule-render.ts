// The admin Schedule's render (issue 19): the real screen (apps/web/src/features/admin/schedule) with
// a synthetic day of 20 providers and 300 appointments already in its query cache, built on its
// own with Vite (the page apps/web/src/features/admin/schedule/bench/index.html, React production
// build), served from a temporary folder and opened in Chromium. Each run loads the page fresh,
// starts a Chromium trace, calls `renderSchedule()` (mount → blocks in the DOM → the next frame
// painted) and sums the main thread's top-level tasks (RunTask on CrRendererMain) between the two
// console.timeStamp marks the page sets: the main-thread time of the render, layout and paint.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type { Browser } from 'puppeteer-core';
import { repoRoot } from './paths.ts';

const PAGE_DIR = path.join(repoRoot, 'apps/web/src/features/admin/schedule/bench');

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread (CPU) time of the event, µs. */
  tdur?: number;
  args?: { name?: string; data?: { message?: string } };
}

export interface ScheduleRenderRun {
  /** Wall-clock duration of the main thread's tasks in the window (what Lighthouse counts). */
  mainThreadMs: number;
  /** CPU time of those tasks (the trace's thread durations): the same work, without time the busy machine took the core away. */
  mainThreadCpuMs: number;
  wallMs: number;
  appointments: number;
  providers: number;
}

/**
 * Builds the benchmark page into `outDir` (Vite, production mode): the React plugin plus Lingui's
 * (the macros' Babel transform and the .po catalogs' compiler, as in apps/web/vite.config.ts; the
 * Schedule's texts are Lingui messages since issue 21).
 */
export function buildSchedulePage(outDir: string): void {
  const script = `
    import { build } from 'vite';
    import react from '@vitejs/plugin-react';
    import { lingui } from '@lingui/vite-plugin';
    import { linguiMacros } from ${JSON.stringify(path.join(repoRoot, 'apps/web/vite-plugins/lingui-macros.ts'))};
    await build({
      configFile: false,
      root: ${JSON.stringify(PAGE_DIR)},
      base: './',
      logLevel: 'warn',
      mode: 'production',
      plugins: [
        linguiMacros(),
        react(),
        lingui({ configPath: ${JSON.stringify(path.join(repoRoot, 'apps/web/lingui.config.ts'))} }),
      ],
      build: { outDir: ${JSON.stringify(outDir)}, emptyOutDir: true, target: 'es2022', sourcemap: false },
    });`;
  // Run from apps/web so that its dependencies (React, Material UI, the calendar) resolve as in the app;
  // with tsx, for the TypeScript plugin module (apps/web/vite-plugins/lingui-macros.ts).
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: path.join(repoRoot, 'apps/web'),
    stdio: 'inherit',
  });
  if (result.status !== 0)
    throw new Error(`Building the schedule benchmark page exited with ${result.status}`);
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
};

/** A static server of `dir` on a free port. */
export async function serveDir(dir: string): Promise<{ origin: string; server: Server }> {
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = path.join(dir, pathname === '/' ? 'index.html' : pathname);
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return { origin: `http://127.0.0.1:${port}`, server };
}

/** Main-thread time (ms) of the top-level tasks of the page's main thread between the two marks. */
export function mainThreadMsBetweenMarks(events: readonly TraceEvent[], startMark: string, endMark: string) {
  const mark = (message: string) =>
    events.find((event) => event.name === 'TimeStamp' && event.args?.data?.message === message);
  const start = mark(startMark);
  const end = mark(endMark);
  if (start === undefined || end === undefined) throw new Error('The trace has no render marks');
  const tasks = events
    .filter(
      (event) =>
        event.ph === 'X' &&
        event.name === 'RunTask' &&
        event.pid === start.pid &&
        event.tid === start.tid &&
        event.dur !== undefined,
    )
    .sort((a, b) => a.ts - b.ts);
  let total = 0;
  let cpu = 0;
  let coveredUntil = Number.NEGATIVE_INFINITY;
  for (const task of tasks) {
    const taskEnd = task.ts + (task.dur ?? 0);
    const from = Math.max(task.ts, start.ts, coveredUntil);
    const until = Math.min(taskEnd, end.ts);
    if (until > from) {
      total += until - from;
      // The task's CPU time, in the share of the task inside the window.
      cpu += (task.tdur ?? task.dur ?? 0) * ((until - from) / Math.max(1, task.dur ?? 1));
    }
    coveredUntil = Math.max(coveredUntil, taskEnd);
  }
  return { mainThreadMs: total / 1000, mainThreadCpuMs: cpu / 1000, wallMs: (end.ts - start.ts) / 1000 };
}

/**
 * One measured render in a fresh page of `browser`: 'first' mounts the screen on the busy day (its
 * code runs for the first time: the first visit of the Schedule); 'switch' opens the screen on the
 * day before (no appointment) and measures "Next day" to the busy day (the render of a day in the
 * open screen, as the front desk moves through days).
 */
export async function measureScheduleRender(
  browser: Browser,
  url: string,
  mode: 'first' | 'switch' = 'first',
): Promise<ScheduleRenderRun> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error instanceof Error ? error.message : String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  try {
    await page.setViewport({ width: 1440, height: 900 });
    await page.goto(url, { waitUntil: 'load' });
    await page
      .waitForFunction('typeof window.renderSchedule === "function"', { timeout: 30_000 })
      .catch((error: unknown) => {
        throw new Error(`The schedule page did not start: ${errors.join('; ') || String(error)}`);
      });
    if (mode === 'switch') await page.evaluate('window.openDayBefore()');
    await page.tracing.start({
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel'],
    });
    const counts = (await page.evaluate(
      mode === 'first' ? 'window.renderSchedule()' : 'window.showBusyDay()',
    )) as { appointments: number; providers: number };
    const trace = await page.tracing.stop();
    const { traceEvents } = JSON.parse(Buffer.from(trace ?? new Uint8Array()).toString('utf8')) as {
      traceEvents: TraceEvent[];
    };
    return {
      ...mainThreadMsBetweenMarks(traceEvents, 'schedule-render-start', 'schedule-render-end'),
      ...counts,
    };
  } finally {
    await page.close();
  }
}
