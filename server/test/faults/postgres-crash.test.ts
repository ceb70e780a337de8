import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/infra/db.ts';
import { migrateToLatest } from '../../src/infra/migrate.ts';
import {
  expectAllKept,
  expectHostQueue,
  gatherParty,
  requestBurst,
  seedNight,
  type Night,
} from '../helpers/crash-night.ts';
import {
  FAULTS_ENABLED,
  freePort,
  startServerNode,
  stopServerNode,
  waitFor,
  type ServerNode,
} from '../helpers/fault-cluster.ts';
import { spawnOwned, type OwnedProcess } from '../helpers/owned-process.ts';

/**
 * The Postgres server itself crashes mid-burst (`pg_ctl stop -m immediate`:
 * no checkpoint, shared memory and its WAL buffers gone, as a killed or
 * crashed server) and starts again on the same data directory: every join,
 * request, cancel and mark the node answered 2xx is there after recovery.
 * The cluster is the test's own (initdb into a temp dir, a free loopback
 * port), with a WAL writer that flushes only every 10 s, so a commit that did
 * not wait for its flush would surely be lost.
 */
const PG_BIN = process.env.POSTGRES_BIN_DIR ?? '/usr/lib/postgresql/15/bin';
const haveBinaries = existsSync(path.join(PG_BIN, 'initdb'));
const GUESTS = 20;
const BURST = 400;
const CONCURRENCY = 8;

const run = promisify(execFile);

/** A command as the `postgres` OS user when the tests run as root (Postgres refuses root). */
function asPostgres(command: string, args: string[]): [string, string[]] {
  const binary = path.join(PG_BIN, command);
  return userInfo().uid === 0
    ? ['runuser', ['-u', 'postgres', '--', binary, ...args]]
    : [binary, args];
}

interface Cluster {
  url: string;
  dataDir: string;
  start(): Promise<void>;
  /** `pg_ctl stop -m immediate`: the server dies without a checkpoint. */
  crash(): Promise<void>;
  remove(): Promise<void>;
}

async function ownCluster(): Promise<Cluster> {
  const root = mkdtempSync(path.join(tmpdir(), 'floorfill-pgcrash-'));
  if (userInfo().uid === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    chownSync(root, Number(stdout.trim()), Number(group.trim()));
  }
  const dataDir = path.join(root, 'data');
  const port = await freePort();
  await run(...asPostgres('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']));
  let server: OwnedProcess | undefined;
  const accepts = async () => {
    const client = new pg.Client({
      host: '127.0.0.1',
      port,
      user: 'postgres',
      database: 'postgres',
    });
    try {
      await client.connect();
      return true;
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/floorfill`,
    dataDir,
    async start() {
      server = spawnOwned(
        ...asPostgres('postgres', [
          '-D',
          dataDir,
          '-p',
          String(port),
          '-k',
          root,
          '-c',
          'listen_addresses=127.0.0.1',
          '-c',
          'wal_writer_delay=10s',
        ]),
      );
      const started = server;
      await waitFor(`postgres on ${port}`, async () => started.hasExited() || (await accepts()));
      if (started.hasExited()) throw new Error(`postgres exited:\n${started.output()}`);
    },
    async crash() {
      await run(...asPostgres('pg_ctl', ['stop', '-D', dataDir, '-m', 'immediate']));
      await server?.exited;
    },
    async remove() {
      await server?.stop('SIGQUIT');
      rmSync(root, { recursive: true, force: true });
    },
  };
}

describe.skipIf(!FAULTS_ENABLED || !haveBinaries)(
  `the Postgres server crashing mid-burst${haveBinaries ? '' : ` (skipped: no Postgres binaries in ${PG_BIN})`}`,
  () => {
    let cluster: Cluster | undefined;
    let node: ServerNode | undefined;
    let night: Night;

    /** The cluster's floorfill database, opened for the checks. */
    async function withDb(check: (db: Db) => Promise<void>) {
      const database = await openDatabase({
        databaseUrl: cluster?.url,
        dataDir: cluster?.dataDir ?? '',
        poolSize: 1,
      });
      try {
        await check(database.db);
      } finally {
        await database.close();
      }
    }

    beforeAll(async () => {
      cluster = await ownCluster();
      await cluster.start();
      const admin = new pg.Client({
        connectionString: cluster.url.replace(/floorfill$/, 'postgres'),
      });
      await admin.connect();
      await admin.query('create database floorfill');
      await admin.end();
      await withDb(async (db) => {
        await migrateToLatest(db);
        night = await seedNight(db);
      });
      node = await startServerNode('node', {
        DATABASE_URL: cluster.url,
        DATA_DIR: path.join(cluster.dataDir, '..', 'node'),
        JWT_SECRET: 'postgres-crash-test-secret-0123456789abcdef',
        ENCRYPTION_KEY: '0'.repeat(64),
        AUTH_RATE_LIMIT_PER_MINUTE: '100000',
        SONG_REQUEST_RATE_LIMIT_PER_MINUTE: '100000',
        WEB_DIST_DIR: path.join(cluster.dataDir, '..', 'no-web'),
      });
    }, 120_000);

    afterAll(async () => {
      if (node) await stopServerNode(node, 'SIGKILL');
      await cluster?.remove();
    }, 30_000);

    it('keeps every acknowledged join, request, cancel and mark', async () => {
      if (!cluster || !node) throw new Error('not set up');
      const running = cluster;
      const acknowledged = await gatherParty(node.baseUrl, night, GUESTS);
      const crashed = await requestBurst(node.baseUrl, night, acknowledged, {
        requests: BURST,
        concurrency: CONCURRENCY,
        crashAt: { index: BURST / 2, crash: () => running.crash() },
      });
      await crashed;
      // While the database was gone the node answered 503, never another 5xx.
      const failures = Object.keys(acknowledged.statuses).filter(
        (status) => Number(status) >= 500 && Number(status) !== 503,
      );
      expect(failures).toEqual([]);
      expect(acknowledged.statuses[503] ?? 0).toBeGreaterThan(0);
      expect(acknowledged.requests.size).toBeGreaterThan(BURST / 4);
      expect(acknowledged.cancelled.size).toBe(1);
      expect(acknowledged.played.size).toBeGreaterThan(0);
      expect(acknowledged.playing).not.toBeNull();

      await running.start();
      const serving = node;
      await waitFor('the node to serve again', async () => {
        const res = await fetch(`${serving.baseUrl}/readyz`);
        return res.ok;
      });
      await expectHostQueue(node.baseUrl, night, acknowledged);
      await withDb((db) => expectAllKept(db, night, acknowledged));
    }, 180_000);
  },
);
