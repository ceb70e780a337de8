import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashPassword } from '../../src/auth/passwords.ts';
import { generateEventCode } from '../../src/events/event-code.ts';
import { openDatabase, type DatabaseHandle } from '../../src/infra/db.ts';
import {
  connected,
  connectSocket,
  nextPush,
  subscribe,
  type TestSocket,
} from '../helpers/socket-client.ts';

/**
 * Two real server processes (`node --import tsx server/src/main.ts`) on one
 * Postgres database and one Redis, as behind a load balancer: a write on one
 * node reaches sockets connected to the other.
 */

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const PASSWORD = 'correct-horse-battery';
const START_TIMEOUT_MS = 45_000;
const STOP_TIMEOUT_MS = 10_000;

interface Node {
  name: string;
  baseUrl: string;
  child: ChildProcess;
  output: string[];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(node: Node): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (node.child.exitCode !== null) break;
    try {
      const res = await fetch(`${node.baseUrl}/healthz`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${node.name} did not become healthy:\n${node.output.join('')}`);
}

async function stop(node: Node): Promise<void> {
  const { child } = node;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

async function call(
  node: Node,
  method: 'GET' | 'POST',
  url: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; json: { status: boolean; msg: string; data: never } }> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${node.baseUrl}${url}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: (await res.json()) as never };
}

describe('two server processes on one Postgres and one Redis', () => {
  const templateUrl = inject('templateDatabaseUrl');
  const enabled = Boolean(templateUrl && process.env.REDIS_URL);
  const redisPrefix = `ffmn:${randomBytes(4).toString('hex')}`;
  const nodes: Node[] = [];
  const sockets: TestSocket[] = [];
  const scratch = mkdtempSync(path.join(tmpdir(), 'floorfill-multinode-'));
  let adminUrl: URL;
  let databaseName: string;
  let database: DatabaseHandle | undefined;

  async function startNode(name: string, databaseUrl: string, secrets: Record<string, string>) {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        REDIS_URL: process.env.REDIS_URL,
        REDIS_PREFIX: redisPrefix,
        PUBLIC_URL: 'http://localhost:3000',
        LOG_LEVEL: 'warn',
        DATA_DIR: path.join(scratch, name),
        WEB_DIST_DIR: path.join(scratch, 'no-web'),
        ...secrets,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const node: Node = { name, baseUrl: `http://127.0.0.1:${port}`, child, output: [] };
    child.stdout?.on('data', (chunk: Buffer) => node.output.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => node.output.push(chunk.toString()));
    nodes.push(node);
    return node;
  }

  beforeAll(async () => {
    if (!enabled || !templateUrl) return;
    const template = new URL(templateUrl);
    databaseName = `${template.pathname.slice(1)}_mn_${randomBytes(4).toString('hex')}`;
    adminUrl = new URL(templateUrl);
    adminUrl.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: adminUrl.toString() });
    await admin.connect();
    try {
      await admin.query(
        `create database "${databaseName}" template "${template.pathname.slice(1)}"`,
      );
    } finally {
      await admin.end();
    }
    const url = new URL(templateUrl);
    url.pathname = `/${databaseName}`;
    database = await openDatabase({ databaseUrl: url.toString(), dataDir: scratch, poolSize: 2 });

    const secrets = {
      JWT_SECRET: randomBytes(32).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    };
    const started = [
      await startNode('node-a', url.toString(), secrets),
      await startNode('node-b', url.toString(), secrets),
    ];
    await Promise.all(started.map(waitForHealth));
  }, 90_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all(nodes.map(stop));
    await database?.close();
    if (databaseName) {
      const admin = new pg.Client({ connectionString: adminUrl.toString() });
      await admin.connect();
      await admin.query(`drop database if exists "${databaseName}" with (force)`);
      await admin.end();
    }
    if (enabled && process.env.REDIS_URL) {
      const redis = new Redis(process.env.REDIS_URL, { lazyConnect: true });
      await redis.connect();
      const keys = await redis.keys(`${redisPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
    rmSync(scratch, { recursive: true, force: true });
  }, 30_000);

  it.skipIf(!enabled)(
    'a request posted on node B reaches the host’s socket on node A, and played news goes back the other way',
    async () => {
      const [nodeA, nodeB] = nodes as [Node, Node];
      if (!database) throw new Error('no database');
      const email = `mn-host-${randomBytes(4).toString('hex')}@example.com`;
      const hostRow = await database.db
        .insertInto('users')
        .values({
          name: 'Multi Host',
          email,
          password_hash: await hashPassword(PASSWORD),
          email_verified_at: new Date(),
          default_login: 2,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const event = await database.db
        .insertInto('events')
        .values({
          host_id: hostRow.id,
          name: 'Two Node Night',
          start_time: '2099-06-05T20:00:00Z',
          end_time: '2099-06-06T02:00:00Z',
          code: generateEventCode(),
        })
        .returning(['id', 'code'])
        .executeTakeFirstOrThrow();

      // The host signs in and watches the event on node A.
      const login = await call(nodeA, 'POST', '/api/auth/login', undefined, {
        email,
        password: PASSWORD,
      });
      expect(login.status).toBe(200);
      const hostToken = (login.json.data as { access_token: string }).access_token;
      const hostSocket = connectSocket(nodeA.baseUrl, { token: hostToken });
      sockets.push(hostSocket);
      await connected(hostSocket);
      expect(await subscribe(hostSocket, event.id)).toEqual({ ok: true, data: { seq: 0 } });

      // A guest scans the QR, joins and requests on node B.
      const guest = await call(nodeB, 'POST', '/api/v1/login-as-guest', undefined, {});
      expect(guest.status).toBe(200);
      const guestData = guest.json.data as { id: number; access_token: string };
      const joinedPush = nextPush(hostSocket, 'attendee:joined', 10_000);
      const join = await call(nodeB, 'POST', '/api/v1/join-event', guestData.access_token, {
        event_code: event.code,
      });
      expect(join.status).toBe(200);
      expect(await joinedPush).toMatchObject({ eventId: event.id, seq: 1 });

      const guestSocket = connectSocket(nodeB.baseUrl, { token: guestData.access_token });
      sockets.push(guestSocket);
      await connected(guestSocket);
      expect(await subscribe(guestSocket, event.id)).toEqual({ ok: true, data: { seq: 1 } });

      const upserted = nextPush(hostSocket, 'request:upserted', 10_000);
      const sent = await call(nodeB, 'POST', '/api/v1/send-song-request', guestData.access_token, {
        event_id: event.id,
        song_id: 'cat-queen--bohemian-rhapsody',
      });
      expect(sent.status).toBe(201);
      expect(await upserted).toMatchObject({
        eventId: event.id,
        seq: 2,
        request: { song_id: 'cat-queen--bohemian-rhapsody', request_count: 1 },
      });

      // The host marks it played on node A; the guest's socket on node B hears it.
      const played = nextPush(guestSocket, 'request:played', 10_000);
      const mark = await call(nodeA, 'POST', '/api/v1/mark-as-song-request', hostToken, {
        event_id: event.id,
        song_id: 'cat-queen--bohemian-rhapsody',
        mark_as: 'played',
      });
      expect(mark.status).toBe(200);
      expect(await played).toMatchObject({
        eventId: event.id,
        seq: 3,
        eventName: 'Two Node Night',
        request: { attendee_id: guestData.id, status: 1 },
      });
    },
  );
});
