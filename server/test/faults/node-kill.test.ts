import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { HostEventDetails } from '@floorfill/shared';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashPassword } from '../../src/auth/passwords.ts';
import { generateEventCode } from '../../src/events/event-code.ts';
import { openDatabase, type DatabaseHandle } from '../../src/infra/db.ts';
import {
  cloneTemplateDatabase,
  FAULTS_ENABLED,
  startServerNode,
  stopServerNode,
  type ScratchDatabase,
  type ServerNode,
} from '../helpers/fault-cluster.ts';
import {
  connected,
  connectSocket,
  nextPush,
  subscribe,
  type TestSocket,
} from '../helpers/socket-client.ts';

/**
 * Two real server processes on one Postgres and one Redis. The host watches
 * on node B; attendees post a burst of requests to both nodes; node B is
 * SIGKILLed mid-burst. Every request that got a 201 is in the database and in
 * the host's queue once the host has reconnected to node A and resynced, and
 * nothing is there twice.
 */
const templateUrl = inject('templateDatabaseUrl');
const enabled = FAULTS_ENABLED && Boolean(templateUrl && process.env.REDIS_URL);
const PASSWORD = 'correct-horse-battery';
const GUESTS = 20;
const SONGS = 40;
const BURST = 600;
const KILL_AFTER = 200;
const CONCURRENCY = 8;

interface Answer {
  status: number;
  json: { status: boolean; msg: string; data: never };
}

async function call(
  node: ServerNode,
  method: 'GET' | 'POST',
  url: string,
  token?: string,
  body?: unknown,
): Promise<Answer> {
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

describe('killing one of two nodes during a request burst', () => {
  const redisPrefix = `fffault:${randomBytes(4).toString('hex')}`;
  const scratchDir = mkdtempSync(path.join(tmpdir(), 'floorfill-nodekill-'));
  const nodes: ServerNode[] = [];
  const sockets: TestSocket[] = [];
  let scratch: ScratchDatabase | undefined;
  let database: DatabaseHandle | undefined;

  beforeAll(async () => {
    if (!enabled || !templateUrl) return;
    scratch = await cloneTemplateDatabase(templateUrl);
    database = await openDatabase({ databaseUrl: scratch.url, dataDir: scratchDir, poolSize: 2 });
    const env = {
      DATABASE_URL: scratch.url,
      REDIS_URL: process.env.REDIS_URL,
      REDIS_PREFIX: redisPrefix,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      SONG_REQUEST_RATE_LIMIT_PER_MINUTE: '100000',
      WEB_DIST_DIR: path.join(scratchDir, 'no-web'),
    };
    const started = await Promise.all([
      startServerNode('node-a', { ...env, DATA_DIR: path.join(scratchDir, 'a') }),
      startServerNode('node-b', { ...env, DATA_DIR: path.join(scratchDir, 'b') }),
    ]);
    nodes.push(...started);
  }, 90_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all(nodes.map((node) => stopServerNode(node)));
    await database?.close();
    await scratch?.drop();
    if (enabled && process.env.REDIS_URL) {
      const redis = new Redis(process.env.REDIS_URL, { lazyConnect: true });
      await redis.connect();
      const keys = await redis.keys(`${redisPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
    rmSync(scratchDir, { recursive: true, force: true });
  }, 30_000);

  it.skipIf(!enabled)(
    'keeps every acknowledged request exactly once, in the database and the host’s queue',
    async () => {
      const [nodeA, nodeB] = nodes as [ServerNode, ServerNode];
      if (!database) throw new Error('no database');
      const email = `fault-host-${randomBytes(4).toString('hex')}@example.com`;
      const host = await database.db
        .insertInto('users')
        .values({
          name: 'Fault Host',
          email,
          password_hash: await hashPassword(PASSWORD),
          email_verified_at: new Date(),
          default_login: 2,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const now = Date.now();
      const event = await database.db
        .insertInto('events')
        .values({
          host_id: host.id,
          name: 'Kill Night',
          start_time: new Date(now - 3600_000),
          end_time: new Date(now + 6 * 3600_000),
          code: generateEventCode(),
        })
        .returning(['id', 'code'])
        .executeTakeFirstOrThrow();
      const songs = (
        await database.db
          .selectFrom('catalog_songs')
          .select('id')
          .orderBy('id')
          .limit(SONGS)
          .execute()
      ).map((row) => row.id);

      const login = await call(nodeA, 'POST', '/api/auth/login', undefined, {
        email,
        password: PASSWORD,
      });
      expect(login.status).toBe(200);
      const hostToken = (login.json.data as { access_token: string }).access_token;

      // The host watches on node B, the one that will die.
      const firstSocket = connectSocket(nodeB.baseUrl, { token: hostToken });
      sockets.push(firstSocket);
      await connected(firstSocket);
      expect(await subscribe(firstSocket, event.id)).toMatchObject({ ok: true });

      const guests: string[] = [];
      for (let index = 0; index < GUESTS; index += 1) {
        const node = index % 2 === 0 ? nodeA : nodeB;
        const guest = await call(node, 'POST', '/api/v1/login-as-guest', undefined, {});
        const token = (guest.json.data as { access_token: string }).access_token;
        const join = await call(node, 'POST', '/api/v1/join-event', token, {
          event_code: event.code,
        });
        expect(join.status).toBe(200);
        guests.push(token);
      }

      const accepted: { token: string; song: string }[] = [];
      const statuses: Record<string, number> = {};
      let next = 0;
      let killed: Promise<void> | undefined;
      const worker = async () => {
        while (next < BURST) {
          const index = next;
          next += 1;
          if (index === KILL_AFTER) killed = stopServerNode(nodeB, 'SIGKILL');
          const token = guests[index % GUESTS] ?? '';
          const song = songs[Math.floor(index / GUESTS) % SONGS] ?? '';
          const node = index % 2 === 0 ? nodeA : nodeB;
          try {
            const res = await call(node, 'POST', '/api/v1/send-song-request', token, {
              event_id: event.id,
              song_id: song,
            });
            statuses[res.status] = (statuses[res.status] ?? 0) + 1;
            if (res.status === 201) accepted.push({ token, song });
          } catch {
            statuses.network = (statuses.network ?? 0) + 1;
          }
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      await killed;
      expect(nodeB.child.signalCode).toBe('SIGKILL');
      // Requests to the dead node failed on the wire; none answered 5xx.
      expect(Object.keys(statuses).filter((status) => Number(status) >= 500)).toEqual([]);
      expect(statuses.network ?? 0).toBeGreaterThan(0);
      expect(accepted.length).toBeGreaterThan(KILL_AFTER / 2);

      // The host's socket died with node B: reconnect to node A and resync.
      const hostSocket = connectSocket(nodeA.baseUrl, { token: hostToken });
      sockets.push(hostSocket);
      await connected(hostSocket);
      expect(await subscribe(hostSocket, event.id)).toMatchObject({ ok: true });
      const details = await call(
        nodeA,
        'GET',
        `/api/v1/get-event-details?id=${event.id}&include=requests`,
        hostToken,
      );
      expect(details.status).toBe(200);
      const snapshot = details.json.data as Required<HostEventDetails>;

      const rows = await database.db
        .selectFrom('song_requests')
        .select(['id', 'attendee_id', 'song_id'])
        .where('event_id', '=', event.id)
        .execute();
      const stored = rows.map((row) => `${row.attendee_id}|${row.song_id}`);
      expect(new Set(stored).size).toBe(stored.length);
      const idOf = new Map<string, number>();
      for (const token of guests) {
        const session = await call(nodeA, 'GET', '/api/auth/session', token);
        idOf.set(token, (session.json.data as { user: { id: number } }).user.id);
      }
      for (const { token, song } of accepted) {
        expect(stored).toContain(`${idOf.get(token)}|${song}`);
      }
      // The host's snapshot holds exactly the database's requests, each once.
      const snapshotIds = snapshot.song_requests.map((request) => request.id).sort((x, y) => x - y);
      expect(snapshotIds).toEqual(rows.map((row) => row.id).sort((x, y) => x - y));
      const queued = snapshot.grouped_song_requests.reduce(
        (sum, song) => sum + song.request_count,
        0,
      );
      expect(queued).toBe(rows.length);
      const songIds = snapshot.grouped_song_requests.map((song) => song.song_id);
      expect(new Set(songIds).size).toBe(songIds.length);

      // Live pushes reach the host on the surviving node.
      const live = nextPush(hostSocket, 'request:upserted', 10_000);
      const extra = await call(nodeA, 'POST', '/api/v1/send-song-request', guests[0], {
        event_id: event.id,
        song_id: songs.at(-1),
      });
      expect([200, 201]).toContain(extra.status);
      if (extra.status === 201) await expect(live).resolves.toMatchObject({ eventId: event.id });
    },
    120_000,
  );
});
