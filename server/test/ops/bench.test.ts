import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';

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

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const TIMEOUT_MS = 120_000;

function runBench(
  script: string,
  args: string[],
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', `bench/${script}`, ...args, '--no-record'],
      {
        cwd: REPO_ROOT,
        // The bench takes DATABASE_URL / REDIS_URL from its environment, as `npm run bench` does.
        env: process.env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
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
      expect(output).toContain('30 attendees joined');
      expect(output).toContain('the event then counted 30 attendees');
      expect(code, output).toBe(0);
    });

    it('realtime: nothing lost, every attendee socket got every stats push', async () => {
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
        /`event:stats` received by attendee sockets \/ expected \| (\d+) \/ (\d+) \|/.exec(output);
      expect(fanOut?.[1]).toBeDefined();
      expect(fanOut?.[1]).toBe(fanOut?.[2]);
      expect(code, output).toBe(0);
    });
  },
);
