import { MSG } from '@floorfill/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { catalogSongIds, createAppOn, party, type Party } from '../helpers/fault-app.ts';
import {
  cloneTemplateDatabase,
  FAULTS_ENABLED,
  sleep,
  waitFor,
  type ScratchDatabase,
} from '../helpers/fault-cluster.ts';
import { startFaultProxy, type FaultProxy } from '../helpers/fault-proxy.ts';
import type { TestApp } from '../helpers/test-app.ts';

/**
 * The database goes away for a few seconds while attendees keep requesting
 * songs (a TCP proxy between the app and Postgres is cut: open connections
 * die, new ones are refused). Calls answer 503 with the clear message, never
 * 500; nothing is half written; the same process serves again once the
 * database is back.
 */
const templateUrl = inject('templateDatabaseUrl');
const enabled = FAULTS_ENABLED && Boolean(templateUrl);

describe('losing the database for a few seconds', () => {
  let scratch: ScratchDatabase | undefined;
  let proxy: FaultProxy | undefined;
  let t: TestApp | undefined;
  let world: Party;
  let songs: string[];

  beforeAll(async () => {
    if (!enabled || !templateUrl) return;
    scratch = await cloneTemplateDatabase(templateUrl);
    const target = new URL(scratch.url);
    proxy = await startFaultProxy(target.hostname, Number(target.port || 5432));
    const proxied = new URL(scratch.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    t = await createAppOn(proxied.toString());
    world = await party(t, 30);
    songs = await catalogSongIds(t, 100);
  }, 60_000);

  afterAll(async () => {
    await proxy?.restore();
    await t?.close();
    await proxy?.close();
    await scratch?.drop();
  }, 30_000);

  it.skipIf(!enabled)(
    'answers 503 while it is gone, writes nothing by halves, and recovers without a restart',
    async () => {
      if (!t || !proxy) throw new Error('not set up');
      const app = t.app;
      const before = await t.ctx.db
        .selectFrom('events')
        .select('seq')
        .where('id', '=', world.event.id)
        .executeTakeFirstOrThrow();

      const statuses: number[] = [];
      const unavailableMessages = new Set<string>();
      const accepted = new Set<string>();
      const answered = new Set<string>();
      let index = 0;
      const send = async () => {
        const attendee = index % world.guests.length;
        const song = songs[Math.floor(index / world.guests.length) % songs.length] ?? '';
        index += 1;
        const guest = world.guests[attendee];
        if (!guest) return;
        const res = await app.inject({
          method: 'POST',
          url: '/api/v1/send-song-request',
          headers: guest.headers,
          payload: { event_id: world.event.id, song_id: song },
        });
        statuses.push(res.statusCode);
        const key = `${guest.id}|${song}`;
        answered.add(key);
        if (res.statusCode === 201) accepted.add(key);
        if (res.statusCode === 503) {
          unavailableMessages.add((res.json() as { msg: string }).msg);
          expect(res.headers['retry-after']).toBe('5');
        }
      };
      // Several callers at once, before, during and after the outage.
      let stop = false;
      const callers = Array.from({ length: 4 }, async () => {
        while (!stop && index < world.guests.length * songs.length) {
          await send();
          await sleep(20);
        }
      });
      await sleep(500);
      await proxy.cut();
      // Readiness says so too.
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      await sleep(3000);
      await proxy.restore();
      await waitFor('a 201 after the database came back', async () => {
        const count = accepted.size;
        await sleep(300);
        return accepted.size > count;
      });
      await sleep(500);
      stop = true;
      await Promise.all(callers);

      expect(statuses.filter((status) => status >= 500 && status !== 503)).toEqual([]);
      expect(statuses).toContain(503);
      expect([...unavailableMessages]).toEqual([MSG.serviceUnavailable]);
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

      // Every 201 is in the database exactly once.
      const rows = await t.ctx.db
        .selectFrom('song_requests')
        .select(['attendee_id', 'song_id'])
        .where('event_id', '=', world.event.id)
        .execute();
      const stored = rows.map((row) => `${row.attendee_id}|${row.song_id}`);
      expect(new Set(stored).size).toBe(stored.length);
      for (const key of accepted) expect(stored).toContain(key);
      // Nothing appears that no caller asked for.
      for (const key of stored) expect(answered.has(key)).toBe(true);
      // No request without its seq bump, no seq bump without its request: the
      // send is one transaction (an ambiguous 503 may have committed, wholly).
      const after = await t.ctx.db
        .selectFrom('events')
        .select('seq')
        .where('id', '=', world.event.id)
        .executeTakeFirstOrThrow();
      expect(Number(after.seq) - Number(before.seq)).toBe(rows.length);
      const orphans = await sql<{ n: number }>`
        select count(*)::int as n from song_requests r
        where not exists (select 1 from event_attendees a
                          where a.event_id = r.event_id and a.user_id = r.attendee_id)`.execute(
        t.ctx.db,
      );
      expect(orphans.rows[0]?.n).toBe(0);
    },
    90_000,
  );
});
