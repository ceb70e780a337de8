import { afterAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '../helpers/fault-cluster.ts';
import { spawnOwned, type OwnedProcess } from '../helpers/owned-process.ts';

/**
 * The benchmarks at toy sizes, so they keep working as the server changes
 * (they build the app from its sources and sign sessions with its code).
 * Nothing here is timed: a run passes when every request it sent was
 * accepted and, for the realtime one, every push reached every socket (the
 * scripts exit non-zero otherwise). The numbers come from `npm run bench`.
 *
 * On Postgres only (CI): on the embedded default each run migrates and seeds
 * a PGlite of its own, which takes a minute and a half for what the Postgres
 * run proves in half a minute.
 */

const TIMEOUT_MS = 120_000;

/** Runs in progress: a bench that outlives its test (timed out, failed) is stopped with its nodes. */
const running = new Set<OwnedProcess>();
afterAll(async () => {
  await Promise.all([...running].map((bench) => bench.stop('SIGTERM')));
});

async function runBench(
  script: string,
  args: string[],
): Promise<{ code: number | null; output: string }> {
  // A process group of its own: the server nodes the bench forks go with it.
  const bench = spawnOwned(
    process.execPath,
    ['--import', 'tsx', `bench/${script}`, ...args, '--no-record'],
    // The bench takes DATABASE_URL / REDIS_URL from its environment, as `npm run bench` does.
    { cwd: REPO_ROOT, env: process.env },
  );
  running.add(bench);
  try {
    const { code } = await bench.exited;
    return { code, output: bench.output() };
  } finally {
    running.delete(bench);
  }
}

describe.skipIf(!inject('templateDatabaseUrl'))(
  'the benchmarks, at toy sizes',
  { timeout: TIMEOUT_MS },
  () => {
    it('rest: every request answered 2xx and every joiner joined', async () => {
      const { code, output } = await runBench('rest.ts', [
        '--duration',
        '1',
        '--connections',
        '4',
        '--event-requests',
        '200',
        '--joiners',
        '30',
        '--join-connections',
        '5',
      ]);
      expect(output).toContain('30 were let in');
      expect(output).toContain('the event then counted 30 attendees');
      expect(code, output).toBe(0);
    });

    it('realtime: nothing lost, every attendee socket ends with the last counts, a returning host gets a delta', async () => {
      const { code, output } = await runBench('realtime-latency.ts', [
        '--attendees',
        '20',
        '--rate',
        '5',
        '--duration',
        '2',
        '--warmup',
        '1',
        '--songs',
        '10',
      ]);
      expect(output).toMatch(/\| lost \(accepted, never pushed to the host\) \| 0 \|/);
      const fanOut =
        /attendee sockets holding the last counts \/ attendee sockets \| (\d+) \/ (\d+) \|/.exec(
          output,
        );
      expect(fanOut?.[1]).toBeDefined();
      expect(fanOut?.[1]).toBe(fanOut?.[2]);
      // The host screen that came back caught up from the push log, not the snapshot.
      expect(output).toMatch(/the subscribe answer with its delta, on the wire \| [\d.]+ KiB/);
      expect(code, output).toBe(0);
    });

    it('sign-in flood: the user always signs in, the flood meets its budget', async () => {
      const { code, output } = await runBench('sign-in-flood.ts', [
        '--emails',
        '100',
        '--flood-concurrency',
        '4',
        '--user-tries',
        '6',
        '--address-budget',
        '10',
      ]);
      expect(output).toMatch(/\| the user’s failed sign-ins \| 0 \|/);
      // Past its budget the flood's address is asked for work (428), not refused.
      expect(output).toMatch(/× 428/);
      expect(code, output).toBe(0);
    });
  },
);
