import type { HostEventDetails } from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogSongIds, party, type Party } from '../helpers/fault-app.ts';
import {
  FAULTS_ENABLED,
  ownRedis,
  sleep,
  waitFor,
  type OwnRedis,
} from '../helpers/fault-cluster.ts';
import {
  connected,
  connectSocket,
  listenOnLoopback,
  nextPush,
  subscribe,
  type TestSocket,
} from '../helpers/socket-client.ts';
import { createPeerApp, createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Two nodes share a Redis of the test's own (never the machine's shared
 * one). Redis is killed while attendees keep requesting on node B and started
 * again on the same port: the nodes reconnect by themselves, pushes to the
 * host on node A resume, and the host's resync (event details) holds every
 * request that was acknowledged, outage or not.
 */
const enabled = FAULTS_ENABLED;

describe('restarting Redis during traffic', () => {
  let redis: OwnRedis | undefined;
  let nodeA: TestApp | undefined;
  let nodeB: TestApp | undefined;
  let hostSocket: TestSocket | undefined;
  let world: Party;
  let songs: string[];

  beforeAll(async () => {
    if (!enabled) return;
    redis = await ownRedis();
    await redis.start();
    nodeA = await createTestApp({ REDIS_URL: redis.url, AUTH_RATE_LIMIT_PER_MINUTE: '100000' });
    nodeB = await createPeerApp(nodeA);
    world = await party(nodeA, 10);
    songs = await catalogSongIds(nodeA, 60);
  }, 60_000);

  afterAll(async () => {
    hostSocket?.disconnect();
    // The nodes close cleanly only with Redis there: if the test failed during the outage, start it again.
    await redis?.start().catch(() => undefined);
    await nodeB?.close();
    await nodeA?.close();
    await redis?.kill();
  }, 30_000);

  it.skipIf(!enabled)(
    'nodes recover by themselves, pushes resume, and nothing acknowledged is lost',
    async () => {
      if (!nodeA || !nodeB || !redis) throw new Error('not set up');
      const a = nodeA;
      const b = nodeB;
      const baseUrl = await listenOnLoopback(a.app);
      hostSocket = connectSocket(baseUrl, { token: world.host.headers.authorization?.slice(7) });
      await connected(hostSocket);
      expect(await subscribe(hostSocket, world.event.id)).toMatchObject({ ok: true });
      const pushed = new Set<string>();
      hostSocket.on('request:upserted', (push) => {
        pushed.add(`${push.request.song_id}#${push.request.request_count}`);
      });

      let index = 0;
      const statuses: number[] = [];
      const accepted: string[] = [];
      const send = async () => {
        const guest = world.guests[index % world.guests.length];
        const song = songs[Math.floor(index / world.guests.length) % songs.length] ?? '';
        index += 1;
        if (!guest) return undefined;
        const res = await b.app.inject({
          method: 'POST',
          url: '/api/v1/send-song-request',
          headers: guest.headers,
          payload: { event_id: world.event.id, song_id: song },
        });
        statuses.push(res.statusCode);
        if (res.statusCode !== 201) return undefined;
        const count = (res.json() as { data: { grouped_song_request: { request_count: number } } })
          .data.grouped_song_request.request_count;
        const key = `${song}#${count}`;
        accepted.push(key);
        return key;
      };

      let stop = false;
      const traffic = (async () => {
        while (!stop) {
          await send();
          await sleep(25);
        }
      })();
      await sleep(700);
      await redis.kill();
      await sleep(2500);
      await redis.start();

      // Pushes resume: a fresh request made on node B reaches the host on node A.
      await waitFor(
        'a push through the restarted Redis',
        async () => {
          const key = await send();
          if (!key) return false;
          await sleep(300);
          return pushed.has(key);
        },
        30_000,
      );
      await sleep(500);
      stop = true;
      await traffic;

      expect(statuses.filter((status) => status >= 500)).toEqual([]);
      // Some pushes fell into the outage; the host resyncs from the snapshot.
      const details = await a.app.inject({
        method: 'GET',
        url: `/api/v1/get-event-details?id=${world.event.id}&include=requests`,
        headers: world.host.headers,
      });
      expect(details.statusCode).toBe(200);
      const snapshot = (details.json() as { data: Required<HostEventDetails> }).data;
      const inQueue = new Map(
        snapshot.grouped_song_requests.map((song) => [song.song_id, song.request_count]),
      );
      for (const key of accepted) {
        const [song, count] = key.split('#');
        expect(inQueue.get(song ?? '')).toBeGreaterThanOrEqual(Number(count));
      }
      expect(snapshot.song_requests.length).toBe(accepted.length);
      const ids = snapshot.song_requests.map((request) => request.id);
      expect(new Set(ids).size).toBe(ids.length);
      // And both nodes say they are ready again.
      for (const node of [a, b]) {
        await waitFor('readyz 200', async () => {
          const ready = await node.app.inject({ method: 'GET', url: '/readyz' });
          return ready.statusCode === 200;
        });
      }
      const live = nextPush(hostSocket, 'request:upserted', 10_000);
      await send();
      await expect(live).resolves.toMatchObject({ eventId: world.event.id });
    },
    120_000,
  );
});
