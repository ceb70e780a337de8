/**
 * `npm run bench`: every benchmark, each run in a process of its own (one
 * run's database, nodes and sockets never weigh on the next), with sizes as
 * flags:
 *
 *   npm run bench -- --attendees 300,3000 --nodes 1,2 --rate 20 --duration 15 \
 *     --connections 50 --event-requests 5000 --joiners 1000
 *
 * The realtime benchmark runs once per (attendees, nodes) pair; two nodes need
 * DATABASE_URL and REDIS_URL and are skipped, saying so, without them. The
 * laptop benchmark times and weighs `npm start` in the embedded default,
 * whatever DATABASE_URL and REDIS_URL say.
 * `--quick` runs them all at small sizes (under three minutes).
 * `--only rest`, `--only realtime`, `--only laptop`, `--only sign-in` or
 * `--only challenge` (the busy-address challenge's solve time) picks one;
 * `--no-record` only prints.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    only: { type: 'string' },
    attendees: { type: 'string', default: '300,3000' },
    nodes: { type: 'string', default: '1,2' },
    rate: { type: 'string', default: '20' },
    duration: { type: 'string', default: '15' },
    connections: { type: 'string', default: '50' },
    'rest-duration': { type: 'string', default: '10' },
    'event-requests': { type: 'string', default: '5000' },
    'details-connections': { type: 'string', default: '10' },
    joiners: { type: 'string', default: '1000' },
    'join-connections': { type: 'string', default: '100' },
    'no-record': { type: 'boolean', default: false },
    quick: { type: 'boolean', default: false },
  },
  allowPositionals: false,
});

/**
 * `--quick`: every benchmark at small sizes, one node, a few seconds each —
 * the figures beside their targets in under three minutes, for a look after
 * a change (the full sizes stay what `docs/performance.md` records). Sizes
 * given as flags still win.
 */
if (values.quick) {
  const given = new Set(process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=')[0]));
  const quick: Record<string, string> = {
    attendees: '300',
    nodes: '1',
    duration: '5',
    'rest-duration': '3',
    'event-requests': '1000',
    joiners: '200',
  };
  for (const [name, value] of Object.entries(quick)) {
    if (!given.has(name)) (values as Record<string, unknown>)[name] = value;
  }
}

const list = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
const record = values['no-record'] ? ['--no-record'] : [];
const canRunTwoNodes = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

interface Run {
  script: string;
  args: string[];
}

const runs: Run[] = [];
if (values.only === undefined || values.only === 'rest') {
  runs.push({
    script: 'rest.ts',
    args: [
      '--duration',
      values['rest-duration'],
      '--connections',
      values.connections,
      '--event-requests',
      values['event-requests'],
      '--details-connections',
      values['details-connections'],
      '--joiners',
      values.joiners,
      '--join-connections',
      values['join-connections'],
      ...record,
    ],
  });
}
if (values.only === undefined || values.only === 'realtime') {
  for (const nodes of list(values.nodes)) {
    if (Number(nodes) > 1 && !canRunTwoNodes) {
      console.log(`\n== realtime on ${nodes} nodes skipped: set DATABASE_URL and REDIS_URL`);
      continue;
    }
    for (const attendees of list(values.attendees)) {
      runs.push({
        script: 'realtime-latency.ts',
        args: [
          '--attendees',
          attendees,
          '--nodes',
          nodes,
          '--rate',
          values.rate,
          '--duration',
          values.duration,
          ...record,
        ],
      });
    }
  }
}
if (values.only === undefined || values.only === 'laptop') {
  runs.push({ script: 'laptop.ts', args: record });
}
if (values.only === undefined || values.only === 'sign-in') {
  runs.push({ script: 'sign-in-flood.ts', args: record });
}
if (values.only === undefined || values.only === 'challenge') {
  // Prints its figures only: a solve time belongs to the browser and machine it ran on.
  runs.push({ script: 'challenge-solve.ts', args: values.quick ? ['--challenges', '4'] : [] });
}
if (runs.length === 0) {
  console.error(
    `unknown benchmark "${values.only}"; known: rest, realtime, laptop, sign-in, challenge`,
  );
  process.exit(2);
}

let failed = 0;
for (const run of runs) {
  console.log(`\n== ${run.script} ${run.args.join(' ')}`);
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, run.script), ...run.args],
    { stdio: 'inherit' },
  );
  if (result.status !== 0) failed += 1;
}
console.log(`\n${runs.length - failed} of ${runs.length} benchmark runs completed cleanly`);
process.exit(failed > 0 ? 1 : 0);
