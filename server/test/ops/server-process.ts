import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import webpush from 'web-push';
import {
  cloneTemplateDatabase,
  freePort,
  REPO_ROOT,
  spawnServerProcess,
  waitUntilServing as waitUntilAnswering,
  type ServerProcess,
} from '../helpers/fault-cluster.ts';

export { freePort, REPO_ROOT, type ServerProcess };

/**
 * Real server processes for operations tests: `node --import tsx <entry>`
 * from the repository root on a loopback port, with every line it prints
 * kept (fault-cluster.ts starts them; owned-process.ts makes sure they end).
 */

const START_TIMEOUT_MS = 60_000;
/** Tests that spawn processes: a cap on waiting for a slow, busy machine, not a measure of speed. */
export const PROCESS_TEST_TIMEOUT_MS = 120_000;

/** Fresh secrets of the shapes production asks for. */
export function productionSecrets(): Record<string, string> {
  return {
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    ...vapidKeys(),
  };
}

/** A fresh Web Push key pair, as production's VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY. */
export function vapidKeys(): Record<string, string> {
  const { publicKey, privateKey } = webpush.generateVAPIDKeys();
  return { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey };
}

/**
 * Start `entry` with exactly `env` (plus PATH): nothing leaks in from the
 * test runner's environment. Listens on HOST=127.0.0.1 and a free PORT
 * unless `env` says otherwise.
 */
export function spawnServer(
  env: Record<string, string | undefined>,
  entry = 'server/src/main.ts',
): Promise<ServerProcess> {
  return spawnServerProcess(entry, env);
}

/** Wait until the process answers 200 on `url` (or fail with what it printed). */
export function waitUntilServing(server: ServerProcess, url = '/readyz'): Promise<void> {
  return waitUntilAnswering(server, url, START_TIMEOUT_MS);
}

/** SIGTERM, then SIGKILL if it is still there after `ms` (cleanup only; tests assert on `exited`). */
export async function stopServer(server: ServerProcess, ms = 30_000): Promise<void> {
  await server.stop('SIGTERM', ms);
}

export interface ProcessDatabase {
  /** Env for the process: DATABASE_URL on Postgres, nothing on PGlite (it opens DATA_DIR). */
  env: Record<string, string>;
  drop(): Promise<void>;
}

/**
 * A migrated database for one spawned process: on Postgres a clone of the
 * run's template; on PGlite the run's snapshot unpacked into
 * `${dataDir}/pglite`, where the server opens it (saves a cold start).
 */
export async function processDatabase(dataDir: string): Promise<ProcessDatabase> {
  const templateUrl = inject('templateDatabaseUrl');
  if (!templateUrl) {
    const snapshotPath = inject('pgliteSnapshotPath');
    if (!snapshotPath) throw new Error('global setup provided no database');
    const pgliteDir = path.join(dataDir, 'pglite');
    mkdirSync(pgliteDir, { recursive: true });
    const pglite = await PGlite.create({
      dataDir: pgliteDir,
      loadDataDir: new Blob([readFileSync(snapshotPath)]),
    });
    await pglite.close();
    return { env: {}, drop: async () => undefined };
  }
  const clone = await cloneTemplateDatabase(templateUrl, 'ops');
  return { env: { DATABASE_URL: clone.url }, drop: clone.drop };
}
