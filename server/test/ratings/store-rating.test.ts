import { MSG, RATING_MSG } from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  get,
  insertEvent,
  joinEvent,
  signIn,
  signInGuest,
  type SignedIn,
} from '../helpers/event-factories.ts';
import { signInDirectly } from '../helpers/direct-session.ts';
import { post } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function rate(who: SignedIn, body: Record<string, unknown>) {
  return post(t, '/api/v1/store-rating', body, who.headers);
}

/** An event of this host that has started, and so can be rated by those who joined it. */
function startedEvent(hostId: number) {
  return insertEvent(t, hostId, {
    start: new Date(Date.now() - 3600_000).toISOString(),
    end: new Date(Date.now() + 3600_000).toISOString(),
  });
}

/** Joins these people to the event: only guests who were there rate. */
async function attend(event: { id: number }, ...people: SignedIn[]) {
  for (const person of people) await joinEvent(t, event.id, person.id);
}

async function totalsOf(hostId: number) {
  return t.ctx.db
    .selectFrom('users')
    .select(['rating_sum', 'rating_count'])
    .where('id', '=', hostId)
    .executeTakeFirstOrThrow();
}

describe('store-rating', () => {
  it("stores a rating with feedback and answers the host's new rating", async () => {
    const host = await signIn(t);
    const event = await startedEvent(host.id);
    const first = await signIn(t, { defaultLogin: 3 });
    const second = await signIn(t, { defaultLogin: 3 });
    await attend(event, first, second);

    const res = await rate(first, {
      host_id: host.id,
      rating: 5,
      feedback: '  Great set!  ',
      event_id: event.id,
      attendee_id: first.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: true,
      msg: RATING_MSG.stored,
      data: { rating: 5, total_review: 1, is_rated: true },
    });
    const again = await rate(second, { host_id: host.id, rating: 4, event_id: event.id });
    expect(again.json().data).toEqual({ rating: 4.5, total_review: 2, is_rated: true });

    const stored = await t.ctx.db
      .selectFrom('ratings')
      .selectAll()
      .where('host_id', '=', host.id)
      .orderBy('id')
      .execute();
    expect(stored.map((row) => [row.attendee_id, row.event_id, row.rating, row.feedback])).toEqual([
      [first.id, event.id, 5, 'Great set!'],
      [second.id, event.id, 4, null],
    ]);
    expect(await totalsOf(host.id)).toEqual({ rating_sum: 9, rating_count: 2 });
  });

  it("takes the client's form names (hostId, ratingNumber, feedBack) as a multipart form", async () => {
    const host = await signIn(t);
    const attendee = await signIn(t, { defaultLogin: 3 });
    await attend(await startedEvent(host.id), attendee);
    const form = new FormData();
    form.append('hostId', String(host.id));
    form.append('ratingNumber', '3');
    form.append('feedBack', 'Good vibes');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/store-rating',
      payload: form,
      headers: attendee.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ rating: 3, total_review: 1, is_rated: true });
    const row = await t.ctx.db
      .selectFrom('ratings')
      .select(['rating', 'feedback', 'event_id'])
      .where('host_id', '=', host.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ rating: 3, feedback: 'Good vibes', event_id: null });
  });

  it('keeps the sum and count exact when 20 attendees rate at once', async () => {
    const host = await signIn(t);
    const event = await startedEvent(host.id);
    const attendees = await Promise.all(Array.from({ length: 20 }, () => signInDirectly(t)));
    await attend(event, ...attendees);
    const ratings = attendees.map((_, index) => (index % 5) + 1);

    const answers = await Promise.all(
      attendees.map((attendee, index) =>
        rate(attendee, { host_id: host.id, rating: ratings[index], event_id: event.id }),
      ),
    );

    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    const expectedSum = ratings.reduce((sum, value) => sum + value, 0);
    expect(await totalsOf(host.id)).toEqual({ rating_sum: expectedSum, rating_count: 20 });
    const counts = answers
      .map((res) => res.json().data.total_review as number)
      .sort((a, b) => a - b);
    expect(counts).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
  });

  it('refuses a second rating of the same host for the same event, even sent at once', async () => {
    const host = await signIn(t);
    const event = await startedEvent(host.id);
    const attendee = await signIn(t, { defaultLogin: 3 });
    await attend(event, attendee);

    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        rate(attendee, { host_id: host.id, rating: index + 1, event_id: event.id }),
      ),
    );

    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    const refused = answers.find((res) => res.statusCode === 409);
    expect(refused?.json().msg).toBe(RATING_MSG.alreadyRated);
    expect((await totalsOf(host.id)).rating_count).toBe(1);
  });

  it('lets an attendee rate the same host again for another event, once without an event', async () => {
    const host = await signIn(t);
    const [one, two] = [await startedEvent(host.id), await startedEvent(host.id)];
    const attendee = await signIn(t, { defaultLogin: 3 });
    await attend(one, attendee);
    await attend(two, attendee);
    expect(
      (await rate(attendee, { host_id: host.id, rating: 4, event_id: one.id })).statusCode,
    ).toBe(200);
    expect(
      (await rate(attendee, { host_id: host.id, rating: 2, event_id: two.id })).statusCode,
    ).toBe(200);
    expect((await rate(attendee, { host_id: host.id, rating: 5 })).statusCode).toBe(200);
    expect((await rate(attendee, { host_id: host.id, rating: 1 })).statusCode).toBe(409);
    expect(await totalsOf(host.id)).toEqual({ rating_sum: 11, rating_count: 3 });
  });

  it('refuses guests with "Please register first!"', async () => {
    const host = await signIn(t);
    const guest = await signInGuest(t);
    const res = await rate(guest, { host_id: host.id, rating: 5 });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(MSG.pleaseRegister);
    expect((await totalsOf(host.id)).rating_count).toBe(0);
  });

  it('refuses rating yourself, a guest, an unknown host, and someone else as the attendee', async () => {
    const host = await signIn(t);
    const attendee = await signIn(t, { defaultLogin: 3 });
    const self = await rate(host, { host_id: host.id, rating: 5 });
    expect(self.statusCode).toBe(403);
    expect(self.json().msg).toBe(RATING_MSG.selfRating);
    const guest = await signInGuest(t);
    expect((await rate(attendee, { host_id: guest.id, rating: 5 })).statusCode).toBe(404);
    const unknown = await rate(attendee, { host_id: 999999, rating: 5 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe(RATING_MSG.hostNotFound);
    const impersonating = await rate(attendee, {
      host_id: host.id,
      rating: 5,
      attendee_id: host.id,
    });
    expect(impersonating.statusCode).toBe(403);
    expect((await totalsOf(host.id)).rating_count).toBe(0);
  });

  it("refuses an event that is not the host's or was deleted", async () => {
    const host = await signIn(t);
    const other = await signIn(t);
    const foreign = await insertEvent(t, other.id);
    const deleted = await insertEvent(t, host.id);
    await t.ctx.db
      .updateTable('events')
      .set({ deleted_at: new Date() })
      .where('id', '=', deleted.id)
      .execute();
    const attendee = await signIn(t, { defaultLogin: 3 });
    for (const eventId of [foreign.id, deleted.id]) {
      const res = await rate(attendee, { host_id: host.id, rating: 5, event_id: eventId });
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe(RATING_MSG.eventNotFound);
    }
    expect((await totalsOf(host.id)).rating_count).toBe(0);
  });

  it.each([
    [{}, MSG.fieldRequired],
    [{ rating: '' }, MSG.fieldRequired],
    [{ rating: 0 }, RATING_MSG.ratingRange],
    [{ rating: 6 }, RATING_MSG.ratingRange],
    [{ rating: 4.5 }, RATING_MSG.ratingRange],
    [{ rating: 'five' }, RATING_MSG.ratingRange],
  ])('refuses the rating %j with %j', async (body, message) => {
    const host = await signIn(t);
    const attendee = await signIn(t, { defaultLogin: 3 });
    const res = await rate(attendee, { host_id: host.id, ...body });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.rating).toEqual([message]);
  });

  it('refuses feedback over 1000 characters', async () => {
    const host = await signIn(t);
    const attendee = await signIn(t, { defaultLogin: 3 });
    const res = await rate(attendee, { host_id: host.id, rating: 5, feedback: 'x'.repeat(1001) });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['feedback']);
  });

  it("shows on the host's profile: rating, review count and is_rated for the rater", async () => {
    const host = await signIn(t);
    const attendee = await signIn(t, { defaultLogin: 3 });
    await attend(await startedEvent(host.id), attendee);
    const before = await get(t, `/api/v1/get-user-details?id=${host.id}`, attendee.headers);
    expect(before.json().data).toMatchObject({ rating: 0, total_review: 0, is_rated: false });
    await rate(attendee, { host_id: host.id, rating: 4 });
    const after = await get(t, `/api/v1/get-user-details?id=${host.id}`, attendee.headers);
    expect(after.json().data).toMatchObject({ rating: 4, total_review: 1, is_rated: true });
  });
});
