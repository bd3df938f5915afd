/*
 * Tiny argument parsing for the safety CLIs: `--name value` and `--flag`.
 */
import { parseArgs } from 'node:util';

export function numberArg(values: Record<string, unknown>, name: string, fallback: number): number {
  const raw = values[name];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) {
    console.error(`--${name} must be a number (got ${JSON.stringify(raw)})`);
    process.exit(2);
  }
  return value;
}

export function cliValues(options: Record<string, { type: 'string' | 'boolean' }>): Record<string, unknown> {
  const { values } = parseArgs({ options, allowPositionals: false, strict: true });
  return values;
}

/** Figures as `name: value` lines, aligned. */
export function printFigures(title: string, figures: Record<string, string | number>): void {
  const width = Math.max(...Object.keys(figures).map((key) => key.length));
  console.info(`\n${title}`);
  for (const [key, value] of Object.entries(figures)) console.info(`  ${key.padEnd(width)}  ${value}`);
}
