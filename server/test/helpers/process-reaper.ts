/**
 * The reaper of owned-process.ts: a tiny process of its own that outlives the
 * test worker by a moment. It reads lines from its stdin, `+<pgid>` when a
 * test starts a process group and `-<pgid>` when the test has stopped it, and
 * when stdin ends (the worker exited, however it died: a clean end, vitest's
 * SIGTERM after a hook timed out, SIGKILL, a crash) it SIGKILLs every group
 * still registered and exits. Run by plain `node` (type stripping): it must
 * start fast and import nothing of the project.
 */
import { createInterface } from 'node:readline';

const groups = new Set<number>();

function killGroup(pgid: number): void {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const pgid = Number(line.slice(1));
  if (!Number.isSafeInteger(pgid) || pgid <= 1) return;
  if (line.startsWith('+')) groups.add(pgid);
  if (line.startsWith('-')) groups.delete(pgid);
});
lines.on('close', () => {
  for (const pgid of groups) killGroup(pgid);
  process.exit(0);
});
// Detached from the terminal's process group, but a signal sent to it directly reaps first.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => lines.close());
}
