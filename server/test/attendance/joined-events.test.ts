import { joinedEventListSchema } from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, insertEvent, signInGuest, type SignedIn } from '../helpers/event-factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { joined, signIn, softDelete } from '../requests/request-factories.ts';

const HOUR = 3600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

describe('GET /api/v1/get-joined-events and /api/v1/get-enrolled-event-list', () => {
  let t: TestApp;
  let host: SignedIn;
  let fan: SignedIn;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    host = await signIn(t, { name: 'Dana Host' });
    fan = await signIn(t, { defaultLogin: 3 });
    const plan: Record<string, [number, number]> = {
      nextMonth: [30 * 24 * HOUR, 30 * 24 * HOUR + 4 * HOUR],
      tomorrow: [24 * HOUR, 28 * HOUR],
      runningNow: [-HOUR, 3 * HOUR],
      lastWeek: [-7 * 24 * HOUR, -7 * 24 * HOUR + 4 * HOUR],
      yesterday: [-24 * HOUR, -20 * HOUR],
      deleted: [2 * HOUR, 6 * HOUR],
    };
    for (const [name, [start, end]] of Object.entries(plan)) {
      const event = await insertEvent(t, host.id, { name, start: iso(start), end: iso(end) });
      ids[name] = event.id;
      await joined(t, fan, event.code);
    }
    // Joined by someone else only: never in the fan's lists.
    const other = await signIn(t, { defaultLogin: 3 });
    const notMine = await insertEvent(t, host.id, { name: 'notMine' });
    await joined(t, other, notMine.code);
    await softDelete(t, ids.deleted ?? 0);
  });
  afterAll(async () => {
    await t.close();
  });

  it('get-joined-events lists every live joined event: not ended soonest first, then ended most recent first', async () => {
    const res = await get(t, `/api/v1/get-joined-events?attendee_id=${fan.id}`, fan.headers);
    expect(res.statusCode).toBe(200);
    const events = joinedEventListSchema.parse(res.json().data);
    expect(events.map((event) => event.name)).toEqual([
      'runningNow',
      'tomorrow',
      'nextMonth',
      'yesterday',
      'lastWeek',
    ]);
    expect(events.every((event) => event.joined)).toBe(true);
    expect(events[0]).toMatchObject({ is_live: true, has_ended: false, enrolled_users_count: 1 });
  });

  it('get-enrolled-event-list lists only the joined events that have not ended, soonest first', async () => {
    const res = await get(t, '/api/v1/get-enrolled-event-list', fan.headers);
    expect(res.statusCode).toBe(200);
    const events = joinedEventListSchema.parse(res.json().data);
    expect(events.map((event) => event.name)).toEqual(['runningNow', 'tomorrow', 'nextMonth']);
  });

  it('answers an empty list to someone who joined nothing, a guest included', async () => {
    const guest = await signInGuest(t);
    for (const path of ['/api/v1/get-joined-events', '/api/v1/get-enrolled-event-list']) {
      const res = await get(t, path, guest.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([]);
    }
  });

  it('refuses another attendee’s list (403) and a caller without a session (401)', async () => {
    for (const path of ['/api/v1/get-joined-events', '/api/v1/get-enrolled-event-list']) {
      expect((await get(t, `${path}?attendee_id=${host.id}`, fan.headers)).statusCode).toBe(403);
      expect((await get(t, `${path}?attendee_id=abc`, fan.headers)).statusCode).toBe(422);
      expect((await get(t, path)).statusCode).toBe(401);
    }
  });
});
