import { BOOST_MSG, hostEventDetailsSchema, type ServerToClientEvents } from '@floorfill/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBoostSettlement } from '../../src/boosts/boost-settlement.ts';
import type { UserNotifier } from '../../src/payments/user-notifier.ts';
import { get, insertEvent, signIn, type SignedIn } from '../helpers/event-factories.ts';
import { post } from '../helpers/factories.ts';
import { FAKE_STRIPE_PUBLISHABLE_KEY, TEST_CARDS } from '../helpers/fake-stripe.ts';
import { connected, connectSocket, listenOnLoopback, nextPush } from '../helpers/socket-client.ts';
import { deliverWebhook, stripeEvent } from '../helpers/stripe-webhooks.ts';
import { createPeerApp, createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  activeDemoHost,
  activeStripeHost,
  bearerToken,
  createStripeTestApp,
  type StripeTestApp,
} from '../payments/payment-fixtures.ts';
import {
  cancelRequest,
  itunesSong,
  joined,
  markRequest,
  sendRequest,
} from '../requests/request-factories.ts';

/**
 * Boosts (issue 30): held when given, charged once the song has played for
 * the host's "counts as played" time, released otherwise — against the
 * demo checkout and against the Stripe fake (real wire format, signed
 * webhooks).
 */

const DAY_MS = 24 * 3600_000;

interface Night {
  eventId: number;
  code: string;
}

async function boostNight(
  t: TestApp,
  host: SignedIn,
  settings: Record<string, unknown> = {},
): Promise<Night> {
  const event = await insertEvent(t, host.id);
  const res = await post(
    t,
    '/api/v1/update-request-settings',
    { event_id: event.id, boosts_enabled: true, boost_counts_after_seconds: 0, ...settings },
    host.headers,
  );
  expect(res.statusCode, res.body).toBe(200);
  return { eventId: event.id, code: event.code };
}

async function requested(t: TestApp, guest: SignedIn, night: Night, song: string) {
  const res = await sendRequest(t, guest, night.eventId, itunesSong(song));
  expect([200, 201], res.body).toContain(res.statusCode);
  return `itunes-${song}`;
}

function boost(
  t: TestApp,
  guest: SignedIn,
  night: Night,
  songId: string,
  amount = 500,
  payWith = 'checkout',
) {
  return post(
    t,
    '/api/v1/boosts',
    { event_id: night.eventId, song_id: songId, amount, pay_with: payWith },
    guest.headers,
  );
}

async function boostRow(t: TestApp, boostId: number) {
  return t.ctx.db
    .selectFrom('boosts')
    .selectAll()
    .where('id', '=', boostId)
    .executeTakeFirstOrThrow();
}

async function hostQueue(t: TestApp, host: SignedIn, night: Night) {
  const res = await get(t, `/api/v1/get-event-details?id=${night.eventId}`, host.headers);
  expect(res.statusCode, res.body).toBe(200);
  return hostEventDetailsSchema.parse(res.json().data).grouped_song_requests;
}

/** A notifier that keeps what it was asked to push. */
function recordingNotifier() {
  const pushes: Array<{ userId: number; name: keyof ServerToClientEvents; args: unknown[] }> = [];
  const notifier: UserNotifier = {
    toUser(userId, name, ...args) {
      pushes.push({ userId, name, args });
    },
  };
  return { pushes, notifier };
}

describe('boosts in demo mode', () => {
  let t: TestApp;
  let host: SignedIn;
  let guest: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    host = await activeDemoHost(t);
    guest = await signIn(t, { name: 'Gia Guest' });
  });
  afterAll(async () => {
    await t.close();
  });

  async function heldBoost(night: Night, songId: string, amount = 500) {
    const res = await boost(t, guest, night, songId, amount);
    expect(res.statusCode, res.body).toBe(201);
    const { boost: made, checkout_url: url } = res.json().data;
    expect(made.state).toBe('pending');
    const path = new URL(url).pathname;
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('charged only if the DJ plays');
    const paid = await t.app.inject({ method: 'POST', url: `${path}/pay`, payload: {} });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(
      `http://localhost:3000/attendee/event/${night.eventId}?boost=held`,
    );
    return made.id as number;
  }

  it('holds a boost, shows the song total to the booth, and charges it once the song plays', async () => {
    const night = await boostNight(t, host);
    await joined(t, guest, night.code);
    const songId = await requested(t, guest, night, 'demo-1');
    const boostId = await heldBoost(night, songId, 700);
    expect((await boostRow(t, boostId)).status).toBe('held');
    const entry = (await hostQueue(t, host, night)).find((song) => song.song_id === songId);
    expect(entry?.boost_cents).toBe(700);

    expect((await markRequest(t, host, night.eventId, songId, 'playing')).statusCode).toBe(200);
    await t.ctx.queue.idle();
    const row = await boostRow(t, boostId);
    expect(row.status).toBe('captured');
    expect(row.captured_at).toBeInstanceOf(Date);

    const mine = await get(t, `/api/v1/boosts/mine?event_id=${night.eventId}`, guest.headers);
    expect(mine.json().data.boosts[0]).toMatchObject({ id: boostId, state: 'charged' });
    // Played again later: nothing more is taken (the boost is settled).
    await markRequest(t, host, night.eventId, songId, 'unplayed');
    await markRequest(t, host, night.eventId, songId, 'playing');
    await t.ctx.queue.idle();
    expect((await boostRow(t, boostId)).status).toBe('captured');
  });

  it('refuses what a guest may not do, with a clear message and nothing stored', async () => {
    const night = await boostNight(t, host, { boost_min_cents: 300 });
    await joined(t, guest, night.code);
    const songId = await requested(t, guest, night, 'demo-2');
    const other = await signIn(t, { name: 'Oli Other' });
    await joined(t, other, night.code);

    const tooSmall = await boost(t, guest, night, songId, 200);
    expect(tooSmall.statusCode).toBe(422);
    expect(tooSmall.body).toContain('The smallest boost tonight is $3.00.');
    const notMine = await boost(t, other, night, songId, 500);
    expect(notMine.statusCode).toBe(422);
    expect(notMine.body).toContain(BOOST_MSG.noRequest);
    const first = await boost(t, guest, night, songId, 500);
    expect(first.statusCode).toBe(201);
    const again = await boost(t, guest, night, songId, 500);
    expect(again.statusCode).toBe(409);
    // Another guest sees none of it.
    const theirs = await get(t, `/api/v1/boosts/mine?event_id=${night.eventId}`, other.headers);
    expect(theirs.json().data.boosts).toEqual([]);
    const forHost = await get(t, `/api/v1/boosts/event?event_id=${night.eventId}`, other.headers);
    expect(forHost.statusCode).toBe(404);

    // A host without a payment account cannot turn boosts on.
    const unpaid = await signIn(t, { name: 'Una Unpaid' });
    const unpaidEvent = await insertEvent(t, unpaid.id);
    const refusedOn = await post(
      t,
      '/api/v1/update-request-settings',
      { event_id: unpaidEvent.id, boosts_enabled: true },
      unpaid.headers,
    );
    expect(refusedOn.statusCode).toBe(409);
    expect(refusedOn.json().msg).toBe(BOOST_MSG.connectFirst);

    const off = await boostNight(t, host, { boosts_enabled: false });
    await joined(t, guest, off.code);
    const offSong = await requested(t, guest, off, 'demo-3');
    const refused = await boost(t, guest, off, offSong);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain(BOOST_MSG.off);
  });

  it('releases a boost when the guest cancels, the song is rejected, or the play is cut short', async () => {
    const night = await boostNight(t, host, { boost_counts_after_seconds: 60 });
    await joined(t, guest, night.code);
    const cancelled = await requested(t, guest, night, 'demo-4');
    const rejected = await requested(t, guest, night, 'demo-5');
    const cutShort = await requested(t, guest, night, 'demo-6');
    const next = await requested(t, guest, night, 'demo-7');
    const ids = {
      cancelled: await heldBoost(night, cancelled),
      rejected: await heldBoost(night, rejected),
      cutShort: await heldBoost(night, cutShort),
    };
    await cancelRequest(t, guest, night.eventId, cancelled);
    await markRequest(t, host, night.eventId, rejected, 'reject');
    await markRequest(t, host, night.eventId, cutShort, 'playing');
    await t.ctx.queue.idle();
    expect((await boostRow(t, ids.cutShort)).play_started_at).toBeInstanceOf(Date);
    await markRequest(t, host, night.eventId, next, 'playing');
    await t.ctx.queue.idle();
    for (const [reason, id] of Object.entries({
      cancelled: ids.cancelled,
      rejected: ids.rejected,
      cut_short: ids.cutShort,
    })) {
      const row = await boostRow(t, id);
      expect({ reason: row.reason, status: row.status }).toEqual({ reason, status: 'released' });
    }
    const totals = await get(t, `/api/v1/boosts/event?event_id=${night.eventId}`, host.headers);
    expect(totals.json().data.totals).toMatchObject({
      charged_count: 0,
      released_count: 3,
      released_cents: 1500,
    });
  });

  it('orders the queue by boost when the host says so, the guests’ line included', async () => {
    const night = await boostNight(t, host, { boost_order: 'orders' });
    await joined(t, guest, night.code);
    const popular = await requested(t, guest, night, 'demo-8');
    const other = await signIn(t, { name: 'Pat Popular' });
    await joined(t, other, night.code);
    await requested(t, other, night, 'demo-8');
    const boosted = await requested(t, guest, night, 'demo-9');
    expect((await hostQueue(t, host, night))[0]?.song_id).toBe(popular);
    await heldBoost(night, boosted, 300);
    expect((await hostQueue(t, host, night))[0]?.song_id).toBe(boosted);
    const line = await get(
      t,
      `/api/v1/get-attendee-event-details?id=${night.eventId}`,
      guest.headers,
    );
    expect(line.json().data.line.songs[0][0]).toBe(boosted);

    // The big screen marks it boosted only when the host shows that, and never says how much.
    const display = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/v1/get-display?code=${night.code}` })).json()
        .data;
    expect(JSON.stringify(await display())).not.toContain('boost');
    await post(
      t,
      '/api/v1/update-request-settings',
      { event_id: night.eventId, display_boosted: true },
      host.headers,
    );
    const shown = await display();
    expect(shown.up_next[0]).toMatchObject({ song_id: boosted, boosted: true });
    expect(shown.up_next[1].boosted).toBeUndefined();
    expect(JSON.stringify(shown)).not.toMatch(/cents|amount|\$/);
  });
});

describe('boosts with Stripe', () => {
  let s: StripeTestApp;
  let host: SignedIn & { accountId: string };
  let guest: SignedIn;
  beforeAll(async () => {
    s = await createStripeTestApp({ STRIPE_PUBLISHABLE_KEY: FAKE_STRIPE_PUBLISHABLE_KEY });
    host = await activeStripeHost(s);
    guest = await signIn(s.t, { name: 'Sam Stripe' });
  });
  afterAll(async () => {
    await s.close();
  });

  /** A boost authorised through Checkout, its webhook delivered: held. */
  async function heldBoost(night: Night, songId: string, amount = 500) {
    const res = await boost(s.t, guest, night, songId, amount);
    expect(res.statusCode, res.body).toBe(201);
    const boostId = res.json().data.boost.id as number;
    const row = await boostRow(s.t, boostId);
    const session = s.fake.sessions.get(row.checkout_session_id ?? '');
    expect(session?.payment_intent_data).toMatchObject({
      capture_method: 'manual',
      metadata: { boost_id: String(boostId) },
    });
    const completed = s.fake.completeSession(session?.id ?? '');
    const intent = s.fake.paymentIntents.get(completed.payment_intent ?? '');
    await deliver(stripeEvent('checkout.session.completed', { ...completed }));
    await deliver(stripeEvent('payment_intent.amount_capturable_updated', { ...intent }));
    expect((await boostRow(s.t, boostId)).status).toBe('held');
    return { boostId, intentId: intent?.id ?? '' };
  }

  async function deliver(event: ReturnType<typeof stripeEvent>) {
    const res = await deliverWebhook(s.t, event);
    expect(res.statusCode).toBe(200);
    await s.t.ctx.queue.idle();
  }

  const captures = (intentId: string) =>
    new Set(
      s.fake
        .requestsTo('POST', `/v1/payment_intents/${intentId}/capture`)
        .map((r) => r.idempotencyKey),
    );

  it('holds with capture_method=manual and captures exactly once, across two nodes and a repeated webhook', async () => {
    const night = await boostNight(s.t, host);
    await joined(s.t, guest, night.code);
    const songId = await requested(s.t, guest, night, 'stripe-1');
    const { boostId, intentId } = await heldBoost(night, songId, 600);
    expect(s.fake.paymentIntents.get(intentId)?.status).toBe('requires_capture');

    const peer = await createPeerApp(s.t);
    try {
      const { notifier } = recordingNotifier();
      const settlementOf = (app: TestApp['app']) =>
        createBoostSettlement({
          db: s.t.ctx.db,
          liveQueue: app.services.liveQueue,
          stripe: app.services.stripe,
          queue: s.t.ctx.queue,
          notify: notifier,
          logger: app.log,
        });
      const [here, there] = [settlementOf(s.t.app), settlementOf(peer.app)];
      // The song plays; both nodes look at its boosts at the same moment.
      await s.t.ctx.db
        .updateTable('events')
        .set({ boost_counts_after_seconds: 0 })
        .where('id', '=', night.eventId)
        .execute();
      expect((await markRequest(s.t, host, night.eventId, songId, 'playing')).statusCode).toBe(200);
      const decided = await Promise.all([here.review(night.eventId), there.review(night.eventId)]);
      // At most one decision, whoever looked first (the app's own review job may be one of them).
      expect(decided.flat().length).toBeLessThanOrEqual(1);
      await Promise.all([here.settle(boostId), there.settle(boostId)]);
      await s.t.ctx.queue.idle();
    } finally {
      await peer.close();
    }
    expect((await boostRow(s.t, boostId)).status).toBe('captured');
    expect(s.fake.paymentIntents.get(intentId)?.status).toBe('succeeded');
    expect(captures(intentId)).toEqual(new Set([`floorfill-boost-capture-${boostId}`]));

    // Stripe's own succeeded event, twice: applied once, nothing changes.
    const succeeded = stripeEvent('payment_intent.succeeded', {
      ...s.fake.paymentIntents.get(intentId),
    });
    await deliver(succeeded);
    await deliver(succeeded);
    expect((await boostRow(s.t, boostId)).status).toBe('captured');
    expect(captures(intentId).size).toBe(1);

    // The song played twice: Stripe is not asked again.
    const captureCalls = () =>
      s.fake.requestsTo('POST', `/v1/payment_intents/${intentId}/capture`).length;
    const before = captureCalls();
    await markRequest(s.t, host, night.eventId, songId, 'unplayed');
    await markRequest(s.t, host, night.eventId, songId, 'playing');
    await s.t.ctx.queue.idle();
    expect(captureCalls()).toBe(before);
  });

  it('releases the hold when the song is rejected, and when the night ends', async () => {
    const night = await boostNight(s.t, host);
    await joined(s.t, guest, night.code);
    const rejectedSong = await requested(s.t, guest, night, 'stripe-2');
    const keptSong = await requested(s.t, guest, night, 'stripe-3');
    const rejected = await heldBoost(night, rejectedSong);
    const kept = await heldBoost(night, keptSong);
    await markRequest(s.t, host, night.eventId, rejectedSong, 'reject');
    await s.t.ctx.queue.idle();
    expect(await boostRow(s.t, rejected.boostId)).toMatchObject({
      status: 'released',
      reason: 'rejected',
    });
    expect(s.fake.paymentIntents.get(rejected.intentId)?.status).toBe('canceled');

    await s.t.ctx.db
      .updateTable('events')
      .set({
        start_time: new Date(Date.now() - 3 * 3600_000).toISOString(),
        end_time: new Date(Date.now() - 1000).toISOString(),
      })
      .where('id', '=', night.eventId)
      .execute();
    const { notifier } = recordingNotifier();
    await createBoostSettlement({
      db: s.t.ctx.db,
      liveQueue: s.t.app.services.liveQueue,
      stripe: s.t.app.services.stripe,
      queue: s.t.ctx.queue,
      notify: notifier,
      logger: s.t.app.log,
    }).sweep();
    await s.t.ctx.queue.idle();
    expect(await boostRow(s.t, kept.boostId)).toMatchObject({
      status: 'released',
      reason: 'event_ended',
    });
    expect(s.fake.paymentIntents.get(kept.intentId)?.status).toBe('canceled');
  });

  it('releases a hold the sweep finds six days old, before Stripe would drop it', async () => {
    const night = await boostNight(s.t, host, { boost_counts_after_seconds: 60 });
    await joined(s.t, guest, night.code);
    const songId = await requested(s.t, guest, night, 'stripe-4');
    const { boostId, intentId } = await heldBoost(night, songId);
    const { notifier } = recordingNotifier();
    const settlementAt = (offsetMs: number) =>
      createBoostSettlement({
        db: s.t.ctx.db,
        liveQueue: s.t.app.services.liveQueue,
        stripe: s.t.app.services.stripe,
        queue: s.t.ctx.queue,
        notify: notifier,
        logger: s.t.app.log,
        now: () => Date.now() + offsetMs,
      });
    await settlementAt(1 * DAY_MS).sweep();
    await s.t.ctx.queue.idle();
    expect((await boostRow(s.t, boostId)).status).toBe('held');
    await settlementAt(6 * DAY_MS).sweep();
    await s.t.ctx.queue.idle();
    expect(await boostRow(s.t, boostId)).toMatchObject({
      status: 'released',
      reason: 'hold_expiring',
    });
    expect(s.fake.paymentIntents.get(intentId)?.status).toBe('canceled');
  });

  it('tells the host when the capture fails, and the song still plays', async () => {
    const night = await boostNight(s.t, host);
    await joined(s.t, guest, night.code);
    const songId = await requested(s.t, guest, night, 'stripe-5');
    const { boostId, intentId } = await heldBoost(night, songId);
    // The bank dropped the authorisation before the song played.
    s.fake.expireAuthorization(intentId);
    const baseUrl = await listenOnLoopback(s.t.app);
    const socket = connectSocket(baseUrl, { token: bearerToken(host) });
    try {
      await connected(socket);
      const told = nextPush(socket, 'boost:capture-failed');
      expect((await markRequest(s.t, host, night.eventId, songId, 'playing')).statusCode).toBe(200);
      expect(await told).toMatchObject({ eventId: night.eventId, boostId, amountCents: 500 });
    } finally {
      socket.close();
    }
    await s.t.ctx.queue.idle();
    expect(await boostRow(s.t, boostId)).toMatchObject({ status: 'failed', capture_failed: true });
    const details = await get(s.t, `/api/v1/get-event-details?id=${night.eventId}`, host.headers);
    expect(details.json().data.now_playing.song_id).toBe(songId);
  });

  it('the host refunds a charged boost within a day, once; paying with a saved card needs one', async () => {
    const night = await boostNight(s.t, host);
    await joined(s.t, guest, night.code);
    const songId = await requested(s.t, guest, night, 'stripe-6');
    const noCard = await boost(s.t, guest, night, songId, 500, 'saved_card');
    expect(noCard.statusCode).toBe(409);
    const { boostId, intentId } = await heldBoost(night, songId, 800);
    await markRequest(s.t, host, night.eventId, songId, 'playing');
    await s.t.ctx.queue.idle();
    expect((await boostRow(s.t, boostId)).status).toBe('captured');
    const list = await get(s.t, `/api/v1/boosts/event?event_id=${night.eventId}`, host.headers);
    expect(list.json().data.boosts[0]).toMatchObject({
      id: boostId,
      state: 'charged',
      refundable: true,
    });
    const refunded = await post(s.t, '/api/v1/boosts/refund', { boost_id: boostId }, host.headers);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().data.boost.state).toBe('refunded');
    expect(s.fake.refunds.map((refund) => refund.payment_intent)).toContain(intentId);
    const again = await post(s.t, '/api/v1/boosts/refund', { boost_id: boostId }, host.headers);
    expect(again.statusCode).toBe(409);
  });
  it('holds on the member’s saved card in one tap, nothing sent but the event, song and amount', async () => {
    const member = await signIn(s.t, { name: 'Carded Cleo', defaultLogin: 3 });
    const setup = await post(s.t, '/api/v1/create-card-setup', {}, member.headers);
    const setupIntentId = String(setup.json().data.client_secret).split('_secret_')[0] ?? '';
    s.fake.confirmSetup(setupIntentId, { number: TEST_CARDS.visa, exp_month: 4, exp_year: 2099 });
    const saved = await post(
      s.t,
      '/api/v1/save-card-setup',
      { setup_intent_id: setupIntentId },
      member.headers,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const night = await boostNight(s.t, host, { boost_counts_after_seconds: 60 });
    await joined(s.t, member, night.code);
    const songId = await requested(s.t, member, night, 'stripe-7');

    const res = await boost(s.t, member, night, songId, 900, 'saved_card');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      checkout_url: null,
      client_secret: null,
      boost: { state: 'held' },
    });
    const row = await boostRow(s.t, res.json().data.boost.id);
    const intent = s.fake.paymentIntents.get(row.payment_intent_id ?? '');
    expect(intent).toMatchObject({
      status: 'requires_capture',
      capture_method: 'manual',
      amount: 900,
      transfer_data: { destination: host.accountId },
      metadata: { boost_id: String(row.id) },
    });
    expect(s.fake.requestsTo('POST', '/v1/payment_intents').at(-1)?.idempotencyKey).toBe(
      `floorfill-boost-${row.id}`,
    );
    const entry = (await hostQueue(s.t, host, night)).find((song) => song.song_id === songId);
    expect(entry?.boost_cents).toBe(900);
  });

  it('applies Stripe’s events once each in any order: a capture Stripe reports first stays charged', async () => {
    const night = await boostNight(s.t, host);
    await joined(s.t, guest, night.code);
    const songId = await requested(s.t, guest, night, 'stripe-8');
    const res = await boost(s.t, guest, night, songId, 400);
    const boostId = res.json().data.boost.id as number;
    const session = s.fake.completeSession(
      (await boostRow(s.t, boostId)).checkout_session_id ?? '',
    );
    const intent = s.fake.paymentIntents.get(session.payment_intent ?? '');
    // Succeeded arrives before the hold, and the hold twice after it.
    await deliver(stripeEvent('payment_intent.succeeded', { ...intent, status: 'succeeded' }));
    const held = stripeEvent('payment_intent.amount_capturable_updated', { ...intent });
    await deliver(held);
    await deliver(held);
    expect(await boostRow(s.t, boostId)).toMatchObject({
      status: 'captured',
      payment_intent_id: intent?.id,
    });
  });

  it('decides a song played and rejected at the same moment once: charged or released, never both', async () => {
    const night = await boostNight(s.t, host);
    await joined(s.t, guest, night.code);
    const songId = await requested(s.t, guest, night, 'stripe-9');
    const { boostId, intentId } = await heldBoost(night, songId);
    await Promise.all([
      markRequest(s.t, host, night.eventId, songId, 'playing'),
      markRequest(s.t, host, night.eventId, songId, 'reject'),
    ]);
    await s.t.ctx.queue.idle();
    const row = await boostRow(s.t, boostId);
    const captured = s.fake.requestsTo('POST', `/v1/payment_intents/${intentId}/capture`).length;
    const cancelled = s.fake.requestsTo('POST', `/v1/payment_intents/${intentId}/cancel`).length;
    if (row.status === 'captured') {
      expect([captured > 0, cancelled]).toEqual([true, 0]);
      expect(s.fake.paymentIntents.get(intentId)?.status).toBe('succeeded');
    } else {
      expect(row).toMatchObject({ status: 'released', reason: 'rejected' });
      expect([captured, cancelled > 0]).toEqual([0, true]);
      expect(s.fake.paymentIntents.get(intentId)?.status).toBe('canceled');
    }
  });
});
