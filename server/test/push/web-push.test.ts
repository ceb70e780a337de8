import {
  PUSH_MSG,
  pushNoticeSchema,
  type PushNotice,
  type PushSubscriptionJson,
} from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneExpiredRows } from '../../src/maintenance/prune-expired.ts';
import { get, insertEvent, type SignedIn } from '../helpers/event-factories.ts';
import { post } from '../helpers/factories.ts';
import {
  fakeSubscriptionId,
  startFakePushService,
  type FakePushService,
} from '../helpers/fake-push-service.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  AGADOO,
  BOHEMIAN,
  GET_READY,
  joined,
  markRequest,
  sendRequest,
  signIn,
} from '../requests/request-factories.ts';

/**
 * Web Push (issue 29): a guest's phone subscribed to an event hears, from a
 * push service speaking the real wire format (VAPID JWT checked, payload
 * decrypted with the phone's key), when their song is up next, when it
 * plays and when the DJ passes on it — once each — and is forgotten when
 * the guest leaves, the event ends or the push service says it is gone.
 */
describe('Web Push notices', () => {
  let t: TestApp;
  let pushService: FakePushService;
  let host: SignedIn;
  let vapidKey: string;

  beforeAll(async () => {
    pushService = await startFakePushService();
    t = await createTestApp({ PUSH_SERVICE_HOSTS: '127.0.0.1' });
    host = await signIn(t, { name: 'Push Host' });
    const res = await get(t, '/api/v1/push/vapid-key');
    expect(res.statusCode, res.body).toBe(200);
    vapidKey = (res.json() as { data: { public_key: string } }).data.public_key;
  });
  afterAll(async () => {
    await t?.close();
    await pushService?.close();
  });

  /** What the phone with this subscription was shown, in order. */
  function shownOn(subscription: PushSubscriptionJson): PushNotice[] {
    const id = fakeSubscriptionId(subscription);
    return pushService.received
      .filter((push) => push.subscriptionId === id)
      .map((push) => pushNoticeSchema.parse(JSON.parse(push.text)));
  }

  async function subscribed(who: SignedIn, eventId: number): Promise<PushSubscriptionJson> {
    const subscription = pushService.subscribe(vapidKey);
    const res = await post(
      t,
      '/api/v1/push/subscribe',
      { event_id: eventId, subscription },
      who.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      msg: PUSH_MSG.subscribed,
      data: { event_id: eventId, subscribed: true },
    });
    return subscription;
  }

  async function guestsOf(eventCode: string, ...names: string[]): Promise<SignedIn[]> {
    const guests: SignedIn[] = [];
    for (const name of names) {
      const guest = await signIn(t, { name });
      await joined(t, guest, eventCode);
      guests.push(guest);
    }
    return guests;
  }

  async function mark(eventId: number, songId: string, markAs: string) {
    const res = await markRequest(t, host, eventId, songId, markAs);
    expect(res.statusCode, res.body).toBe(200);
    await t.ctx.queue.idle();
  }

  it('answers the public VAPID key the server sends with', () => {
    expect(vapidKey).toBe(t.config.push.vapid.publicKey);
    expect(vapidKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });

  it('tells each requester up next, playing and rejected once, encrypted and signed', async () => {
    const event = await insertEvent(t, host.id, { name: 'Push Night' });
    const [ann, bob, cat] = await guestsOf(event.code, 'Ann Phone', 'Bob Phone', 'Cat Phone');
    expect((await sendRequest(t, ann!, event.id)).statusCode).toBe(201);
    expect((await sendRequest(t, bob!, event.id, { song_id: AGADOO })).statusCode).toBe(201);
    expect((await sendRequest(t, cat!, event.id, { song_id: GET_READY })).statusCode).toBe(201);
    const annPhone = await subscribed(ann!, event.id);
    const bobPhone = await subscribed(bob!, event.id);
    const catPhone = await subscribed(cat!, event.id);
    // A guest's own request changes nobody's place as the booth sees it: no notice yet.
    await t.ctx.queue.idle();
    expect(pushService.received).toHaveLength(0);

    await mark(event.id, BOHEMIAN.song_id, 'reject');
    expect(shownOn(annPhone)).toEqual([
      {
        kind: 'rejected',
        title: 'Not tonight: Bohemian Rhapsody',
        body: 'The DJ passed on your request at Push Night.',
        tag: `song:${event.id}:${BOHEMIAN.song_id}`,
        url: `/e/${event.code}`,
      },
    ]);

    // With Bohemian Rhapsody gone, Agadoo waits first.
    expect(shownOn(bobPhone).map((notice) => notice.title)).toEqual(['Up next: Agadoo']);
    expect(shownOn(catPhone)).toEqual([]);

    await mark(event.id, AGADOO, 'playing');
    expect(shownOn(bobPhone).map((notice) => notice.title)).toEqual([
      'Up next: Agadoo',
      'Playing now: Agadoo',
    ]);
    // Agadoo playing, Get Ready for This waits first: its requester hears it is next.
    expect(shownOn(catPhone).map((notice) => notice.title)).toEqual([
      'Up next: Get Ready for This',
    ]);
    // Marks that leave the same song next, or start a song again, tell nobody twice.
    await mark(event.id, AGADOO, 'played');
    await mark(event.id, GET_READY, 'playing');
    await mark(event.id, GET_READY, 'restore');
    await mark(event.id, GET_READY, 'playing');
    expect(shownOn(catPhone).map((notice) => notice.title)).toEqual([
      'Up next: Get Ready for This',
      'Playing now: Get Ready for This',
    ]);
    expect(shownOn(bobPhone)).toHaveLength(2);
    expect(shownOn(annPhone)).toHaveLength(1);

    for (const push of pushService.received) {
      expect(push.claims.aud).toBe(pushService.origin);
      expect(push.claims.sub).toBe(t.config.push.vapid.subject);
      expect(push.urgency).toBe('high');
      expect(push.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(push.ttl).toBeGreaterThan(0);
    }
    expect(pushService.refused).toEqual([]);
  });

  it('keeps a subscription only for a guest who joined an event not yet over, its keys sealed', async () => {
    const event = await insertEvent(t, host.id);
    const stranger = await signIn(t, { name: 'Not Joined' });
    const subscription = pushService.subscribe(vapidKey);
    const refused = await post(
      t,
      '/api/v1/push/subscribe',
      { event_id: event.id, subscription },
      stranger.headers,
    );
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ msg: PUSH_MSG.notJoined });

    const [guest] = await guestsOf(event.code, 'Sealed Keys');
    await subscribed(guest!, event.id);
    const row = await t.ctx.db
      .selectFrom('push_subscriptions')
      .where('event_id', '=', event.id)
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row.attendee_id).toBe(guest!.id);
    expect(row.keys_sealed).not.toContain(subscription.keys.auth);
    expect(row.keys_sealed).not.toContain(subscription.keys.p256dh);

    const ended = await insertEvent(t, host.id, {
      start: '2020-01-01T20:00:00Z',
      end: '2020-01-02T02:00:00Z',
    });
    await t.ctx.db
      .insertInto('event_attendees')
      .values({ event_id: ended.id, user_id: guest!.id })
      .execute();
    const late = await post(
      t,
      '/api/v1/push/subscribe',
      { event_id: ended.id, subscription: pushService.subscribe(vapidKey) },
      guest!.headers,
    );
    expect(late.statusCode).toBe(404);
  });

  it('refuses an endpoint that is not a known push service, and bad keys, changing nothing', async () => {
    const event = await insertEvent(t, host.id);
    const [guest] = await guestsOf(event.code, 'Odd Endpoint');
    const good = pushService.subscribe(vapidKey);
    const attempts = [
      { ...good, endpoint: 'http://10.0.0.5/push/x' },
      { ...good, endpoint: 'https://evil.example.com/push/x' },
      { ...good, endpoint: 'ftp://127.0.0.1/push/x' },
      { ...good, keys: { ...good.keys, p256dh: 'short' } },
      { ...good, keys: { ...good.keys, auth: `${good.keys.auth}AAAA` } },
      { endpoint: good.endpoint },
    ];
    for (const subscription of attempts) {
      const res = await post(
        t,
        '/api/v1/push/subscribe',
        { event_id: event.id, subscription },
        guest!.headers,
      );
      expect(res.statusCode, JSON.stringify(subscription)).toBe(422);
    }
    const rows = await t.ctx.db
      .selectFrom('push_subscriptions')
      .where('event_id', '=', event.id)
      .select('id')
      .execute();
    expect(rows).toEqual([]);
  });

  it('forgets a phone the push service says is gone, and tries again after a failure it may recover from', async () => {
    const event = await insertEvent(t, host.id, { name: 'Flaky Night' });
    const [gone, flaky] = await guestsOf(event.code, 'Gone Phone', 'Flaky Phone');
    expect((await sendRequest(t, gone!, event.id, { song_id: AGADOO })).statusCode).toBe(201);
    expect((await sendRequest(t, flaky!, event.id, { song_id: AGADOO })).statusCode).toBe(201);
    const gonePhone = await subscribed(gone!, event.id);
    const flakyPhone = await subscribed(flaky!, event.id);
    pushService.answerWith(fakeSubscriptionId(gonePhone), 410);
    pushService.answerWith(fakeSubscriptionId(flakyPhone), 503, 1);

    await mark(event.id, AGADOO, 'playing');
    expect(shownOn(flakyPhone).map((notice) => notice.title)).toEqual(['Playing now: Agadoo']);
    const left = await t.ctx.db
      .selectFrom('push_subscriptions')
      .where('event_id', '=', event.id)
      .select('endpoint')
      .execute();
    expect(left).toEqual([{ endpoint: flakyPhone.endpoint }]);
  });

  it('stops when the guest turns it off or leaves, and when the event ends', async () => {
    const event = await insertEvent(t, host.id);
    const [quiet, leaver] = await guestsOf(event.code, 'Quiet Phone', 'Leaving Phone');
    for (const guest of [quiet!, leaver!]) {
      expect((await sendRequest(t, guest, event.id, { song_id: AGADOO })).statusCode).toBe(201);
    }
    const quietPhone = await subscribed(quiet!, event.id);
    const leaverPhone = await subscribed(leaver!, event.id);
    const off = await post(
      t,
      '/api/v1/push/unsubscribe',
      { event_id: event.id, endpoint: quietPhone.endpoint },
      quiet!.headers,
    );
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({
      msg: PUSH_MSG.unsubscribed,
      data: { event_id: event.id, subscribed: false },
    });
    const left = await post(t, '/api/v1/leave-event', { event_id: event.id }, leaver!.headers);
    expect(left.statusCode, left.body).toBe(200);
    const rows = await t.ctx.db
      .selectFrom('push_subscriptions')
      .where('event_id', '=', event.id)
      .select('id')
      .execute();
    expect(rows).toEqual([]);
    expect(shownOn(quietPhone)).toEqual([]);
    expect(shownOn(leaverPhone)).toEqual([]);

    const [stayer] = await guestsOf(event.code, 'Staying Phone');
    await subscribed(stayer!, event.id);
    await t.ctx.db
      .updateTable('events')
      .set({
        start_time: new Date(Date.now() - 7_200_000),
        end_time: new Date(Date.now() - 60_000),
      })
      .where('id', '=', event.id)
      .execute();
    const pruned = await pruneExpiredRows(t.ctx.db);
    expect(pruned.push_subscriptions).toBeGreaterThanOrEqual(1);
    const after = await t.ctx.db
      .selectFrom('push_subscriptions')
      .where('event_id', '=', event.id)
      .select('id')
      .execute();
    expect(after).toEqual([]);
  });

  it("never lets one guest turn off another's phone", async () => {
    const event = await insertEvent(t, host.id);
    const [owner, other] = await guestsOf(event.code, 'Phone Owner', 'Other Guest');
    const phone = await subscribed(owner!, event.id);
    const res = await post(
      t,
      '/api/v1/push/unsubscribe',
      { event_id: event.id, endpoint: phone.endpoint },
      other!.headers,
    );
    expect(res.statusCode).toBe(200);
    const rows = await t.ctx.db
      .selectFrom('push_subscriptions')
      .where('event_id', '=', event.id)
      .select('attendee_id')
      .execute();
    expect(rows).toEqual([{ attendee_id: owner!.id }]);
  });
});
