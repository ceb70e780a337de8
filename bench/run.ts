/**
 * Runs the benchmarks one after another, each in a process of its own (so
 * one run's database and sockets never weigh on the next), passing the flags
 * through. `npm run bench -- --attendees 300 --rate 50 --duration 20`;
 * `--only <name>` picks one.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const BENCHMARKS = ['realtime-latency'] as const;

function split(argv: string[]): { only: string | undefined; flags: string[] } {
  const flags: string[] = [];
  let only: string | undefined;
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] ?? '';
    if (arg === '--only') {
      only = argv[index + 1];
      index += 1;
    } else if (arg.startsWith('--only=')) {
      only = arg.slice('--only='.length);
    } else {
      flags.push(arg);
    }
  }
  return { only, flags };
}

const { only, flags } = split(process.argv.slice(2));
const selected = BENCHMARKS.filter((name) => only === undefined || name === only);
if (selected.length === 0) {
  console.error(`unknown benchmark "${only}"; known: ${BENCHMARKS.join(', ')}`);
  process.exit(2);
}

let failed = 0;
for (const name of selected) {
  console.log(`\n== ${name} ${flags.join(' ')}`);
  const script = path.join(import.meta.dirname, `${name}.ts`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', script, ...flags], {
    stdio: 'inherit',
  });
  if (run.status !== 0) failed += 1;
}
process.exit(failed > 0 ? 1 : 0);
