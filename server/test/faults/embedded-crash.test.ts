import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/infra/db.ts';
import { migrateToLatest } from '../../src/infra/migrate.ts';
import {
  expectAllKept,
  expectHostQueue,
  gatherParty,
  joinGuest,
  requestBurst,
  seedNight,
  type Night,
} from '../helpers/crash-night.ts';
import {
  FAULTS_ENABLED,
  sleep,
  startServerNode,
  stopServerNode,
  type ServerNode,
} from '../helpers/fault-cluster.ts';

/**
 * The embedded default (`npm start`: PGlite under DATA_DIR, no Postgres, no
 * Redis) as a laptop runs it, SIGKILLed (a crash, a dead battery) and started
 * again on the same data directory: every join, request, cancel and host's
 * mark that was answered 2xx is there, with the counters and the queue exact.
 * PGlite has no WAL writer: a commit that did not flush its WAL before the
 * answer is lost for good, however long the quiet after it.
 */
const GUESTS = 20;
const BURST = 400;
const CONCURRENCY = 8;
/** The quiet between the last answer and the crash: long past any flush a background writer would do. */
const QUIET_MS = 3000;

const nodes: ServerNode[] = [];
const dirs: string[] = [];

/** A data directory holding a migrated database with a night seeded in it. */
async function seededDataDir(): Promise<{ dataDir: string; night: Night }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'floorfill-embedded-crash-'));
  dirs.push(dataDir);
  const database = await openDatabase({ databaseUrl: undefined, dataDir });
  try {
    await migrateToLatest(database.db);
    return { dataDir, night: await seedNight(database.db) };
  } finally {
    await database.close();
  }
}

/** The server as `npm start` runs it, on the data directory (a new port each start). */
async function startLaptop(dataDir: string, name: string): Promise<ServerNode> {
  const node = await startServerNode(name, {
    DATA_DIR: dataDir,
    JWT_SECRET: 'embedded-crash-test-secret-0123456789abcdef',
    ENCRYPTION_KEY: '0'.repeat(64),
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    SONG_REQUEST_RATE_LIMIT_PER_MINUTE: '100000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  });
  nodes.push(node);
  return node;
}

/** Stops the server gently and reads what its data directory holds. */
async function expectDataDirKeeps(
  node: ServerNode,
  dataDir: string,
  check: (db: Db) => Promise<void>,
) {
  await stopServerNode(node);
  const database = await openDatabase({ databaseUrl: undefined, dataDir });
  try {
    await check(database.db);
  } finally {
    await database.close();
  }
}

describe.skipIf(!FAULTS_ENABLED)('the embedded default killed with SIGKILL', () => {
  afterEach(async () => {
    await Promise.all(nodes.splice(0).map((node) => stopServerNode(node, 'SIGKILL')));
  }, 30_000);

  afterAll(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('mid-burst keeps every acknowledged join, request, cancel and mark', async () => {
    const { dataDir, night } = await seededDataDir();
    const first = await startLaptop(dataDir, 'laptop');
    const acknowledged = await gatherParty(first.baseUrl, night, GUESTS);
    const crashed = await requestBurst(first.baseUrl, night, acknowledged, {
      requests: BURST,
      concurrency: CONCURRENCY,
      crashAt: { index: BURST / 2, crash: async () => void (await first.stop('SIGKILL')) },
    });
    await crashed;
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(acknowledged.statuses[0] ?? 0).toBeGreaterThan(0);
    expect(acknowledged.requests.size).toBeGreaterThan(BURST / 4);
    expect(acknowledged.cancelled.size).toBe(1);
    expect(acknowledged.played.size).toBeGreaterThan(0);
    expect(acknowledged.playing).not.toBeNull();

    const again = await startLaptop(dataDir, 'laptop-again');
    await expectHostQueue(again.baseUrl, night, acknowledged);
    await expectDataDirKeeps(again, dataDir, (db) => expectAllKept(db, night, acknowledged));
  }, 180_000);

  it('after a quiet spell keeps everything the burst was answered', async () => {
    const { dataDir, night } = await seededDataDir();
    const first = await startLaptop(dataDir, 'laptop');
    const acknowledged = await gatherParty(first.baseUrl, night, GUESTS);
    await requestBurst(first.baseUrl, night, acknowledged, {
      requests: BURST,
      concurrency: CONCURRENCY,
    });
    expect(acknowledged.requests.size).toBe(BURST - 1);
    // A last guest joins after the burst, then the room is quiet until the crash.
    expect(await joinGuest(first.baseUrl, night, acknowledged)).toBe(200);
    await sleep(QUIET_MS);
    await first.stop('SIGKILL');
    expect(first.child.signalCode).toBe('SIGKILL');

    const again = await startLaptop(dataDir, 'laptop-again');
    await expectHostQueue(again.baseUrl, night, acknowledged);
    await expectDataDirKeeps(again, dataDir, async (db) => {
      await expectAllKept(db, night, acknowledged);
      const rows = await db
        .selectFrom('song_requests')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('event_id', '=', night.eventId)
        .executeTakeFirstOrThrow();
      // Every call had its answer: the database holds exactly what was acknowledged.
      expect(Number(rows.n)).toBe(acknowledged.requests.size);
    });
  }, 180_000);
});
