/**
 * CPU time of this machine's Postgres processes, read from /proc: what the
 * database spent beside the node, for a benchmark whose DATABASE_URL points
 * at a Postgres on this machine (undefined elsewhere, or without /proc). It
 * counts every database of that server, so it means something only on a
 * quiet machine; clock ticks make it coarse (10 ms), so read it over
 * thousands of requests. Backends that exit during a run still count: the
 * postmaster's children's times hold them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

/** Linux reports process times in clock ticks of 1/100 s. */
const MS_PER_TICK = 10;

function processCpuMs(pid: string): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at ") ".
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    if (fields.length < 15) return undefined;
    // utime, stime, and cutime, cstime: the postmaster holds the times of its backends that exited.
    const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
    return ((utime ?? 0) + (stime ?? 0) + (cutime ?? 0) + (cstime ?? 0)) * MS_PER_TICK;
  } catch {
    return undefined;
  }
}

function isPostgres(pid: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
  } catch {
    return false;
  }
}

/** The Postgres processes' CPU so far (ms), for a local DATABASE_URL on Linux. */
export function postgresCpuMs(databaseUrl: string | undefined): number | undefined {
  if (!databaseUrl || os.platform() !== 'linux') return undefined;
  const host = new URL(databaseUrl).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]', ''].includes(host)) return undefined;
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid) || !isPostgres(pid)) continue;
    total += processCpuMs(pid) ?? 0;
  }
  return total;
}
