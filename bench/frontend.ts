// The front end: the booking landing's first-load JavaScript (production build, gzipped; the web
// build's own report, dist/.vite/landing-budget.json) ≤ 130 KB, the widget loader ≤ 3 KB gzipped,
// and a Lighthouse 12 mobile performance score ≥ 95 for the landing and find-appointment pages
// served by `npm start`, with LCP, TBT and CLS.
//
// The web app is built into a temporary folder (the figures are those of the sources in the tree;
// apps/web/dist is left alone) and `npm start` serves it (WEB_DIST) from a fresh demo database.
// Lighthouse runs each page BENCH_LIGHTHOUSE_RUNS times (default 5, as Lighthouse's
// documentation advises for a stable median) in Debian's Chromium
// (CHROME_PATH, default /usr/bin/chromium; headless, no sandbox, no GPU, no background networking,
// component updates or sync) and keeps the
// median run by score. BENCH_WEB_DIST=<dir> serves that build of the web app instead of building one;
// BENCH_LIGHTHOUSE_PAGES=find-appointment measures that page only.
//
//   node --import tsx bench/frontend.ts
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import type { Browser, Page } from 'puppeteer-core';
import { repoRoot, resultsDir } from './lib/paths.ts';
import { runNpm, runOrThrow } from './lib/process.ts';
import { Report, round } from './lib/report.ts';
import { freePort, stopChild, waitFor200 } from './lib/server.ts';
import { median } from './lib/stats.ts';

const LANDING_BUDGET_BYTES = 130 * 1024;
const LOADER_BUDGET_BYTES = 3 * 1024;
const SCORE_BUDGET = 95;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5));

interface LandingBudgetReport {
  files: { fileName: string; bytes: number; gzipBytes: number }[];
  totalBytes: number;
  totalGzipBytes: number;
}

interface PageRun {
  /** The Lighthouse result (written to bench/results/lighthouse-<page>.json for the median run). */
  lhr?: unknown;
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  finalUrl: string;
}

const kb = (bytes: number): number => round(bytes / 1024, 1);

function buildWeb(outDir: string): LandingBudgetReport {
  console.info(`\nProduction build of apps/web into ${outDir}`);
  if (!existsSync(path.join(repoRoot, 'packages/embed/dist/embed.js')))
    runNpm(['run', 'build', '-w', 'packages/embed']);
  runOrThrow(process.execPath, [
    path.join(repoRoot, 'node_modules/vite/bin/vite.js'),
    'build',
    path.join(repoRoot, 'apps/web'),
    '--outDir',
    outDir,
    '--emptyOutDir',
    '--logLevel',
    'warn',
  ]);
  return JSON.parse(
    readFileSync(path.join(outDir, '.vite', 'landing-budget.json'), 'utf8'),
  ) as LandingBudgetReport;
}

function loaderGzipBytes(): { raw: number; gzip: number } {
  runOrThrow(process.execPath, [path.join(repoRoot, 'packages/embed/build.mjs')]);
  const script = readFileSync(path.join(repoRoot, 'packages/embed/dist/embed.js'));
  return { raw: script.length, gzip: gzipSync(script, { level: 9 }).length };
}

/** `npm start` on a fresh database with the given web build; resolves with the demo landing path. */
async function npmStart(
  webDist: string,
  dataDir: string,
): Promise<{ origin: string; landing: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['start'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST: webDist,
      SQLITE_PATH: path.join(dataDir, 'frontend.db'),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const origin = `http://127.0.0.1:${port}`;
  const stop = async (): Promise<void> => {
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    await stopChild(child);
  };
  try {
    await waitFor200(`${origin}/api/health`, performance.now(), 180_000, 100);
    for (let i = 0; i < 50 && !/Demo booking:/.test(output); i++)
      await new Promise((r) => setTimeout(r, 100));
    const landing = /Demo booking:\s+https?:\/\/[^/]+(\/\S+)/.exec(output)?.[1];
    if (landing === undefined) throw new Error(`npm start printed no demo booking URL:\n${output}`);
    return { origin, landing, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function runLighthouse(page: Page, url: string, keepStorage: boolean): Promise<PageRun> {
  const result = await lighthouse(
    url,
    { output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: keepStorage },
    undefined,
    page,
  );
  const lhr = result?.lhr;
  if (lhr === undefined) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (lhr.runtimeError !== undefined) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const audit = (id: string): number => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: round(audit('cumulative-layout-shift'), 3),
    fcpMs: Math.round(audit('first-contentful-paint')),
    finalUrl: lhr.finalDisplayedUrl,
    lhr,
  };
}

/** Fills in the landing as a patient would (new patient, first service that can be booked online). */
async function reachFindAppointment(page: Page, landingUrl: string): Promise<string> {
  await page.goto(landingUrl, { waitUntil: 'networkidle0' });
  // The landing's radio groups: inputs named after the group, ids `${group}-${value}`.
  await page.waitForSelector('#patient-type-new');
  await page.click('#patient-type-new');
  for (const service of await page.$$('input[name=service]')) {
    await service.click();
    if ((await page.$('#landing-refusal')) === null) break;
  }
  if ((await page.$('input[name=location]:checked')) === null) await page.click('input[name=location]');
  await Promise.all([
    page.waitForFunction("location.pathname.endsWith('/findappointment')"),
    page.click('form button[type=submit]'),
  ]);
  // The step has loaded its times (nothing busy any more). Not page.waitForNetworkIdle(): Puppeteer
  // never sees the end of the contract worker's script request, so the network never looks idle.
  await page.waitForFunction(
    `document.querySelector('main h1')?.textContent === 'Find an appointment' && document.querySelector('[aria-busy="true"]') === null`,
  );
  // The stored state (kept for the measured load) is written after the last change.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return page.url();
}

async function measurePage(
  browserFor: () => Promise<Browser>,
  label: string,
  prepare: (page: Page) => Promise<{ url: string; keepStorage: boolean }>,
): Promise<PageRun> {
  const runs: PageRun[] = [];
  for (let run = 1; run <= RUNS; run++) {
    // Lighthouse sometimes fails to record a trace on a busy machine (NO_NAVSTART …): try again.
    for (let attempt = 1; ; attempt++) {
      const browser = await browserFor();
      try {
        const page = await browser.newPage();
        const { url, keepStorage } = await prepare(page);
        if (keepStorage) {
          // The state is kept (the step needs it), the HTTP cache is not: a first load of the page.
          const session = await page.createCDPSession();
          await session.send('Network.clearBrowserCache');
          await session.detach();
        }
        const result = await runLighthouse(page, url, keepStorage);
        if (new URL(result.finalUrl).pathname !== new URL(url).pathname)
          throw new Error(`${label}: Lighthouse ended on ${result.finalUrl}, not ${url}`);
        console.info(
          `  ${label} run ${run}/${RUNS}: score ${result.score}, LCP ${result.lcpMs} ms, TBT ${result.tbtMs} ms, CLS ${result.cls}`,
        );
        runs.push(result);
        break;
      } catch (error) {
        if (attempt >= 3) throw error;
        console.warn(
          `  ${label} run ${run}: ${error instanceof Error ? error.message : String(error)}; again`,
        );
      } finally {
        await browser.close();
      }
    }
  }
  const middle = median(runs.map((run) => run.score));
  const chosen = runs.find((run) => run.score === middle) ?? runs[0]!;
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(path.join(resultsDir, `lighthouse-${label}.json`), JSON.stringify(chosen.lhr));
  const { lhr: _lhr, ...figures } = chosen;
  return figures;
}

const report = new Report('frontend');
const work = mkdtempSync(path.join(tmpdir(), 'scheduler-bench-frontend-'));
try {
  // BENCH_WEB_DIST=<dir> measures another build of the web app as it is (an A/B of two builds).
  const webDist = process.env.BENCH_WEB_DIST
    ? path.resolve(process.env.BENCH_WEB_DIST)
    : path.join(work, 'web');
  const budget = process.env.BENCH_WEB_DIST
    ? (JSON.parse(
        readFileSync(path.join(webDist, '.vite', 'landing-budget.json'), 'utf8'),
      ) as LandingBudgetReport)
    : buildWeb(webDist);
  for (const file of budget.files)
    console.info(`  ${file.fileName}  ${kb(file.bytes)} KB, gzip ${kb(file.gzipBytes)} KB`);
  report.add(
    'landing first-load JavaScript, gzipped',
    kb(budget.totalGzipBytes),
    'KB',
    { kind: 'max', limit: 130 },
    `${budget.files.length} files, ${kb(budget.totalBytes)} KB raw; ${budget.totalGzipBytes} of ${LANDING_BUDGET_BYTES} bytes`,
  );
  report.details.landingBudget = budget;

  const loader = loaderGzipBytes();
  report.add(
    'widget loader (embed.js), gzipped',
    kb(loader.gzip),
    'KB',
    { kind: 'max', limit: 3 },
    `${loader.gzip} of ${LOADER_BUDGET_BYTES} bytes, ${loader.raw} bytes raw`,
  );

  if (!existsSync(CHROME_PATH)) {
    console.warn(`\nSKIPPED Lighthouse: no Chromium at ${CHROME_PATH} (set CHROME_PATH)`);
  } else {
    console.info('\nnpm start (fresh demo database, this build)');
    const server = await npmStart(webDist, work);
    try {
      const landingUrl = `${server.origin}${server.landing}`;
      console.info(`  landing: ${landingUrl}`);
      const browserFor = () =>
        puppeteer.launch({
          executablePath: CHROME_PATH,
          headless: true,
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-dev-shm-usage',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        });
      const pages = [
        { label: 'landing', prepare: () => Promise.resolve({ url: landingUrl, keepStorage: false }) },
        {
          label: 'find-appointment',
          prepare: async (page: Page) => ({
            url: await reachFindAppointment(page, landingUrl),
            keepStorage: true,
          }),
        },
      ];
      const onlyPages = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',');
      for (const { label, prepare } of pages) {
        if (onlyPages !== undefined && !onlyPages.includes(label)) continue;
        const result = await measurePage(browserFor, label, prepare);
        report.add(
          `Lighthouse mobile performance, ${label}`,
          result.score,
          '',
          { kind: 'min', limit: SCORE_BUDGET },
          `median of ${RUNS}: LCP ${result.lcpMs} ms, TBT ${result.tbtMs} ms, CLS ${result.cls}, FCP ${result.fcpMs} ms`,
        );
        report.add(`  ${label} LCP`, result.lcpMs, 'ms');
        report.add(`  ${label} TBT`, result.tbtMs, 'ms');
        report.add(`  ${label} CLS`, result.cls, '');
        report.details[`lighthouse ${label}`] = result;
      }
    } finally {
      await server.stop();
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
report.finish();
