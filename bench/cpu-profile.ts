/**
 * Summarises a V8 CPU profile (from BENCH_CPU_PROF, see bench/lib/nodes.ts):
 * self time by where the code lives (our source, each npm package, Node's
 * internals, garbage collection) and the functions that take the most.
 *
 *   npx tsx bench/cpu-profile.ts path/to/CPU.cpuprofile [--top 25] [--window 17-31]
 *
 * `--window FROM-TO` keeps only the samples taken FROM to TO seconds after the
 * profile started: the measured run of a bench, without the node's start, the
 * seeding and the shutdown. Without it the summary also prints the busy CPU
 * of each second, to find that window.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  args: process.argv.slice(2),
  options: { top: { type: 'string', default: '25' }, window: { type: 'string' } },
  allowPositionals: true,
});
const file = positionals[0];
if (!file) {
  throw new Error(
    'usage: npx tsx bench/cpu-profile.ts <file.cpuprofile> [--top N] [--window FROM-TO]',
  );
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));

/** Where a frame's code lives: an npm package, our own folder, or the runtime. */
function home(url: string, name: string): string {
  if (name === '(garbage collector)') return '(gc)';
  if (name === '(idle)' || name === '(program)') return name;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg?.[1]) return pkg[1];
  const ours =
    /\/(server|shared|bench)\/src\/([^/]+)/.exec(url) ?? /\/(server|shared|bench)\//.exec(url);
  if (ours) return ours[2] ? `${ours[1]}/${ours[2]}` : (ours[1] ?? url);
  if (url.startsWith('node:') || url === '') return '(node internals)';
  return url;
}

/** When each sample was taken, in µs from the profile's start. */
const sampledAt: number[] = [];
profile.timeDeltas.reduce((at, delta) => {
  sampledAt.push(at + delta);
  return at + delta;
}, 0);
const [from, to] = values.window
  ? values.window.split('-').map((seconds) => Number(seconds) * 1e6)
  : [0, Infinity];
if (from === undefined || to === undefined || !(from < to)) {
  throw new Error('--window takes FROM-TO in seconds, e.g. 17-31');
}

const selfMicros = new Map<number, number>();
profile.samples.forEach((id, index) => {
  const at = sampledAt[index] ?? 0;
  if (at < from || at >= to) return;
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
});

const byHome = new Map<string, number>();
const byFunction = new Map<string, number>();
let busy = 0;
for (const [id, micros] of selfMicros) {
  const node = byId.get(id);
  if (!node) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const where = home(url, functionName);
  if (where === '(idle)') continue;
  busy += micros;
  byHome.set(where, (byHome.get(where) ?? 0) + micros);
  const label = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
  byFunction.set(label, (byFunction.get(label) ?? 0) + micros);
}

const top = Number(values.top);
const share = (micros: number) => `${((micros / busy) * 100).toFixed(1)} %`;
console.log(
  `busy: ${(busy / 1000).toFixed(0)} ms of CPU (idle left out)\n\nby where the code lives:`,
);
for (const [where, micros] of [...byHome].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`  ${share(micros).padStart(7)}  ${where}`);
}
console.log('\nfunctions (self time):');
for (const [label, micros] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`  ${share(micros).padStart(7)}  ${label}`);
}

if (!values.window) {
  const busyBySecond = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    if (byId.get(id)?.callFrame.functionName === '(idle)') return;
    const second = Math.floor((sampledAt[index] ?? 0) / 1e6);
    busyBySecond.set(second, (busyBySecond.get(second) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  console.log('\nbusy ms in each second after the start (pick a --window):');
  console.log(
    [...busyBySecond]
      .sort((a, b) => a[0] - b[0])
      .map(([second, micros]) => `${second}s ${Math.round(micros / 1000)}`)
      .join(' · '),
  );
}
