// One load run with autocannon against 127.0.0.1, with every response's latency kept for exact percentiles.
import autocannon from 'autocannon';
import type { Request } from 'autocannon';
import { readFileSync } from 'node:fs';
import { round } from './report.ts';
import { summarize } from './stats.ts';
import type { Summary } from './stats.ts';

export interface LoadOptions {
  label: string;
  url: string;
  connections: number;
  /** Seconds (default 10) unless `amount` is given. */
  duration?: number;
  amount?: number;
  headers?: Record<string, string>;
  requests?: Request[];
  /** The server's process id: its CPU time per response is reported (Linux). */
  serverPid?: number | undefined;
  /** Called with every response's latency (ms) and status: for percentiles pooled over several runs. */
  onResponse?: (latencyMs: number, status: number) => void;
}

export interface LoadResult {
  label: string;
  connections: number;
  seconds: number;
  requests: number;
  /** Completed responses per second. */
  rate: number;
  latencyMs: Summary;
  statusCounts: Record<string, number>;
  errors: number;
  timeouts: number;
  /** Server CPU time (user + system) per response, ms: the cost of a request whatever the machine's load. */
  serverCpuMsPerRequest: number | null;
}

/** CPU time (user + system) of a process so far, ms; null where /proc is not available. */
export function processCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat (11 and 12 after the command), in clock ticks (100/s).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

export async function load(options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  const statusCounts: Record<string, number> = {};
  const started = performance.now();
  const cpuBefore = processCpuMs(options.serverPid);
  const instance = autocannon({
    url: options.url,
    connections: options.connections,
    timeout: 30,
    ...(options.amount === undefined ? { duration: options.duration ?? 10 } : { amount: options.amount }),
    ...(options.headers === undefined ? {} : { headers: options.headers }),
    ...(options.requests === undefined ? {} : { requests: options.requests }),
  });
  instance.on('response', (_client: unknown, status: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
    statusCounts[status] = (statusCounts[status] ?? 0) + 1;
    options.onResponse?.(responseTime, status);
  });
  const timer = setInterval(() => {
    const seconds = (performance.now() - started) / 1000;
    console.info(`    … ${options.label}: ${latencies.length} responses in ${seconds.toFixed(0)} s`);
  }, 5_000);
  try {
    const result = await instance;
    const seconds = (performance.now() - started) / 1000;
    const latencyMs = summarize(latencies);
    const cpuAfter = processCpuMs(options.serverPid);
    const serverCpuMsPerRequest =
      cpuBefore === null || cpuAfter === null || latencies.length === 0
        ? null
        : round((cpuAfter - cpuBefore) / latencies.length, 2);
    return {
      label: options.label,
      connections: options.connections,
      seconds: round(seconds, 2),
      requests: latencies.length,
      rate: round(latencies.length / seconds, 1),
      latencyMs: {
        count: latencyMs.count,
        p50: round(latencyMs.p50, 2),
        p95: round(latencyMs.p95, 2),
        p99: round(latencyMs.p99, 2),
        mean: round(latencyMs.mean, 2),
        max: round(latencyMs.max, 2),
      },
      statusCounts,
      errors: result.errors,
      timeouts: result.timeouts,
      serverCpuMsPerRequest,
    };
  } finally {
    clearInterval(timer);
  }
}

export function describeLoad(result: LoadResult): string {
  const statuses = Object.entries(result.statusCounts)
    .map(([status, n]) => `${n}×${status}`)
    .join(' ');
  return (
    `${result.requests} responses in ${result.seconds} s at ${result.connections} connections: ` +
    `${result.rate} req/s, p50 ${result.latencyMs.p50} ms, p95 ${result.latencyMs.p95} ms, ` +
    `p99 ${result.latencyMs.p99} ms` +
    (result.serverCpuMsPerRequest === null ? '' : `, server CPU ${result.serverCpuMsPerRequest} ms/request`) +
    ` (${statuses}${result.errors > 0 ? `, ${result.errors} errors` : ''})`
  );
}
