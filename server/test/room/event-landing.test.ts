import { ATTENDANCE_MSG, eventLandingSchema, MSG } from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEvent, signIn, type SignedIn } from '../helpers/event-factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { joinByCode } from '../requests/request-factories.ts';

/**
 * The landing a QR opens: public, only what a poster would say, and a wrong
 * code costs the same guessing budget as a wrong join.
 */
describe('GET /api/v1/get-event-landing', () => {
  let t: TestApp;
  let host: SignedIn;

  beforeAll(async () => {
    t = await createTestApp({
      CODE_FAILURES_PER_ADDRESS: '3',
      CODE_FAILURES_BURST_PER_ADDRESS: '0',
      CHALLENGE_COST: '1',
    });
    host = await signIn(t, { name: 'Dana Host' });
    await t.ctx.db
      .updateTable('users')
      .set({ display_name: 'DJ Dana', rating_sum: 9, rating_count: 2 })
      .where('id', '=', host.id)
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  const landing = (code: string, address = '10.9.0.1') =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/get-event-landing?code=${encodeURIComponent(code)}`,
      remoteAddress: address,
    });

  it('answers anyone the poster: name, times, host card with rating, joined count, requests open', async () => {
    const event = await insertEvent(t, host.id, {
      name: 'Dock Party',
      address: '12 Secret Lane',
      zip: '90210',
      timezone: 'Europe/Berlin',
    });
    const fan = await signIn(t, { name: 'Fanny Fan', defaultLogin: 3 });
    expect((await joinByCode(t, fan, event.code)).statusCode).toBe(200);

    const res = await landing(event.code.toLowerCase());

    expect(res.statusCode).toBe(200);
    const data = eventLandingSchema.parse(res.json().data);
    expect(data).toMatchObject({
      code: event.code,
      name: 'Dock Party',
      timezone: 'Europe/Berlin',
      joined_count: 1,
      requests_open: true,
      is_live: false,
      has_ended: false,
      host: { id: host.id, name: 'DJ Dana', rating: 4.5, total_review: 2 },
    });
    // Nothing beyond the poster: no address, no attendee, no event id to walk.
    expect(Object.keys(res.json().data).sort()).toEqual(Object.keys(data).sort());
    const text = res.body;
    for (const secret of ['12 Secret Lane', '90210', 'Fanny Fan']) {
      expect(text).not.toContain(secret);
    }
  });

  it('says the event has ended, and whether requests are closed', async () => {
    const event = await insertEvent(t, host.id, {
      start: '2020-01-01T20:00:00Z',
      end: '2020-01-02T02:00:00Z',
    });
    await t.ctx.db
      .updateTable('events')
      .set({ requests_open: false })
      .where('id', '=', event.id)
      .execute();

    const res = await landing(event.code);

    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      has_ended: true,
      is_live: false,
      requests_open: false,
    });
  });

  it('answers 404 for an unknown or deleted code and a clear 422 for none', async () => {
    const deleted = await insertEvent(t, host.id);
    await t.ctx.db
      .updateTable('events')
      .set({ deleted_at: new Date() })
      .where('id', '=', deleted.id)
      .execute();

    const unknown = await landing('ZZZZZZ', '10.9.1.1');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: false, msg: ATTENDANCE_MSG.noEventForCode });
    expect((await landing(deleted.code, '10.9.1.2')).statusCode).toBe(404);
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/get-event-landing' });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ code: [MSG.noCode] });
  });

  it('spends the address code budget on wrong codes and never on right ones; past it, a challenge', async () => {
    const event = await insertEvent(t, host.id);
    const address = '10.9.2.1';
    for (let round = 0; round < 5; round += 1) {
      expect((await landing(event.code, address)).statusCode).toBe(200);
    }
    const statuses = [];
    for (const code of ['AAAAAA', 'BBBBBB', 'CCCCCC', 'DDDDDD']) {
      statuses.push((await landing(code, address)).statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 428]);
    // The budget is the join's and the QR image's: they ask for a challenge too.
    const qr = await t.app.inject({
      method: 'GET',
      url: `/api/qr/events/${event.code}.png`,
      remoteAddress: address,
    });
    expect(qr.statusCode).toBe(428);
    expect((await landing(event.code, '10.9.2.2')).statusCode).toBe(200);
  });

  it('puts the landing in the event link and its QR: /e/<code>?k=<the link key>', async () => {
    const event = await insertEvent(t, host.id);
    const fan = await signIn(t, { defaultLogin: 3 });
    const joined = await joinByCode(t, fan, event.code);
    const key = t.app.services.events.passes.keyOf(event.code);
    expect(key).toMatch(/^[\w-]{16}$/);
    expect(joined.json().data.url).toBe(`${t.config.publicUrl}/e/${event.code}?k=${key}`);
  });
});
