import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DISPLAY_SOCKET_AUTH } from '@floorfill/shared';
import { hashPassword } from '../../src/auth/passwords.ts';
import { SESSION_CACHE_TTL_MS } from '../../src/auth/session-resolver.ts';
import { generateEventCode } from '../../src/events/event-code.ts';
import { openDatabase, type DatabaseHandle } from '../../src/infra/db.ts';
import { startServerNode, stopServerNode, type ServerNode } from '../helpers/fault-cluster.ts';
import {
  connected,
  connectSocket,
  nextPush,
  nextPushWhere,
  subscribe,
  type TestSocket,
} from '../helpers/socket-client.ts';

/**
 * Two real server processes (`node --import tsx server/src/main.ts`) on one
 * Postgres database and one Redis, as behind a load balancer: a write on one
 * node reaches sockets connected to the other.
 */

const PASSWORD = 'correct-horse-battery';

async function call(
  node: ServerNode,
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
  const nodes: ServerNode[] = [];
  const sockets: TestSocket[] = [];
  const scratch = mkdtempSync(path.join(tmpdir(), 'floorfill-multinode-'));
  let adminUrl: URL;
  let databaseName: string;
  let database: DatabaseHandle | undefined;

  async function startNode(name: string, databaseUrl: string, secrets: Record<string, string>) {
    const node = await startServerNode(name, {
      DATABASE_URL: databaseUrl,
      REDIS_URL: process.env.REDIS_URL,
      REDIS_PREFIX: redisPrefix,
      DATA_DIR: path.join(scratch, name),
      WEB_DIST_DIR: path.join(scratch, 'no-web'),
      ...secrets,
    });
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
    await Promise.all([
      startNode('node-a', url.toString(), secrets),
      startNode('node-b', url.toString(), secrets),
    ]);
  }, 90_000);

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await Promise.all(nodes.map((node) => stopServerNode(node)));
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
      const [nodeA, nodeB] = nodes as [ServerNode, ServerNode];
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

      // The host marks it played on node A; the guest's socket on node B hears it, and node B
      // reads the room's line again: nothing waits any more.
      const played = nextPush(guestSocket, 'request:played', 10_000);
      const emptied = nextPushWhere(
        guestSocket,
        'event:line',
        (push) => push.line.songs.length === 0 && push.line.seq >= 3,
        10_000,
      );
      const mark = await call(nodeA, 'POST', '/api/v1/mark-as-song-request', hostToken, {
        event_id: event.id,
        song_id: 'cat-queen--bohemian-rhapsody',
        mark_as: 'played',
      });
      expect(mark.status).toBe(200);
      expect(await emptied).toMatchObject({
        eventId: event.id,
        line: { more: false, popular: [] },
      });
      expect(await played).toMatchObject({
        eventId: event.id,
        seq: 3,
        eventName: 'Two Node Night',
        request: { attendee_id: guestData.id, status: 1 },
      });

      // The host's laptop comes back through the balancer on node B, holding the snapshot of
      // seq 1: the writes since (one from each node) come from the shared log as one delta.
      const backSocket = connectSocket(nodeB.baseUrl, { token: hostToken });
      sockets.push(backSocket);
      await connected(backSocket);
      expect(
        await backSocket.emitWithAck('event:subscribe', { eventId: event.id, since: 1 }),
      ).toEqual({
        ok: true,
        data: {
          seq: 3,
          delta: {
            fromSeq: 1,
            toSeq: 3,
            upserted: [
              expect.objectContaining({
                song_id: 'cat-queen--bohemian-rhapsody',
                request_count: 1,
                status: 1,
              }),
            ],
            recounted: [],
            removed: [],
            stats: { joined: 1, requests: 1 },
          },
        },
      });

      // A big screen (no session) watches on node B; the host plays the song on node A.
      const screen = io(nodeB.baseUrl, {
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        auth: { ...DISPLAY_SOCKET_AUTH },
      });
      sockets.push(screen);
      await connected(screen);
      expect(await screen.emitWithAck('display:subscribe', { code: event.code })).toMatchObject({
        ok: true,
        data: { event_id: event.id, now_playing: null },
      });
      const shown = nextPush(screen, 'display:updated', 10_000);
      const playing = await call(nodeA, 'POST', '/api/v1/mark-as-song-request', hostToken, {
        event_id: event.id,
        song_id: 'cat-queen--bohemian-rhapsody',
        mark_as: 'playing',
      });
      expect(playing.status).toBe(200);
      expect(await shown).toMatchObject({
        eventId: event.id,
        state: { now_playing: { song_id: 'cat-queen--bohemian-rhapsody' } },
      });
    },
  );

  it.skipIf(!enabled)(
    'a logout on node A closes that session’s socket on node B, and not the same user’s other session',
    async () => {
      const [nodeA, nodeB] = nodes as [ServerNode, ServerNode];
      if (!database) throw new Error('no database');
      const email = `mn-devices-${randomBytes(4).toString('hex')}@example.com`;
      await database.db
        .insertInto('users')
        .values({
          name: 'Two Devices',
          email,
          password_hash: await hashPassword(PASSWORD),
          email_verified_at: new Date(),
          default_login: 2,
        })
        .execute();
      const logIn = async () => {
        const login = await call(nodeA, 'POST', '/api/auth/login', undefined, {
          email,
          password: PASSWORD,
        });
        expect(login.status).toBe(200);
        return (login.json.data as { access_token: string }).access_token;
      };
      const [phoneToken, laptopToken] = [await logIn(), await logIn()];
      const phone = connectSocket(nodeB.baseUrl, { token: phoneToken });
      const laptop = connectSocket(nodeB.baseUrl, { token: laptopToken });
      sockets.push(phone, laptop);
      await Promise.all([connected(phone), connected(laptop)]);
      const closed = new Promise<string>((resolve) => phone.once('disconnect', resolve));

      expect((await call(nodeA, 'POST', '/api/auth/logout', phoneToken, {})).status).toBe(200);
      expect(await closed).toBe('io server disconnect');
      expect(laptop.connected).toBe(true);
    },
  );

  it.skipIf(!enabled)(
    'a logout on node A is refused on node B, which had remembered the session, long before its memory would expire',
    async () => {
      const [nodeA, nodeB] = nodes as [ServerNode, ServerNode];
      const guest = await call(nodeA, 'POST', '/api/v1/login-as-guest', undefined, {});
      const token = (guest.json.data as { access_token: string }).access_token;
      // Both nodes take the token, and node B now remembers it.
      expect((await call(nodeB, 'GET', '/api/auth/session', token)).status).toBe(200);
      expect((await call(nodeB, 'GET', '/api/auth/session', token)).status).toBe(200);

      expect((await call(nodeA, 'POST', '/api/auth/logout', token, {})).status).toBe(200);
      const loggedOutAt = Date.now();
      expect((await call(nodeA, 'GET', '/api/auth/session', token)).status).toBe(401);
      // Node B hears of the revocation through Redis (a round trip; bench/ measures it); until
      // then it may still answer from memory, which alone would last SESSION_CACHE_TTL_MS.
      let refused = false;
      while (!refused && Date.now() - loggedOutAt < SESSION_CACHE_TTL_MS / 4) {
        const answer = await call(nodeB, 'GET', '/api/auth/session', token);
        refused = answer.status === 401;
        if (!refused) expect(answer.status).toBe(200);
      }
      expect(refused).toBe(true);
    },
  );
});
