/**
 * Printing and recording benchmark results, with the machine they ran on.
 * Each run is appended to bench/results/runs.md (not committed): the figures
 * worth keeping go into docs/performance.md's table by hand, one row each.
 */
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';

const RESULTS_DIR = path.resolve(import.meta.dirname, '..', 'results');
const RUNS_FILE = path.join(RESULTS_DIR, 'runs.md');

export interface Percentiles {
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export const round2 = (value: number) => Math.round(value * 100) / 100;

export function summary(values: readonly number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    p50: round2(percentile(sorted, 50)),
    p95: round2(percentile(sorted, 95)),
    p99: round2(percentile(sorted, 99)),
    max: round2(sorted.at(-1) ?? Number.NaN),
  };
}

export const formatPercentiles = (stats: Percentiles) =>
  `${stats.p50} / ${stats.p95} / ${stats.p99} / ${stats.max}`;

/** One line on the machine: numbers from a loaded machine are not comparable with quiet ones. */
export function machine(mode: string, loadAverageBefore: readonly number[]): string {
  const cpus = os.cpus();
  const ram = Math.round(os.totalmem() / 1024 ** 3);
  return [
    cpus[0]?.model.trim() ?? 'unknown CPU',
    `${cpus.length} cores`,
    `${ram} GiB RAM`,
    `Node ${process.version}`,
    `${os.platform()} ${os.release()}`,
    mode,
    `load average before the run ${loadAverageBefore[0]?.toFixed(2) ?? '?'}`,
  ].join(' · ');
}

export type Row = readonly [measure: string, value: string | number];

export function table(
  rows: readonly Row[],
  header: readonly [string, string] = ['measure', 'value'],
) {
  return [
    `| ${header[0]} | ${header[1]} |`,
    '| --- | --- |',
    ...rows.map(([name, value]) => `| ${name} | ${value} |`),
  ].join('\n');
}

/** Appends a section to bench/results/runs.md, kept in the repository's Prettier style. */
export async function record(title: string, body: string): Promise<void> {
  const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
  mkdirSync(RESULTS_DIR, { recursive: true });
  appendFileSync(RUNS_FILE, `\n### ${title} — ${stamp} UTC\n\n${body}\n`);
  const options = (await resolveConfig(RUNS_FILE)) ?? {};
  const text = readFileSync(RUNS_FILE, 'utf8');
  writeFileSync(RUNS_FILE, await format(text, { ...options, parser: 'markdown' }));
  console.log(`appended to ${path.relative(process.cwd(), RUNS_FILE)}`);
}

/** Prints a run's results and, unless --no-record, appends them to bench/results/runs.md. */
export async function publish(title: string, body: string, recordIt: boolean): Promise<void> {
  console.log(`\n${body}\n`);
  if (recordIt) await record(title, body);
}

/**
 * Runs a benchmark when its file is the script node was started with (not
 * when imported): exit 0 for a clean run, 1 for failed requests, lost pushes
 * or an error.
 */
export function runWhenInvoked(filename: string, run: () => Promise<boolean>): void {
  if (!process.argv[1] || path.resolve(process.argv[1]) !== filename) return;
  run().then(
    (clean) => process.exit(clean ? 0 : 1),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
