import {
  DEFAULT_REQUEST_SETTINGS,
  REQUEST_RULE_MSG,
  REQUEST_SETTINGS_MAX,
  attendeeEventDetailsSchema,
  hostEventDetailsSchema,
} from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, insertEvent, signIn, type SignedIn } from '../helpers/event-factories.ts';
import { post } from '../helpers/factories.ts';
import {
  connected,
  connectSocket,
  listenOnLoopback,
  nextPush,
  subscribe,
} from '../helpers/socket-client.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  AGADOO,
  BOHEMIAN,
  itunesSong,
  joined,
  markRequest,
  sendRequest,
  signInMany,
} from './request-factories.ts';

/**
 * The host's request controls (issue 14): open or closed, a cap on a guest's
 * waiting songs, a cooldown between a guest's requests, a rest for played
 * songs, blocked artists or titles. Each refuses with a 422 a guest
 * understands and writes nothing; the cap holds under concurrency.
 */
describe('request settings', () => {
  let t: TestApp;
  let host: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    host = await signIn(t, { name: 'Dana Host' });
  });
  afterAll(async () => {
    await t.close();
  });

  const settle = (who: SignedIn, body: Record<string, unknown>) =>
    post(t, '/api/v1/update-request-settings', body, who.headers);

  async function liveEvent() {
    return insertEvent(t, host.id, {
      start: new Date(Date.now() - 3600_000).toISOString(),
      end: new Date(Date.now() + 3600_000).toISOString(),
    });
  }

  async function guests(eventCode: string, count: number) {
    const people = await signInMany(t, count);
    for (const person of people) await joined(t, person, eventCode);
    return people;
  }

  const requestCount = async (eventId: number) =>
    Number(
      (
        await t.ctx.db
          .selectFrom('song_requests')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('event_id', '=', eventId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('answers and shows the whole settings, pushes them to the room, and only for the host', async () => {
    const event = await liveEvent();
    const [fan] = (await guests(event.code, 1)) as [SignedIn];
    const baseUrl = await listenOnLoopback(t.app);
    const socket = connectSocket(baseUrl, {
      token: fan.headers.authorization?.replace('Bearer ', '') ?? '',
    });
    await connected(socket);
    await subscribe(socket, event.id);
    const pushed = nextPush(socket, 'event:settings');

    const res = await settle(host, {
      event_id: event.id,
      requests_open: false,
      max_open_requests_per_guest: '3',
      blocked: ['Nickelback', 'nickelback', 'Baby Shark'],
    });
    expect(res.statusCode).toBe(200);
    const settings = {
      ...DEFAULT_REQUEST_SETTINGS,
      requests_open: false,
      max_open_requests_per_guest: 3,
      blocked: ['Nickelback', 'Baby Shark'],
    };
    expect(res.json()).toEqual({ status: true, msg: REQUEST_RULE_MSG.saved, data: settings });
    expect((await pushed).settings).toEqual(settings);
    socket.disconnect();

    const hostView = hostEventDetailsSchema.parse(
      (await get(t, `/api/v1/get-event-details?id=${event.id}`, host.headers)).json().data,
    );
    expect(hostView.request_settings).toEqual(settings);
    const fanView = attendeeEventDetailsSchema.parse(
      (await get(t, `/api/v1/get-attendee-event-details?id=${event.id}`, fan.headers)).json().data,
    );
    expect(fanView.request_settings).toEqual(settings);

    // Another host, or an attendee of the event, cannot touch them: it is not theirs.
    const other = await signIn(t, { name: 'Other Host' });
    expect((await settle(other, { event_id: event.id, requests_open: true })).statusCode).toBe(404);
    expect((await settle(fan, { event_id: event.id, requests_open: true })).statusCode).toBe(404);
  });

  it.each([
    [{ max_open_requests_per_guest: REQUEST_SETTINGS_MAX.openRequestsPerGuest + 1 }],
    [{ guest_cooldown_seconds: -1 }],
    [{ guest_cooldown_seconds: REQUEST_SETTINGS_MAX.cooldownSeconds + 1 }],
    [{ song_repeat_minutes: REQUEST_SETTINGS_MAX.repeatMinutes + 1 }],
    [{ blocked: Array.from({ length: REQUEST_SETTINGS_MAX.blockedTerms + 1 }, (_, i) => `t${i}`) }],
    [{ blocked: ['two\nlines'] }],
    [{ requests_open: 'maybe' }],
  ])('refuses %j and changes nothing', async (body) => {
    const event = await liveEvent();
    const res = await settle(host, { event_id: event.id, ...body });
    expect(res.statusCode).toBe(422);
    const row = await t.ctx.db
      .selectFrom('events')
      .select(['requests_open', 'max_open_requests_per_guest', 'blocked_terms'])
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ requests_open: true, max_open_requests_per_guest: 0, blocked_terms: [] });
  });

  it('closed: refuses new requests with a message, takes them again once reopened', async () => {
    const event = await liveEvent();
    const [fan] = (await guests(event.code, 1)) as [SignedIn];
    await settle(host, { event_id: event.id, requests_open: false });
    const refused = await sendRequest(t, fan, event.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().msg).toBe(REQUEST_RULE_MSG.closed);
    expect(await requestCount(event.id)).toBe(0);
    await settle(host, { event_id: event.id, requests_open: true });
    expect((await sendRequest(t, fan, event.id)).statusCode).toBe(201);
  });

  it('blocked: refuses a song whose artist or title holds a term, whatever its case', async () => {
    const event = await liveEvent();
    const [fan] = (await guests(event.code, 1)) as [SignedIn];
    await settle(host, { event_id: event.id, blocked: ['QUEEN', 'shark'] });
    const queen = await sendRequest(t, fan, event.id, { song_id: BOHEMIAN.song_id });
    expect(queen.statusCode).toBe(422);
    expect(queen.json().msg).toBe(REQUEST_RULE_MSG.blocked);
    const shark = await sendRequest(t, fan, event.id, itunesSong('s', { song_name: 'Baby Shark' }));
    expect(shark.json().msg).toBe(REQUEST_RULE_MSG.blocked);
    expect((await sendRequest(t, fan, event.id, { song_id: AGADOO })).statusCode).toBe(201);
  });

  it('repeat: a song just played rests, then may be asked for again', async () => {
    const event = await liveEvent();
    const [ana, ben] = (await guests(event.code, 2)) as [SignedIn, SignedIn];
    expect((await sendRequest(t, ana, event.id)).statusCode).toBe(201);
    expect((await markRequest(t, host, event.id, BOHEMIAN.song_id, 'played')).statusCode).toBe(200);
    await settle(host, { event_id: event.id, song_repeat_minutes: 30 });
    const again = await sendRequest(t, ben, event.id);
    expect(again.statusCode).toBe(422);
    expect(again.json().msg).toBe(REQUEST_RULE_MSG.justPlayed);
    // Played long enough ago: taken.
    await t.ctx.db
      .updateTable('queue_entries')
      .set({ last_played_at: new Date(Date.now() - 31 * 60_000) })
      .where('event_id', '=', event.id)
      .execute();
    expect((await sendRequest(t, ben, event.id)).statusCode).toBe(201);
  });

  it('cap: 20 requests at once from one guest with a cap of 3 → exactly 3 go in', async () => {
    const event = await liveEvent();
    const [fan] = (await guests(event.code, 1)) as [SignedIn];
    await settle(host, { event_id: event.id, max_open_requests_per_guest: 3 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        sendRequest(t, fan, event.id, itunesSong(`cap-${index}`)),
      ),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 422)).toHaveLength(17);
    expect(answers.find((res) => res.statusCode === 422)?.json().msg).toBe(
      REQUEST_RULE_MSG.tooMany(3),
    );
    expect(await requestCount(event.id)).toBe(3);
    // A repeat of one of them is still answered as before, not refused.
    const mine = answers.find((res) => res.statusCode === 201)?.json().data.song_request.song_id;
    const repeat = await sendRequest(
      t,
      fan,
      event.id,
      itunesSong(String(mine).replace('itunes-', '')),
    );
    expect(repeat.statusCode).toBe(200);
    // One played frees a slot.
    expect((await markRequest(t, host, event.id, String(mine), 'played')).statusCode).toBe(200);
    expect((await sendRequest(t, fan, event.id, itunesSong('cap-next'))).statusCode).toBe(201);
  });

  it('cooldown: a guest waits between two requests; another guest does not', async () => {
    const event = await liveEvent();
    const [ana, ben] = (await guests(event.code, 2)) as [SignedIn, SignedIn];
    await settle(host, { event_id: event.id, guest_cooldown_seconds: 120 });
    expect((await sendRequest(t, ana, event.id)).statusCode).toBe(201);
    const soon = await sendRequest(t, ana, event.id, { song_id: AGADOO });
    expect(soon.statusCode).toBe(422);
    expect(soon.json().msg).toBe(REQUEST_RULE_MSG.cooldown(120));
    expect((await sendRequest(t, ben, event.id, { song_id: AGADOO })).statusCode).toBe(201);
  });

  it('applies to requests after the change, never to what is already queued', async () => {
    const event = await liveEvent();
    const [fan] = (await guests(event.code, 1)) as [SignedIn];
    for (const index of [1, 2, 3, 4]) {
      expect((await sendRequest(t, fan, event.id, itunesSong(`early-${index}`))).statusCode).toBe(
        201,
      );
    }
    await settle(host, { event_id: event.id, max_open_requests_per_guest: 2 });
    expect(await requestCount(event.id)).toBe(4);
    const more = await sendRequest(t, fan, event.id, itunesSong('late'));
    expect(more.json().msg).toBe(REQUEST_RULE_MSG.tooMany(4));
  });
});
