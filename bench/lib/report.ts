/** Printing and recording benchmark results (docs/performance.md), with the machine they ran on. */
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';

const PERFORMANCE_DOC = path.resolve(import.meta.dirname, '..', '..', 'docs', 'performance.md');

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

/** Appends a section to docs/performance.md, kept in the repository's Prettier style. */
export async function record(title: string, body: string): Promise<void> {
  const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
  appendFileSync(PERFORMANCE_DOC, `\n### ${title} — ${stamp} UTC\n\n${body}\n`);
  const options = (await resolveConfig(PERFORMANCE_DOC)) ?? {};
  const text = readFileSync(PERFORMANCE_DOC, 'utf8');
  writeFileSync(PERFORMANCE_DOC, await format(text, { ...options, parser: 'markdown' }));
  console.log(`appended to ${path.relative(process.cwd(), PERFORMANCE_DOC)}`);
}

/** Prints a run's results and, unless --no-record, appends them to docs/performance.md. */
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
