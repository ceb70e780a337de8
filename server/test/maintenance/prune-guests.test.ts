import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobHandlers } from '../../src/jobs.ts';
import { insertEvent, insertSongRequest, joinEvent, signIn } from '../helpers/event-factories.ts';
import { createMember } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const DAY = 24 * 3600_000;
const ago = (ms: number) => new Date(Date.now() - ms);

/**
 * Guest accounts made by QR scans are removed once unused for
 * GUEST_RETENTION_DAYS, leaving each event's queue as a logout would (the
 * counters drop with them); guests still in use and members stay.
 */
describe('pruning unused guest accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ GUEST_RETENTION_DAYS: '30' });
  });
  afterAll(async () => {
    await t.close();
  });

  async function guest(
    createdDaysAgo: number,
    session?: { createdDaysAgo: number; expiresInDays: number },
  ) {
    const row = await t.ctx.db
      .insertInto('users')
      .values({
        name: 'Guest',
        is_guest: true,
        default_login: 3,
        created_at: ago(createdDaysAgo * DAY),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (session) {
      await t.ctx.db
        .insertInto('sessions')
        .values({
          id: randomUUID(),
          user_id: row.id,
          created_at: ago(session.createdDaysAgo * DAY),
          expires_at: new Date(Date.now() + session.expiresInDays * DAY),
        })
        .execute();
    }
    return row.id;
  }

  const exists = async (id: number) =>
    (await t.ctx.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !==
    undefined;

  it('removes guests unused for 30 days with their requests, and keeps the rest', async () => {
    const host = await signIn(t, { name: 'Dana Host' });
    const event = await insertEvent(t, host.id);
    const stale = await guest(40, { createdDaysAgo: 40, expiresInDays: -5 });
    await joinEvent(t, event.id, stale);
    await insertSongRequest(t, {
      eventId: event.id,
      attendeeId: stale,
      songId: 'cat-queen--bohemian-rhapsody',
      createdAt: ago(39 * DAY).toISOString(),
    });
    const stillSignedIn = await guest(40, { createdDaysAgo: 40, expiresInDays: 10 });
    const recentRequest = await guest(40);
    await joinEvent(t, event.id, recentRequest);
    await insertSongRequest(t, {
      eventId: event.id,
      attendeeId: recentRequest,
      songId: 'cat-black-lace--agadoo',
      createdAt: ago(2 * DAY).toISOString(),
    });
    const newGuest = await guest(3);
    const oldMember = (await createMember(t, { name: 'Old Member' })).id;
    await sql`update users set created_at = now() - interval '400 days' where id = ${oldMember}`.execute(
      t.ctx.db,
    );

    await jobHandlers(t.ctx)['maintenance:prune'](
      {},
      { jobId: 'test', attempt: 1, requestId: undefined },
    );

    expect(await exists(stale)).toBe(false);
    for (const kept of [stillSignedIn, recentRequest, newGuest, oldMember])
      expect(await exists(kept)).toBe(true);
    const counters = await t.ctx.db
      .selectFrom('events')
      .select(['joined_count', 'request_count'])
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(counters).toEqual({ joined_count: 1, request_count: 1 });
    const entries = await t.ctx.db
      .selectFrom('queue_entries')
      .select('song_id')
      .where('event_id', '=', event.id)
      .execute();
    expect(entries.map((entry) => entry.song_id)).toEqual(['cat-black-lace--agadoo']);
  });
});
