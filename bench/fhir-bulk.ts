// Issue 20: the SMART Scheduling Links publisher (`GET /fhir/{clientName}/$bulk-publish` and its NDJSON
// files) on the built server, SQLite, one brand of 500 providers over 8 locations in 4 time zones with
// a booked 60-day window (the large-data generator, as bench/slot-search.ts):
//   - the manifest: median and p95 of 50 requests one at a time ≤ 100 ms;
//   - every Slot file of the manifest (one per location), downloaded at once as a client would and
//     read to the last byte (bytes and lines counted, never kept): ≤ 2 s, three ways: the first
//     download after the server started, with nothing kept (every provider's busy version raised
//     before each, as if each had just had a booking: every busy period read again and the engine
//     run for everyone; median of 3), and again with nothing changed (median of 3);
//   - the server's memory: its peak resident set during those downloads (VmHWM, reset first) minus
//     its resident set before them ≤ 100 MB.
// The machine's load average is printed at the start and written to bench/results/fhir-bulk.json.
//
//   node --import tsx bench/fhir-bulk.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { brandSizes, describeSizes, generateBookedBrand, setWindowDays } from './lib/data.ts';
import type { Brand } from './lib/data.ts';
import { ensureServerBuild } from './lib/process.ts';
import { Report, describeMachine, round } from './lib/report.ts';
import { startServer } from './lib/server.ts';
import type { RunningServer } from './lib/server.ts';
import { median, summarize } from './lib/stats.ts';
import { sqliteTarget } from './lib/targets.ts';
import type { Target } from './lib/targets.ts';

const PROVIDERS = 500;
const WINDOW_DAYS = 60;
/** Two weeks of history, and a booked future a little longer than the window. */
const SPAN = { pastDays: 14, futureDays: WINDOW_DAYS + 3 };
const MANIFEST_RUNS = 50;
const MANIFEST_BUDGET_MS = 100;
const SLOT_FILES_BUDGET_MS = 2_000;
const RSS_GROWTH_BUDGET_MB = 100;

interface Manifest {
  transactionTime: string;
  request: string;
  output: { type: string; url: string; extension?: { state?: string[] } }[];
}

/** The server's /proc/<pid>/status field (kB) in MB; null where it cannot be read. */
function procMb(pid: number | undefined, field: 'VmRSS' | 'VmHWM'): number | null {
  if (pid === undefined) return null;
  try {
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match === null ? null : round(Number(match[1]) / 1024, 1);
  } catch {
    return null;
  }
}

/** Resets the process's peak resident set (Linux: `5` to clear_refs); false where it cannot. */
function resetPeak(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

const pathOf = (url: string): string => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

async function getManifest(server: RunningServer, brand: Brand): Promise<{ ms: number; manifest: Manifest }> {
  const started = performance.now();
  const response = await fetch(`${server.origin}/fhir/${brand.slug}/$bulk-publish`);
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`manifest answered ${response.status}: ${text}`);
  return { ms, manifest: JSON.parse(text) as Manifest };
}

interface Download {
  url: string;
  bytes: number;
  lines: number;
}

/** One file read to its last byte: bytes and lines counted, the first line checked, nothing kept. */
async function download(server: RunningServer, url: string): Promise<Download> {
  const response = await fetch(`${server.origin}${pathOf(url)}`, {
    headers: { accept: 'application/fhir+ndjson' },
  });
  if (response.status !== 200 || response.body === null)
    throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  if (response.headers.get('content-type') !== 'application/fhir+ndjson')
    throw new Error(`${url}: content type ${String(response.headers.get('content-type'))}`);
  let bytes = 0;
  let lines = 0;
  let head = '';
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
    if (head.length < 4_096 && !head.includes('\n'))
      head += Buffer.from(chunk.subarray(0, 4_096)).toString('utf8');
  }
  if (lines > 0) {
    const first = JSON.parse(head.slice(0, head.indexOf('\n'))) as {
      resourceType?: string;
      extension?: { url: string }[];
    };
    const urls = (first.extension ?? []).map((e) => e.url);
    if (
      first.resourceType !== 'Slot' ||
      !urls.some((u) => u.endsWith('/booking-deep-link')) ||
      !urls.some((u) => u.endsWith('/booking-phone'))
    )
      throw new Error(`${url}: the first line is not a Slot with its booking extensions`);
  }
  return { url, bytes, lines };
}

/** Every Slot file at once; wall time from the first request to the last byte. */
async function allSlotFiles(
  server: RunningServer,
  manifest: Manifest,
): Promise<{ ms: number; files: Download[] }> {
  const urls = manifest.output.filter((o) => o.type === 'Slot').map((o) => o.url);
  const started = performance.now();
  const files = await Promise.all(urls.map((url) => download(server, url)));
  return { ms: performance.now() - started, files };
}

async function raiseBusyVersions(target: Target, brand: Brand): Promise<void> {
  await target.query(
    `insert into provider_busy_versions (provider_id, version) select id, 1 from providers where client_id = ?
       on conflict (provider_id) do update set version = provider_busy_versions.version + 1`,
    [brand.clientId],
  );
}

function describeFiles(files: readonly Download[]): string {
  const bytes = files.reduce((sum, f) => sum + f.bytes, 0);
  const lines = files.reduce((sum, f) => sum + f.lines, 0);
  return `${files.length} Slot files, ${lines.toLocaleString('en-US')} Slots, ${round(bytes / 2 ** 20, 1)} MB`;
}

async function main(): Promise<void> {
  const report = new Report('fhir-bulk');
  ensureServerBuild();
  const target = sqliteTarget('fhir-bulk');
  try {
    console.info(`\n── SQLite: generating the brand (large-data generator)`);
    const brand = await generateBookedBrand(target, `bulk${PROVIDERS}`, PROVIDERS, SPAN);
    await setWindowDays(target, brand, WINDOW_DAYS);
    const sizes = await brandSizes(target, brand, WINDOW_DAYS);
    console.info(`  ${describeSizes(brand.slug, sizes)}`);
    report.details.data = sizes;

    const server = await startServer(target.env);
    const pid = server.child.pid;
    try {
      // The manifest, one request at a time, after a few to warm up (JIT, page cache).
      for (let run = 0; run < 5; run++) await getManifest(server, brand);
      const times: number[] = [];
      let manifest: Manifest | undefined;
      for (let run = 0; run < MANIFEST_RUNS; run++) {
        const result = await getManifest(server, brand);
        times.push(result.ms);
        manifest = result.manifest;
      }
      if (manifest === undefined) throw new Error('no manifest');
      const summary = summarize(times);
      console.info(
        `  manifest: ${manifest.output.length} outputs (${manifest.output.filter((o) => o.type === 'Slot').length} Slot files), transactionTime ${manifest.transactionTime}`,
      );
      report.add('manifest, median of 50', round(summary.p50, 2), 'ms', {
        kind: 'max',
        limit: MANIFEST_BUDGET_MS,
      });
      report.add('manifest, p95 of 50', round(summary.p95, 2), 'ms', {
        kind: 'max',
        limit: MANIFEST_BUDGET_MS,
      });
      const etag = await fetch(`${server.origin}/fhir/${brand.slug}/$bulk-publish`).then((r) =>
        r.headers.get('etag'),
      );
      const conditional: number[] = [];
      for (let run = 0; run < 20; run++) {
        const started = performance.now();
        const response = await fetch(`${server.origin}/fhir/${brand.slug}/$bulk-publish`, {
          headers: { 'if-none-match': etag ?? '' },
        });
        await response.arrayBuffer();
        conditional.push(performance.now() - started);
        if (response.status !== 304) throw new Error(`If-None-Match answered ${response.status}`);
      }
      report.add('manifest 304 on If-None-Match, median of 20', round(median(conditional), 2), 'ms');

      // The Slot files: memory from here on.
      const rssBefore = procMb(pid, 'VmRSS');
      const peakReset = resetPeak(pid);
      let sampledPeak = rssBefore ?? 0;
      const sampler = setInterval(() => {
        sampledPeak = Math.max(sampledPeak, procMb(pid, 'VmRSS') ?? 0);
      }, 25);
      try {
        const first = await allSlotFiles(server, manifest);
        console.info(
          `  first download after start: ${describeFiles(first.files)} in ${round(first.ms, 0)} ms`,
        );
        report.add('all Slot files, first download after start', round(first.ms, 0), 'ms', {
          kind: 'max',
          limit: SLOT_FILES_BUDGET_MS,
        });
        report.details.slotFiles = first.files;

        const cold: number[] = [];
        for (let run = 0; run < 3; run++) {
          await raiseBusyVersions(target, brand);
          const { manifest: fresh } = await getManifest(server, brand);
          const result = await allSlotFiles(server, fresh);
          console.info(
            `  nothing kept, run ${run + 1}: ${describeFiles(result.files)} in ${round(result.ms, 0)} ms`,
          );
          cold.push(result.ms);
        }
        report.add('all Slot files, nothing kept (median of 3)', round(median(cold), 0), 'ms', {
          kind: 'max',
          limit: SLOT_FILES_BUDGET_MS,
        });

        const warm: number[] = [];
        for (let run = 0; run < 3; run++) {
          const result = await allSlotFiles(server, manifest);
          warm.push(result.ms);
        }
        report.add('all Slot files, nothing changed (median of 3)', round(median(warm), 0), 'ms', {
          kind: 'max',
          limit: SLOT_FILES_BUDGET_MS,
        });
      } finally {
        clearInterval(sampler);
      }
      const peak = Math.max(peakReset ? (procMb(pid, 'VmHWM') ?? 0) : 0, sampledPeak);
      const growth = rssBefore === null ? null : round(peak - rssBefore, 1);
      report.add(
        'server RSS growth while streaming (peak − before)',
        growth,
        'MB',
        { kind: 'max', limit: RSS_GROWTH_BUDGET_MB },
        `${rssBefore ?? '?'} MB before, ${peak} MB at peak (${peakReset ? 'VmHWM reset before' : 'sampled every 25 ms'}), ${procMb(pid, 'VmRSS') ?? '?'} MB after`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await target.destroy();
  }
  report.details.loadAverageAtEnd = describeMachine().loadAverage;
  report.finish();
}

await main();
