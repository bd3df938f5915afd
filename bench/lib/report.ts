// Figures, budgets and verdicts: printed as a table and written to bench/results/<bench>.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, freemem, loadavg, totalmem, type as osType, release } from 'node:os';
import path from 'node:path';
import { resultsDir } from './paths.ts';

export interface Budget {
  /** 'max': the figure must not exceed the limit; 'min': it must reach it. */
  kind: 'max' | 'min';
  limit: number;
}

export interface Figure {
  name: string;
  value: number | null;
  unit: string;
  budget?: Budget;
  /** PASS, MISS, or '' when the figure has no budget (or could not be measured). */
  verdict: 'PASS' | 'MISS' | '';
  note?: string;
}

export interface Machine {
  cpu: string;
  cores: number;
  memoryGb: number;
  freeMemoryGb: number;
  os: string;
  node: string;
  loadAverage: [number, number, number];
}

export function describeMachine(): Machine {
  const [one = 0, five = 0, fifteen = 0] = loadavg();
  return {
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    cores: cpus().length,
    memoryGb: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    freeMemoryGb: Math.round((freemem() / 2 ** 30) * 10) / 10,
    os: `${osType()} ${release()}`,
    node: process.version,
    loadAverage: [round(one, 2), round(five, 2), round(fifteen, 2)],
  };
}

export function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export function verdictOf(value: number | null, budget: Budget | undefined): Figure['verdict'] {
  if (budget === undefined || value === null || Number.isNaN(value)) return '';
  return (budget.kind === 'max' ? value <= budget.limit : value >= budget.limit) ? 'PASS' : 'MISS';
}

function budgetText(figure: Figure): string {
  if (figure.budget === undefined) return '—';
  return `${figure.budget.kind === 'max' ? '≤' : '≥'} ${figure.budget.limit} ${figure.unit}`;
}

function valueText(figure: Figure): string {
  return figure.value === null ? 'n/a' : `${figure.value} ${figure.unit}`;
}

/** Collects the figures of one benchmark script. */
export class Report {
  readonly figures: Figure[] = [];
  readonly details: Record<string, unknown> = {};
  private readonly started = new Date();
  private readonly machineAtStart = describeMachine();

  constructor(readonly bench: string) {
    const m = this.machineAtStart;
    console.info(
      `bench/${bench}.ts — ${m.cores} × ${m.cpu}, ${m.memoryGb} GB, Node ${m.node}, ` +
        `load average ${m.loadAverage.join(' / ')} (1/5/15 min)`,
    );
  }

  /** Records a figure and prints it at once with its budget and verdict. */
  add(name: string, value: number | null, unit: string, budget?: Budget, note?: string): Figure {
    const figure: Figure = {
      name,
      value,
      unit,
      verdict: verdictOf(value, budget),
      ...(budget === undefined ? {} : { budget }),
      ...(note === undefined ? {} : { note }),
    };
    this.figures.push(figure);
    const verdict = figure.verdict === '' ? '' : `  ${figure.verdict}`;
    console.info(
      `  ${name}: ${valueText(figure)}  (budget ${budgetText(figure)})${verdict}${note ? `  — ${note}` : ''}`,
    );
    return figure;
  }

  /** Prints every figure as a table and writes bench/results/<bench>.json. */
  finish(): string {
    const rows = this.figures.map((f) => [f.name, valueText(f), budgetText(f), f.verdict || '—']);
    const header = ['figure', 'measured', 'budget', 'verdict'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
    const line = (cells: string[]): string => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
    console.info(`\n${line(header)}\n${widths.map((w) => '─'.repeat(w)).join('  ')}`);
    for (const row of rows) console.info(line(row));

    mkdirSync(resultsDir, { recursive: true });
    const file = path.join(resultsDir, `${this.bench}.json`);
    const result = {
      bench: this.bench,
      startedAt: this.started.toISOString(),
      finishedAt: new Date().toISOString(),
      machine: { ...this.machineAtStart, loadAverageAtEnd: describeMachine().loadAverage },
      figures: this.figures,
      details: this.details,
    };
    writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    const misses = this.figures.filter((f) => f.verdict === 'MISS').length;
    console.info(`\nWrote ${path.relative(process.cwd(), file)}${misses > 0 ? ` (${misses} MISS)` : ''}`);
    return file;
  }
}
