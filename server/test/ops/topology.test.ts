import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import {
  EVENT_DETAILS_POLL_MS,
  hostEventDetailsSchema,
  type HostEventDetails,
} from '@floorfill/shared';
import { Redis } from 'ioredis';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildServer, builtEntry } from '../../build.ts';
import { hashPassword } from '../../src/auth/passwords.ts';
import { generateEventCode } from '../../src/events/event-code.ts';
import { openDatabase, type DatabaseHandle } from '../../src/infra/db.ts';
import {
  emptyDatabase,
  freePort,
  REPO_ROOT,
  sleep,
  spawnServerProcess,
  startServerNode,
  waitFor,
  waitUntilServing,
  type ScratchDatabase,
  type ServerNode,
  type ServerProcess,
} from '../helpers/fault-cluster.ts';
import { installedNginx, startLocalNginx, type LocalNginx } from '../helpers/local-nginx.ts';
import { nextPush, type TestSocket } from '../helpers/socket-client.ts';
import { vapidKeys } from './server-process.ts';

/**
 * The production topology, tested as it runs: docker-compose.yml without
 * Docker. A fresh database migrated by the built `migrate.js`, the machine's
 * Redis under a key prefix of the test's own, two app nodes and one worker
 * from the build (`node server/dist/*.js`, NODE_ENV=production,
 * RUN_WORKER=false, TRUST_PROXY=1) behind nginx running deploy/nginx.conf
 * itself (local-nginx.ts swaps only the node addresses, the listen address,
 * Docker's resolver and the run-time paths). Every call and socket goes
 * through nginx, as a browser's would, unless it names a node on purpose.
 *
 * Nothing here is timed. Order is kept with a logical clock (`tick`): an
 * answer or a poll is before or after another, and a 5xx is allowed only
 * inside the restart of one node.
 */

const templateUrl = inject('templateDatabaseUrl');
const redisUrl = process.env.REDIS_URL;
const nginx = installedNginx();
const skipReason = !nginx
  ? 'no nginx here (apt-get install -y nginx; .ci/run installs it)'
  : !templateUrl
    ? 'needs PostgreSQL (DATABASE_URL)'
    : !redisUrl
      ? 'needs Redis (REDIS_URL)'
      : undefined;

const NODE_NAMES = ['app1', 'app2'] as const;
type NodeName = (typeof NODE_NAMES)[number];
const PASSWORD = 'correct-horse-battery';
/** Kill scenario: a burst from many attendees, node killed a third of the way in. */
const BURST = 240;
const BURST_GUESTS = 24;
const KILL_AFTER = 80;
const BURST_CONCURRENCY = 6;
/** Attendees with a live socket (from the burst's guests), beside the host's. */
const ATTENDEE_SOCKETS = 6;
/** Rolling restart: each client requests a new song, waits, and goes again (under 30 a minute, the per-user limit). */
const STREAM_CLIENTS = 16;
const STREAM_PAUSE_MS = 2500;
const SONGS = 60;
/** Caps on waiting for a busy machine, not measures of speed. */
const SETUP_TIMEOUT_MS = 180_000;
const SCENARIO_TIMEOUT_MS = 150_000;

/** The logical clock: strictly increasing, one tick per thing that happened. */
let clock = 0;
const tick = () => (clock += 1);

interface Envelope {
  status: boolean;
  msg: string;
  data: unknown;
}

interface Answer {
  status: number;
  /** The JSON envelope; nginx's own error pages are HTML. */
  body: Envelope | undefined;
}

async function call(
  baseUrl: string,
  method: 'GET' | 'POST',
  url: string,
  token?: string,
  body?: unknown,
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  const json = res.headers.get('content-type')?.includes('application/json');
  return { status: res.status, body: json ? (JSON.parse(text) as Envelope) : undefined };
}

function dataOf<T>(answer: Answer, what: string): T {
  if (!answer.body) throw new Error(`${what}: ${answer.status} without a JSON body`);
  return answer.body.data as T;
}

/** A Prometheus sample summed over the series whose labels include `labels`. */
async function metric(
  node: ServerProcess,
  name: string,
  labels: Record<string, string> = {},
): Promise<number> {
  const text = await (await fetch(`${node.baseUrl}/metrics`)).text();
  let sum = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const series = match[2] ?? '';
    if (Object.entries(labels).every(([key, value]) => series.includes(`${key}="${value}"`))) {
      sum += Number(match[3]);
    }
  }
  return sum;
}

/**
 * A socket kept as the web client keeps it (web/src/lib/socket.ts and
 * use-event-room.ts, which the server project cannot import): WebSocket
 * only, socket.io's own retry after a lost connection, a reconnect 250–1000
 * ms after a server that drains or drops it, and the event's room joined on
 * every connection.
 */
interface LiveClient {
  socket: TestSocket;
  connections: number;
  drops: number;
  /** The connection (by number) on which the room was last joined. */
  subscribedOn: number;
  close(): void;
}

/** 'live' when connected and in the room on this connection, else what it is. */
function liveState(client: LiveClient): string {
  if (client.socket.connected && client.subscribedOn === client.connections) return 'live';
  return `connected ${client.socket.connected}, connection ${client.connections}, in the room on ${client.subscribedOn}, drops ${client.drops}`;
}

function liveClient(baseUrl: string, token: string, eventId: number): LiveClient {
  const socket: TestSocket = io(baseUrl, {
    transports: ['websocket'],
    forceNew: true,
    auth: { token },
  });
  let closed = false;
  // One pending reconnect at most, as in the web client: a second connect() while the first
  // waits for the server's answer sends a second CONNECT, and the server keeps a ghost socket.
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  const client: LiveClient = {
    socket,
    connections: 0,
    drops: 0,
    subscribedOn: 0,
    close() {
      closed = true;
      clearTimeout(reconnectTimer);
      socket.disconnect();
    },
  };
  const reconnectSoon = () => {
    clearTimeout(reconnectTimer);
    reconnectTimer = setTimeout(
      () => {
        if (!closed && !socket.connected) socket.connect();
      },
      250 + Math.floor(Math.random() * 750),
    );
  };
  socket.on('connect', () => {
    client.connections += 1;
    const connection = client.connections;
    // Unanswered (the node went first): the next connection joins again.
    socket
      .timeout(10_000)
      .emitWithAck('event:subscribe', { eventId })
      .then(
        (answer) => {
          if (answer.ok) client.subscribedOn = connection;
        },
        () => undefined,
      );
  });
  socket.on('disconnect', (reason) => {
    client.drops += 1;
    if (reason === 'io server disconnect') reconnectSoon();
  });
  socket.on('server:draining', reconnectSoon);
  return client;
}

interface Poll {
  sentAt: number;
  status: number;
  ids: Set<number>;
}

/**
 * The host's page with its socket down: the details call every
 * EVENT_DETAILS_POLL_MS (5 s), as useEventDetails polls while the room is
 * not live.
 */
function pollWhileDown(baseUrl: string, token: string, eventId: number) {
  const polls: Poll[] = [];
  const stopped = new AbortController();
  const loop = (async () => {
    for (;;) {
      try {
        await delay(EVENT_DETAILS_POLL_MS, undefined, { signal: stopped.signal });
      } catch {
        return;
      }
      const sentAt = tick();
      const answer = await call(
        baseUrl,
        'GET',
        `/api/v1/get-event-details?id=${eventId}&include=requests`,
        token,
      );
      const ids =
        answer.status === 200 ? snapshotOf(answer).song_requests.map((request) => request.id) : [];
      polls.push({ sentAt, status: answer.status, ids: new Set(ids) });
    }
  })();
  return {
    polls,
    async stop() {
      stopped.abort();
      await loop;
    },
  };
}

/** The host's snapshot with every request (asked for with include=requests). */
function snapshotOf(answer: Answer): Required<HostEventDetails> {
  return hostEventDetailsSchema
    .required({ song_requests: true })
    .parse(dataOf(answer, 'event details'));
}

/** One song request as an attendee's phone sends it, with where it stands in time. */
interface Sent {
  client: number;
  sentAt: number;
  answeredAt: number;
  status: number | 'network';
  /** The stored request of a 2xx answer. */
  requestId: number | undefined;
  ms: number;
}

interface Run5xx {
  client: number;
  from: number;
  to: number;
  count: number;
  ms: number;
}

/** Each client's runs of consecutive 5xx answers. */
function runsOf5xx(sent: Sent[]): Run5xx[] {
  const runs: Run5xx[] = [];
  const byClient = new Map<number, Sent[]>();
  for (const one of sent) byClient.set(one.client, [...(byClient.get(one.client) ?? []), one]);
  for (const [client, answers] of byClient) {
    let run: Run5xx | undefined;
    for (const answer of answers.sort((a, b) => a.sentAt - b.sentAt)) {
      const failed = typeof answer.status === 'number' && answer.status >= 500;
      if (!failed) {
        run = undefined;
        continue;
      }
      if (!run) {
        run = { client, from: answer.sentAt, to: answer.answeredAt, count: 0, ms: 0 };
        runs.push(run);
      }
      run.to = answer.answeredAt;
      run.count += 1;
      run.ms += answer.ms;
    }
  }
  return runs;
}

describe.skipIf(Boolean(skipReason))(
  skipReason ? `the production topology (skipped: ${skipReason})` : 'the production topology',
  () => {
    const scratch = mkdtempSync(path.join(tmpdir(), 'floorfill-topology-'));
    const redisPrefix = `fftopo:${randomBytes(4).toString('hex')}`;
    const nodes = new Map<NodeName, ServerNode>();
    const ports = new Map<NodeName, number>();
    const clients: LiveClient[] = [];
    let worker: ServerProcess | undefined;
    let balancer: LocalNginx | undefined;
    let scratchDatabase: ScratchDatabase | undefined;
    let database: DatabaseHandle | undefined;
    let env: Record<string, string> = {};
    let migrateOutput = '';
    let lb = '';
    let hostToken = '';
    let event: { id: number; code: string };
    let songs: string[] = [];
    let host: LiveClient;
    /** Where the host's socket landed (it stays there until that node goes). */
    let hostNode: NodeName = 'app1';
    let firstRequestId = 0;

    function nodeEnv(name: NodeName): Record<string, string> {
      return { ...env, PORT: String(ports.get(name)), DATA_DIR: path.join(scratch, name) };
    }

    function node(name: NodeName): ServerNode {
      const found = nodes.get(name);
      if (!found) throw new Error(`${name} is not running`);
      return found;
    }

    async function startNode(name: NodeName): Promise<void> {
      nodes.set(name, await startServerNode(name, nodeEnv(name), builtEntry('main')));
    }

    /** Calls through the balancer until one lands on `name`: it is back in rotation since its (re)start. */
    async function untilBalancerReaches(name: NodeName): Promise<void> {
      const target = node(name);
      await waitFor(
        `${name} serving through nginx`,
        async () => {
          await call(lb, 'GET', '/api/auth/session', hostToken);
          const served = await metric(target, 'http_request_duration_seconds_count', {
            route: '/api/auth/session',
          });
          return served > 0;
        },
        30_000,
      );
    }

    async function joinGuests(count: number): Promise<string[]> {
      const tokens: string[] = [];
      for (let index = 0; index < count; index += 1) {
        const guest = await call(lb, 'POST', '/api/v1/login-as-guest', undefined, {});
        const token = dataOf<{ access_token: string }>(guest, 'guest login').access_token;
        const join = await call(lb, 'POST', '/api/v1/join-event', token, {
          event_code: event.code,
        });
        expect(join.status).toBe(200);
        tokens.push(token);
      }
      return tokens;
    }

    async function sendSongRequest(
      baseUrl: string,
      client: number,
      token: string,
      song: string,
    ): Promise<Sent> {
      const sentAt = tick();
      const started = performance.now();
      try {
        const answer = await call(baseUrl, 'POST', '/api/v1/send-song-request', token, {
          event_id: event.id,
          song_id: song,
        });
        const ok = answer.status === 200 || answer.status === 201;
        return {
          client,
          sentAt,
          answeredAt: tick(),
          status: answer.status,
          requestId: ok
            ? dataOf<{ song_request: { id: number } }>(answer, 'song request').song_request.id
            : undefined,
          ms: performance.now() - started,
        };
      } catch {
        return {
          client,
          sentAt,
          answeredAt: tick(),
          status: 'network',
          requestId: undefined,
          ms: performance.now() - started,
        };
      }
    }

    async function storedRequests() {
      if (!database) throw new Error('no database');
      return database.db
        .selectFrom('song_requests')
        .select(['id', 'attendee_id', 'song_id'])
        .where('event_id', '=', event.id)
        .execute();
    }

    /**
     * Every acknowledged request is stored once and in the host's queue once;
     * the host's snapshot (through nginx) holds exactly what is stored.
     */
    async function expectQueueHolds(acknowledged: number[]): Promise<Required<HostEventDetails>> {
      const rows = await storedRequests();
      const pairs = rows.map((row) => `${row.attendee_id}|${row.song_id}`);
      expect(new Set(pairs).size).toBe(pairs.length);
      const storedIds = rows.map((row) => row.id).sort((a, b) => a - b);
      expect(storedIds).toEqual(expect.arrayContaining(acknowledged));
      const snapshot = snapshotOf(
        await call(
          lb,
          'GET',
          `/api/v1/get-event-details?id=${event.id}&include=requests`,
          hostToken,
        ),
      );
      const snapshotIds = snapshot.song_requests.map((request) => request.id);
      expect(snapshotIds.sort((a, b) => a - b)).toEqual(storedIds);
      const queued = snapshot.grouped_song_requests.reduce(
        (sum, song) => sum + song.request_count,
        0,
      );
      expect(queued).toBe(rows.length);
      const songIds = snapshot.grouped_song_requests.map((song) => song.song_id);
      expect(new Set(songIds).size).toBe(songIds.length);
      return snapshot;
    }

    beforeAll(async () => {
      if (!templateUrl || !redisUrl || !nginx) return;
      await buildServer();
      scratchDatabase = await emptyDatabase(templateUrl, 'topology');
      for (const name of NODE_NAMES) ports.set(name, await freePort());
      const lbPort = await freePort();
      const workerPort = await freePort();
      lb = `http://127.0.0.1:${lbPort}`;
      env = {
        NODE_ENV: 'production',
        PUBLIC_URL: lb,
        DATABASE_URL: scratchDatabase.url,
        DATABASE_POOL_SIZE: '5',
        REDIS_URL: redisUrl,
        REDIS_PREFIX: redisPrefix,
        // Required in production; nothing in these scenarios sends mail.
        SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
        JWT_SECRET: randomBytes(32).toString('hex'),
        ENCRYPTION_KEY: randomBytes(32).toString('hex'),
        ...vapidKeys(),
        TRUST_PROXY: '1',
        // No Stripe here: demo payments, said on purpose as production requires.
        DEMO_PAYMENTS: 'true',
        RUN_WORKER: 'false',
        SHUTDOWN_TIMEOUT_MS: '15000',
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: path.join(scratch, 'no-web'),
      };

      // The one-shot migration, as compose runs it before any node starts.
      const migrate = await spawnServerProcess(builtEntry('migrate'), {
        ...env,
        DATA_DIR: path.join(scratch, 'migrate'),
      });
      const migrated = await migrate.exited;
      migrateOutput = migrate.output();
      if (migrated.code !== 0) throw new Error(`migrate.js failed:\n${migrateOutput}`);

      await Promise.all(NODE_NAMES.map(startNode));
      // The worker answers on WORKER_PORT; PORT only names where the helper looks for it.
      worker = await spawnServerProcess(builtEntry('worker'), {
        ...env,
        PORT: String(workerPort),
        WORKER_PORT: String(workerPort),
        DATA_DIR: path.join(scratch, 'worker'),
      });
      await waitUntilServing(worker, '/readyz');

      balancer = startLocalNginx(readFileSync(path.join(REPO_ROOT, 'deploy/nginx.conf'), 'utf8'), {
        build: nginx,
        upstreams: Object.fromEntries(
          NODE_NAMES.map((name) => [name, `127.0.0.1:${ports.get(name)}`]),
        ),
        port: lbPort,
      });
      const started = balancer.process;
      await waitFor('nginx in front of the nodes', async () => {
        if (started.hasExited()) throw new Error(`nginx exited:\n${started.output()}`);
        return (await fetch(`${lb}/readyz`)).ok;
      });

      database = await openDatabase({
        databaseUrl: scratchDatabase.url,
        dataDir: scratch,
        poolSize: 2,
      });
      const email = `topology-host-${randomBytes(4).toString('hex')}@example.com`;
      const user = await database.db
        .insertInto('users')
        .values({
          name: 'Topology Host',
          email,
          password_hash: await hashPassword(PASSWORD),
          email_verified_at: new Date(),
          default_login: 2,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const now = Date.now();
      event = await database.db
        .insertInto('events')
        .values({
          host_id: user.id,
          name: 'Topology Night',
          start_time: new Date(now - 3600_000),
          end_time: new Date(now + 6 * 3600_000),
          code: generateEventCode(),
        })
        .returning(['id', 'code'])
        .executeTakeFirstOrThrow();
      songs = (
        await database.db
          .selectFrom('catalog_songs')
          .select('id')
          .orderBy('id')
          .limit(SONGS)
          .execute()
      ).map((row) => row.id);
      const login = await call(lb, 'POST', '/api/auth/login', undefined, {
        email,
        password: PASSWORD,
      });
      hostToken = dataOf<{ access_token: string }>(login, 'host login').access_token;
    }, SETUP_TIMEOUT_MS);

    afterAll(async () => {
      // Runs when a test failed too: every process stopped, the database dropped, the keys gone.
      for (const client of clients) client.close();
      const stops = [
        balancer?.stop(),
        worker?.stop('SIGTERM', 20_000),
        ...[...nodes.values()].map((running) => running.stop('SIGTERM', 20_000)),
      ];
      await Promise.allSettled(stops);
      await database?.close().catch(() => undefined);
      await scratchDatabase?.drop().catch(() => undefined);
      if (redisUrl) {
        const redis = new Redis(redisUrl);
        const keys = await redis.keys(`${redisPrefix}*`);
        if (keys.length > 0) await redis.del(...keys);
        await redis.quit();
      }
      rmSync(scratch, { recursive: true, force: true });
    }, 60_000);

    it('runs the built migrate.js on an empty database, then the built nodes and worker behind deploy/nginx.conf', async () => {
      expect(migrateOutput).toContain('202611210900_catalog_seed');
      expect(songs).toHaveLength(SONGS);
      const ready = await fetch(`${lb}/readyz`);
      expect(ready.headers.get('server')).toBe('nginx');
      expect(await ready.json()).toMatchObject({
        status: true,
        data: { database: 'postgres', redis: true },
      });
      for (const name of NODE_NAMES) {
        expect((await fetch(`${node(name).baseUrl}/readyz`)).status).toBe(200);
      }
      expect((await fetch(`${worker?.baseUrl}/readyz`)).status).toBe(200);
      // The balancer keeps the nodes' metrics to itself.
      expect((await fetch(`${lb}/metrics`)).status).toBe(404);
    });

    it(
      'a song request sent on one node reaches the host’s socket, connected through nginx to the other',
      async () => {
        host = liveClient(lb, hostToken, event.id);
        clients.push(host);
        await waitFor('the host in the event’s room', () => liveState(host) === 'live');
        const sockets = await Promise.all(
          NODE_NAMES.map((name) => metric(node(name), 'socketio_connected_sockets')),
        );
        expect([...sockets].sort()).toEqual([0, 1]);
        hostNode = NODE_NAMES[sockets.indexOf(1)] ?? 'app1';
        const otherNode = hostNode === 'app1' ? 'app2' : 'app1';

        const [attendee = ''] = await joinGuests(1);
        const song = songs.at(-1) ?? '';
        const pushed = nextPush(host.socket, 'request:upserted', 10_000);
        const sent = await sendSongRequest(node(otherNode).baseUrl, 0, attendee, song);
        expect(sent.status).toBe(201);
        firstRequestId = sent.requestId ?? 0;
        await expect(pushed).resolves.toMatchObject({
          eventId: event.id,
          request: { song_id: song, request_count: 1 },
        });
      },
      SCENARIO_TIMEOUT_MS,
    );

    it(
      'a node SIGKILLed mid-burst: clients reconnect through nginx to the other, every acknowledged request is queued once, and polling keeps a socketless host right',
      async ({ annotate }) => {
        const guests = await joinGuests(BURST_GUESTS);
        for (const token of guests.slice(0, ATTENDEE_SOCKETS)) {
          clients.push(liveClient(lb, token, event.id));
        }
        await waitFor('every live client in the room', () =>
          clients.every((client) => liveState(client) === 'live'),
        );
        const spread = await Promise.all(
          NODE_NAMES.map((name) => metric(node(name), 'socketio_connected_sockets')),
        );
        // Round robin, no stickiness: the sockets sit on both nodes.
        expect(spread.every((count) => count > 0)).toBe(true);
        expect(spread.reduce((sum, count) => sum + count, 0)).toBe(clients.length);
        // The node holding the host's socket dies.
        const victimName = hostNode;
        const survivorName: NodeName = victimName === 'app1' ? 'app2' : 'app1';
        const victim = node(victimName);
        const poller = pollWhileDown(lb, hostToken, event.id);

        const sent: Sent[] = [];
        let next = 0;
        let killed: Promise<unknown> | undefined;
        const sender = async (client: number) => {
          while (next < BURST) {
            const index = next;
            next += 1;
            if (index === KILL_AFTER) killed = victim.stop('SIGKILL');
            const token = guests[index % BURST_GUESTS] ?? '';
            const song = songs[Math.floor(index / BURST_GUESTS) % SONGS] ?? '';
            sent.push(await sendSongRequest(lb, client, token, song));
          }
        };
        await Promise.all(Array.from({ length: BURST_CONCURRENCY }, (_, client) => sender(client)));
        await killed;
        expect(victim.child.signalCode).toBe('SIGKILL');
        nodes.delete(victimName);

        const acknowledged = sent.flatMap((one) => (one.requestId ? [one.requestId] : []));
        const statuses = sent.map((one) => one.status);
        // Only the requests the dead node held when it died fail (502: nginx does not
        // resend a POST it already passed on); the rest go to the survivor.
        expect(statuses.filter((status) => status !== 201 && status !== 502)).toEqual([]);
        expect(acknowledged.length).toBeGreaterThan(BURST - BURST_CONCURRENCY * 2);
        const lastOf = new Map(sent.map((one) => [one.client, one.status]));
        expect([...lastOf.values()].every((status) => status === 201)).toBe(true);

        // Every client came back, through nginx, to the survivor.
        const allLive = () => clients.map(liveState);
        await waitFor(
          'every dropped client back in the room',
          async () =>
            allLive().every((state) => state === 'live') &&
            (await metric(node(survivorName), 'socketio_connected_sockets')) === clients.length,
          30_000,
        ).catch(() => undefined);
        expect(allLive()).toEqual(clients.map(() => 'live'));
        expect(await metric(node(survivorName), 'socketio_connected_sockets')).toBe(clients.length);
        expect(host.drops).toBe(1);
        const snapshot = await expectQueueHolds(acknowledged);
        const answered = new Set([firstRequestId, ...acknowledged]);
        const storedUnanswered = snapshot.song_requests.filter(
          (request) => !answered.has(request.id),
        ).length;

        // The socketless host: each poll holds every request acknowledged before it was
        // sent, and the first poll after the burst is the whole queue.
        const lastAnswer = Math.max(...sent.map((one) => one.answeredAt));
        await waitFor(
          'a poll after the burst',
          () => poller.polls.some((poll) => poll.sentAt > lastAnswer),
          3 * EVENT_DETAILS_POLL_MS,
        );
        await poller.stop();
        expect(poller.polls.map((poll) => poll.status).filter((status) => status !== 200)).toEqual(
          [],
        );
        for (const poll of poller.polls) {
          const before = sent.filter((one) => one.requestId && one.answeredAt < poll.sentAt);
          for (const one of before) expect(poll.ids.has(one.requestId ?? 0)).toBe(true);
        }
        const caughtUp = poller.polls.find((poll) => poll.sentAt > lastAnswer);
        expect([...(caughtUp?.ids ?? [])].sort((a, b) => a - b)).toEqual(
          snapshot.song_requests.map((request) => request.id).sort((a, b) => a - b),
        );

        // Live pushes reach the host on the survivor.
        const pushed = nextPush(host.socket, 'request:upserted', 10_000);
        const extra = await sendSongRequest(lb, 0, guests[0] ?? '', songs.at(-2) ?? '');
        expect(extra.status).toBe(201);
        await expect(pushed).resolves.toMatchObject({ eventId: event.id });

        const failed = statuses.filter((status) => status === 502).length;
        await annotate(
          `kill: ${sent.length} sent through nginx, ${acknowledged.length} acknowledged, 0 lost, ` +
            `${failed} answered 502 (in flight on the killed node; ${storedUnanswered} of them stored), ` +
            `${clients.length} sockets back on ${survivorName}, ${poller.polls.length} polls while down`,
        );

        // Back to two nodes for what follows.
        await startNode(victimName);
        await untilBalancerReaches(victimName);
      },
      SCENARIO_TIMEOUT_MS,
    );

    it(
      'a rolling restart under a steady stream loses no acknowledged request, and 5xx never outlast one node’s restart',
      async ({ annotate }) => {
        const streamGuests = await joinGuests(STREAM_CLIENTS);
        const sent: Sent[] = [];
        let streaming = true;
        const stream = streamGuests.map(async (token, client) => {
          for (let round = 0; streaming; round += 1) {
            sent.push(await sendSongRequest(lb, client, token, songs[round % SONGS] ?? ''));
            await sleep(STREAM_PAUSE_MS);
          }
        });
        const answeredBy = (from: number) =>
          new Set(sent.filter((one) => one.sentAt > from).map((one) => one.client)).size ===
          STREAM_CLIENTS;
        await waitFor('every client answered once', () => answeredBy(0), 30_000);

        const windows: { node: NodeName; from: number; to: number; ms: number }[] = [];
        for (const name of NODE_NAMES) {
          await untilBalancerReaches(name);
          const from = tick();
          const started = performance.now();
          const exit = await node(name).stop('SIGTERM', 30_000);
          expect(exit).toEqual({ code: 0, signal: null });
          nodes.delete(name);
          await startNode(name);
          await untilBalancerReaches(name);
          windows.push({ node: name, from, to: tick(), ms: performance.now() - started });
        }
        const restarted = tick();
        await waitFor('every client answered after the restarts', () => answeredBy(restarted));
        streaming = false;
        await Promise.all(stream);

        const statuses = sent.map((one) => one.status);
        expect(statuses.filter((status) => status === 'network')).toEqual([]);
        expect(
          statuses.filter((status) => typeof status === 'number' && status >= 300 && status < 500),
        ).toEqual([]);
        const runs = runsOf5xx(sent);
        const outside = runs.filter(
          (run) => !windows.some((window) => run.from > window.from && run.to < window.to),
        );
        expect(outside).toEqual([]);
        const acknowledged = sent.flatMap((one) => (one.requestId ? [one.requestId] : []));
        await expectQueueHolds(acknowledged);
        const allLive = () => clients.map(liveState);
        await waitFor(
          'every client in the room after the restarts',
          () => allLive().every((state) => state === 'live'),
          30_000,
        ).catch(() => undefined);
        expect(allLive()).toEqual(clients.map(() => 'live'));
        const sockets = await Promise.all(
          NODE_NAMES.map((name) => metric(node(name), 'socketio_connected_sockets')),
        );
        expect(sockets.reduce((sum, count) => sum + count, 0)).toBe(clients.length);

        const longest = runs.reduce<Run5xx | undefined>(
          (worst, run) => (!worst || run.count > worst.count ? run : worst),
          undefined,
        );
        await annotate(
          `rolling restart: ${sent.length} sent by ${STREAM_CLIENTS} clients, ${acknowledged.length} acknowledged, 0 lost, ` +
            `${statuses.filter((status) => typeof status === 'number' && status >= 500).length} answered 5xx, ` +
            `longest 5xx run ${longest ? `${longest.count} (${Math.round(longest.ms)} ms)` : '0'}; ` +
            `restarts ${windows.map((window) => `${window.node} ${Math.round(window.ms)} ms`).join(', ')}`,
        );
      },
      SCENARIO_TIMEOUT_MS,
    );
  },
);
