import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLiveQueue } from '../../src/live-queue/live-queue.ts';
import type { RequestedSong } from '../../src/live-queue/send-request.repository.ts';
import type { QueueChange } from '../../src/live-queue/queue-pushes.ts';
import { insertAttendee, insertEvent, joinEvent } from '../helpers/event-factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * An event's song requests that arrive while its previous one commits are
 * committed together in one transaction. Each stays its own write: its own
 * seq in arrival order, its own answer, its own failure.
 */

function song(index: number, songDuration = 200): RequestedSong {
  return {
    songId: `group-commit-${index}`,
    songName: `Song ${index}`,
    songArtist: 'The Groupers',
    albumName: 'Together',
    songImage: null,
    songLink: null,
    songDuration,
    explicit: false,
  };
}

describe('group commit of an event’s concurrent requests', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t?.close();
  });

  async function party(guests: number) {
    const host = await insertAttendee(t, 'Group Host');
    const event = await insertEvent(t, host.id);
    const ids: number[] = [];
    for (let index = 0; index < guests; index += 1) {
      const guest = await insertAttendee(t, `Grouped Guest ${index}`);
      await joinEvent(t, event.id, guest.id);
      ids.push(guest.id);
    }
    const published: QueueChange[] = [];
    const queue = createLiveQueue({ db: t.ctx.db, publish: (change) => published.push(change) });
    const seq = async () =>
      Number(
        (
          await t.ctx.db
            .selectFrom('events')
            .select(['seq'])
            .where('id', '=', event.id)
            .executeTakeFirstOrThrow()
        ).seq,
      );
    return { eventId: event.id, guests: ids, published, queue, seq };
  }

  it('fails only the request the database refuses; the others go in, in arrival order, one seq each', async () => {
    const { eventId, guests, published, queue, seq } = await party(10);
    const before = await seq();
    // A length past Postgres' integer: the database refuses that one statement.
    const broken = 5;
    const outcomes = await Promise.allSettled(
      guests.map((guestId, index) =>
        queue.request(guestId, eventId, song(index, index === broken ? 2 ** 31 : 200)),
      ),
    );

    expect(outcomes.map((outcome) => outcome.status)).toEqual(
      guests.map((_, index) => (index === broken ? 'rejected' : 'fulfilled')),
    );
    for (const outcome of outcomes) {
      if (outcome.status === 'fulfilled') expect(outcome.value.status).toBe(201);
    }
    const rows = await t.ctx.db
      .selectFrom('song_requests')
      .select('song_id')
      .where('event_id', '=', eventId)
      .execute();
    expect(rows).toHaveLength(9);
    const event = await t.ctx.db
      .selectFrom('events')
      .select('request_count')
      .where('id', '=', eventId)
      .executeTakeFirstOrThrow();
    expect(event.request_count).toBe(9);
    expect(await seq()).toBe(before + 9);
    // Pushed in seq order, which is the order the requests arrived in.
    expect(published.map((change) => change.seq)).toEqual(
      Array.from({ length: 9 }, (_, index) => before + 1 + index),
    );
    expect(published.map((change) => change.songs[0]?.songId)).toEqual(
      guests.map((_, index) => song(index).songId).filter((_, index) => index !== broken),
    );
    // Seq k+1's entry counts every request of seq ≤ k: each song here once.
    expect(published.map((change) => change.stats.requests)).toEqual(
      Array.from({ length: 9 }, (_, index) => index + 1),
    );
  });

  it('answers a repeat sent in the same group with the request it repeats', async () => {
    const { eventId, guests, queue } = await party(4);
    const [first, second, third, fourth] = guests as [number, number, number, number];
    const answers = await Promise.all([
      queue.request(first, eventId, song(0)),
      queue.request(second, eventId, song(1)),
      queue.request(third, eventId, song(1)),
      queue.request(third, eventId, song(1)),
      queue.request(fourth, eventId, song(1)),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 200, 201]);
    expect(answers[3]?.data.song_request.id).toBe(answers[2]?.data.song_request.id);
    expect(answers[4]?.data.grouped_song_request.request_count).toBe(3);
  });
});
