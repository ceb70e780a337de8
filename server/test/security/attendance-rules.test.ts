import { PAYMENT_MSG, RATING_MSG } from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEvent, joinEvent, signIn, type SignedIn } from '../helpers/event-factories.ts';
import { post } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { activeDemoHost, createPaymentLink } from '../payments/payment-fixtures.ts';

/**
 * Ratings and tips come from people who were there: no stuffing a host's
 * rating from accounts that never joined, no "tips" for an event never joined.
 */
describe('ratings and tips need attendance', () => {
  let t: TestApp;
  let host: SignedIn;
  let fan: SignedIn;
  let started: { id: number };
  let upcoming: { id: number };

  beforeAll(async () => {
    t = await createTestApp();
    host = await activeDemoHost(t, 'Dana Host');
    fan = await signIn(t, { name: 'Alex Fan', defaultLogin: 3 });
    started = await insertEvent(t, host.id, {
      start: new Date(Date.now() - 3600_000).toISOString(),
      end: new Date(Date.now() + 3600_000).toISOString(),
    });
    upcoming = await insertEvent(t, host.id);
  });
  afterAll(async () => {
    await t.close();
  });

  const rate = (who: SignedIn, body: Record<string, unknown>) =>
    post(t, '/api/v1/store-rating', { host_id: host.id, rating: 5, ...body }, who.headers);

  it('refuses a rating from someone who never joined, for an event or for the host', async () => {
    const stranger = await signIn(t, { name: 'Sam Stranger', defaultLogin: 3 });
    const forEvent = await rate(stranger, { event_id: started.id });
    expect(forEvent.statusCode).toBe(403);
    expect(forEvent.json().msg).toBe(RATING_MSG.notJoined);
    const forHost = await rate(stranger, {});
    expect(forHost.statusCode).toBe(403);
    expect(forHost.json().msg).toBe(RATING_MSG.neverAttended);
    const host_ = await t.ctx.db
      .selectFrom('users')
      .select('rating_count')
      .where('id', '=', host.id)
      .executeTakeFirstOrThrow();
    expect(host_.rating_count).toBe(0);
  });

  it('refuses a rating for an event that has not started, even from its guest', async () => {
    await joinEvent(t, upcoming.id, fan.id);
    const res = await rate(fan, { event_id: upcoming.id });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(RATING_MSG.notStarted);
  });

  it('takes one rating per event from a guest who joined it once started', async () => {
    await joinEvent(t, started.id, fan.id);
    expect((await rate(fan, { event_id: started.id })).statusCode).toBe(200);
    expect((await rate(fan, { event_id: started.id })).statusCode).toBe(409);
  });

  it('refuses a tip for an event the payer never joined; the host’s profile tip stays open', async () => {
    const stranger = await signIn(t, { name: 'Tia Stranger', defaultLogin: 3 });
    const forEvent = await createPaymentLink(t, stranger, {
      host_id: host.id,
      amount: '5',
      event_id: started.id,
    });
    expect(forEvent.statusCode).toBe(403);
    expect(forEvent.json().msg).toBe(PAYMENT_MSG.notJoined);
    const tips = await t.ctx.db
      .selectFrom('tips')
      .select('id')
      .where('attendee_id', '=', stranger.id)
      .execute();
    expect(tips).toEqual([]);
    expect(
      (await createPaymentLink(t, stranger, { host_id: host.id, amount: '5' })).statusCode,
    ).toBe(200);
    expect(
      (await createPaymentLink(t, fan, { host_id: host.id, amount: '5', event_id: started.id }))
        .statusCode,
    ).toBe(200);
  });
});
