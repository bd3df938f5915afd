// Switches shared by the benchmarks (environment variables, so `npm run bench` passes them through).

/** `BENCH_DATABASES=sqlite` (or `postgres`) limits the database benchmarks to one database. */
export function wantDatabase(name: 'sqlite' | 'postgres'): boolean {
  const wanted = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').toLowerCase().split(',');
  return wanted.includes(name);
}

/** `BENCH_SECONDS=N` sets the length of each timed load run (default given per benchmark). */
export function loadSeconds(fallback: number): number {
  const value = Number(process.env.BENCH_SECONDS);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}
