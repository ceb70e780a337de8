import { PAYMENT_MSG, WALLET_MSG } from '@floorfill/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, signIn, signInGuest, type SignedIn } from '../helpers/event-factories.ts';
import {
  at,
  FAKE_STRIPE_PUBLISHABLE_KEY,
  FAKE_STRIPE_SECRET_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  TEST_CARDS,
} from '../helpers/fake-stripe.ts';
import { post } from '../helpers/factories.ts';
import { deliverWebhook, stripeEvent } from '../helpers/stripe-webhooks.ts';
import { createTestApp } from '../helpers/test-app.ts';
import {
  activeStripeHost,
  allTips,
  createStripeTestApp,
  type StripeTestApp,
} from '../payments/payment-fixtures.ts';

/**
 * Cards saved at Stripe with Elements: the server makes the Customer and the
 * SetupIntent and hands out only its client secret and the publishable key;
 * the card goes from the browser to Stripe (here `fake.confirmSetup`, what
 * Stripe.js does); the server reads back brand, last 4, expiry and the
 * PaymentMethod id. Tips then charge that card.
 */

const nextYear = new Date().getUTCFullYear() + 1;
let s: StripeTestApp;

beforeAll(async () => {
  s = await createStripeTestApp({ STRIPE_PUBLISHABLE_KEY: FAKE_STRIPE_PUBLISHABLE_KEY });
});
afterAll(async () => {
  await s.close();
});

const startSetup = (who: SignedIn, body: Record<string, unknown> = {}) =>
  post(s.t, '/api/v1/create-card-setup', body, who.headers);
const saveSetup = (who: SignedIn, body: Record<string, unknown>) =>
  post(s.t, '/api/v1/save-card-setup', body, who.headers);

const setupIntentIdOf = (res: LightMyRequestResponse) =>
  String(res.json().data.client_secret).split('_secret_')[0] ?? '';

/** A member whose card Stripe saved: setup, the browser's confirm (Stripe.js), the save call. */
async function memberWithCard(number: string = TEST_CARDS.visa): Promise<SignedIn> {
  const member = await signIn(s.t, { name: 'Carded Cleo', defaultLogin: 3 });
  const setup = await startSetup(member);
  const setupIntentId = setupIntentIdOf(setup);
  s.fake.confirmSetup(setupIntentId, { number, exp_month: 4, exp_year: nextYear });
  const saved = await saveSetup(member, { setup_intent_id: setupIntentId });
  expect(saved.statusCode).toBe(200);
  return member;
}

async function walletRow(userId: number) {
  return s.t.ctx.db
    .selectFrom('users')
    .select([
      'stripe_customer_id',
      'stripe_payment_method_id',
      'card_brand',
      'card_last4',
      'card_exp_month',
      'card_exp_year',
    ])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

describe('create-card-setup', () => {
  it('answers a SetupIntent client secret and the publishable key, never the secret key, on one Customer per member', async () => {
    const member = await signIn(s.t, { name: 'Setup Sam', defaultLogin: 3 });
    const first = await startSetup(member);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      status: true,
      msg: WALLET_MSG.cardSetupReady,
      data: { publishable_key: FAKE_STRIPE_PUBLISHABLE_KEY },
    });
    expect(Object.keys(first.json().data).sort()).toEqual(['client_secret', 'publishable_key']);
    expect(first.body).not.toContain(FAKE_STRIPE_SECRET_KEY);
    expect(first.body).not.toContain(FAKE_STRIPE_WEBHOOK_SECRET);

    const second = await startSetup(member);
    expect(second.statusCode).toBe(200);
    const customer = (await walletRow(member.id)).stripe_customer_id;
    expect(customer).toMatch(/^cus_/);
    const intents = [setupIntentIdOf(first), setupIntentIdOf(second)].map((id) =>
      s.fake.setupIntents.get(id),
    );
    expect(intents.map((intent) => intent?.customer)).toEqual([customer, customer]);
    expect(intents.map((intent) => intent?.usage)).toEqual(['off_session', 'off_session']);
    const customersMade = s.fake
      .requestsTo('POST', '/v1/customers')
      .filter((request) => at(request.body, 'metadata', 'user_id') === String(member.id));
    expect(customersMade).toHaveLength(1);
  });

  it('refuses guests, and a card number or CVC in the body', async () => {
    const guest = await signInGuest(s.t);
    expect((await startSetup(guest)).statusCode).toBe(403);
    const member = await signIn(s.t, { name: 'Typed Tom', defaultLogin: 3 });
    const refused = await startSetup(member, {
      stripe_card_number: TEST_CARDS.visa,
      stripe_cvc: '123',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toMatchObject({
      stripe_card_number: [WALLET_MSG.cardDataRefused],
      stripe_cvc: [WALLET_MSG.cardDataRefused],
    });
    expect((await walletRow(member.id)).stripe_customer_id).toBeNull();
  });

  it('is refused where cards are not saved at Stripe: demo payments, or no publishable key', async () => {
    const demo = await createTestApp();
    try {
      const member = await signIn(demo, { name: 'Demo Dee', defaultLogin: 3 });
      const res = await post(demo, '/api/v1/create-card-setup', {}, member.headers);
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toBe(WALLET_MSG.cardSetupUnavailable);
      const wallet = await get(demo, '/api/v1/get-wallet', member.headers);
      expect(wallet.json().data.card_setup_key).toBeNull();
    } finally {
      await demo.close();
    }
    const keyless = await createStripeTestApp();
    try {
      const member = await signIn(keyless.t, { name: 'Keyless Kay', defaultLogin: 3 });
      const res = await post(keyless.t, '/api/v1/create-card-setup', {}, member.headers);
      expect(res.statusCode).toBe(409);
      expect(keyless.fake.requests).toHaveLength(0);
    } finally {
      await keyless.close();
    }
    // Two more apps of their own: slow to start on a busy machine.
  }, 120_000);
});

describe('save-card-setup', () => {
  it('keeps only brand, last 4, expiry and the PaymentMethod id, read from Stripe', async () => {
    const member = await signIn(s.t, { name: 'Saved Sue', defaultLogin: 3 });
    const setupIntentId = setupIntentIdOf(await startSetup(member));
    s.fake.confirmSetup(setupIntentId, {
      number: TEST_CARDS.mastercard,
      exp_month: 7,
      exp_year: nextYear,
    });
    const saved = await saveSetup(member, { setup_intent_id: setupIntentId });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      status: true,
      msg: WALLET_MSG.cardSavedAtStripe,
      data: {
        card_brand: 'mastercard',
        card_last4: '4444',
        card_exp_month: 7,
        card_exp_year: nextYear,
        saved_at_stripe: true,
      },
    });
    const row = await walletRow(member.id);
    const method = s.fake.setupIntents.get(setupIntentId)?.payment_method;
    expect(row).toMatchObject({ stripe_payment_method_id: method, card_last4: '4444' });
    expect(JSON.stringify(row)).not.toContain(TEST_CARDS.mastercard);

    const wallet = await get(s.t, '/api/v1/get-wallet', member.headers);
    expect(wallet.json().data).toMatchObject({
      card_setup_key: FAKE_STRIPE_PUBLISHABLE_KEY,
      card: { card_brand: 'mastercard', card_last4: '4444', saved_at_stripe: true },
    });
  });

  it("refuses another member's SetupIntent, an unconfirmed one, and card data", async () => {
    const owner = await signIn(s.t, { name: 'Owner Ola', defaultLogin: 3 });
    const thief = await signIn(s.t, { name: 'Thief Theo', defaultLogin: 3 });
    await startSetup(thief);
    const setupIntentId = setupIntentIdOf(await startSetup(owner));

    const early = await saveSetup(owner, { setup_intent_id: setupIntentId });
    expect(early.statusCode).toBe(409);
    expect(early.json().msg).toBe(WALLET_MSG.cardSetupUnfinished);

    s.fake.confirmSetup(setupIntentId, {
      number: TEST_CARDS.visa,
      exp_month: 1,
      exp_year: nextYear,
    });
    const stolen = await saveSetup(thief, { setup_intent_id: setupIntentId });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().errors).toEqual({ setup_intent_id: [WALLET_MSG.setupIntentInvalid] });
    expect((await walletRow(thief.id)).card_last4).toBeNull();

    const withNumber = await saveSetup(owner, {
      setup_intent_id: setupIntentId,
      stripe_card_number: TEST_CARDS.visa,
    });
    expect(withNumber.statusCode).toBe(422);
    expect((await walletRow(owner.id)).card_last4).toBeNull();
    const malformed = await saveSetup(owner, { setup_intent_id: 'pi_123' });
    expect(malformed.statusCode).toBe(422);
  });

  it('a new card replaces the saved one, and the old one is detached from the Customer at Stripe', async () => {
    const member = await memberWithCard(TEST_CARDS.visa);
    const first = (await walletRow(member.id)).stripe_payment_method_id ?? '';
    const setupIntentId = setupIntentIdOf(await startSetup(member));
    s.fake.confirmSetup(setupIntentId, {
      number: TEST_CARDS.mastercard,
      exp_month: 9,
      exp_year: nextYear,
    });
    expect((await saveSetup(member, { setup_intent_id: setupIntentId })).statusCode).toBe(200);
    await s.t.ctx.queue.idle();
    const second = (await walletRow(member.id)).stripe_payment_method_id ?? '';
    expect(second).not.toBe(first);
    expect(s.fake.paymentMethods.get(first)?.customer).toBeNull();
    expect(s.fake.paymentMethods.get(second)?.customer).not.toBeNull();

    // Saving the same SetupIntent again replaces nothing: the card stays attached.
    expect((await saveSetup(member, { setup_intent_id: setupIntentId })).statusCode).toBe(200);
    await s.t.ctx.queue.idle();
    expect(s.fake.paymentMethods.get(second)?.customer).not.toBeNull();
  });

  it('a browser-only summary afterwards replaces the Stripe card and cannot pay', async () => {
    const member = await memberWithCard();
    const atStripe = (await walletRow(member.id)).stripe_payment_method_id ?? '';
    const typed = await post(
      s.t,
      '/api/v1/update-attendee-profile-wallet',
      { card_brand: 'visa', card_last4: '1111', card_exp_month: 3, card_exp_year: nextYear },
      member.headers,
    );
    expect(typed.json().data.saved_at_stripe).toBe(false);
    expect((await walletRow(member.id)).stripe_payment_method_id).toBeNull();
    await s.t.ctx.queue.idle();
    expect(s.fake.paymentMethods.get(atStripe)?.customer).toBeNull();
  });
});

describe('the setup_intent.succeeded webhook', () => {
  it('stores the card when the browser never made the save call, and never replaces a saved one', async () => {
    const member = await signIn(s.t, { name: 'Closed Tab', defaultLogin: 3 });
    const setupIntentId = setupIntentIdOf(await startSetup(member));
    const setupIntent = s.fake.confirmSetup(setupIntentId, {
      number: TEST_CARDS.visa,
      exp_month: 2,
      exp_year: nextYear,
    });
    const delivered = await deliverWebhook(
      s.t,
      stripeEvent('setup_intent.succeeded', { ...setupIntent }),
    );
    expect(delivered.statusCode).toBe(200);
    await s.t.ctx.queue.idle();
    expect(await walletRow(member.id)).toMatchObject({
      stripe_payment_method_id: setupIntent.payment_method,
      card_brand: 'visa',
      card_last4: '4242',
      card_exp_month: 2,
    });

    // A newer card saved through the save call; the older setup's late event changes nothing.
    const newer = setupIntentIdOf(await startSetup(member));
    s.fake.confirmSetup(newer, { number: TEST_CARDS.mastercard, exp_month: 9, exp_year: nextYear });
    await saveSetup(member, { setup_intent_id: newer });
    await deliverWebhook(s.t, stripeEvent('setup_intent.succeeded', { ...setupIntent }));
    await s.t.ctx.queue.idle();
    expect((await walletRow(member.id)).card_last4).toBe('4444');
  });

  it('refuses an unsigned event', async () => {
    const res = await deliverWebhook(s.t, stripeEvent('setup_intent.succeeded', { id: 'seti_x' }), {
      signature: 't=1,v1=forged',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('tip-with-saved-card', () => {
  const tip = (who: SignedIn, body: Record<string, unknown>) =>
    post(s.t, '/api/v1/tip-with-saved-card', body, who.headers);

  it('charges the saved card at once and marks the tip paid', async () => {
    const host = await activeStripeHost(s, 'Saved Card DJ');
    const member = await memberWithCard();
    const res = await tip(member, { host_id: host.id, amount: '7.50' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      msg: PAYMENT_MSG.savedCardTipPaid,
      data: { status: 'succeeded', client_secret: null },
    });
    const tipId = res.json().data.tip_id;
    const row = (await allTips(s.t)).find((candidate) => candidate.id === tipId);
    expect(row).toMatchObject({ status: 'paid', amount_cents: 750, host_id: host.id });
    const [created] = s.fake.requestsTo('POST', '/v1/payment_intents').slice(-1);
    const method = (await walletRow(member.id)).stripe_payment_method_id;
    expect(created?.body).toMatchObject({
      amount: '750',
      currency: 'usd',
      confirm: 'true',
      payment_method: method,
      transfer_data: { destination: host.accountId },
      metadata: { tip_id: String(tipId) },
    });
    expect(row?.payment_intent_id).toBe(
      s.fake.paymentIntents.get(row?.payment_intent_id ?? '')?.id,
    );
  });

  it('hands the client secret over when the bank wants a check, and settles after it', async () => {
    const host = await activeStripeHost(s, 'Strong Auth DJ');
    const member = await memberWithCard(TEST_CARDS.authenticationRequired);
    const res = await tip(member, { host_id: host.id, amount: 5 });
    expect(res.json()).toMatchObject({
      msg: PAYMENT_MSG.savedCardTipAction,
      data: { status: 'requires_action' },
    });
    const { tip_id: tipId, client_secret: clientSecret } = res.json().data;
    const intentId = String(clientSecret).split('_secret_')[0] ?? '';
    expect(s.fake.paymentIntents.get(intentId)?.client_secret).toBe(clientSecret);
    expect((await allTips(s.t)).find((row) => row.id === tipId)?.status).toBe('pending');

    // Another member cannot settle (or learn about) it.
    const other = await signIn(s.t, { name: 'Other Otto', defaultLogin: 3 });
    const foreign = await post(
      s.t,
      '/api/v1/confirm-saved-card-tip',
      { tip_id: tipId },
      other.headers,
    );
    expect(foreign.statusCode).toBe(404);

    // Stripe.js confirms with the bank in the browser; then the app asks Stripe.
    s.fake.completeAuthentication(intentId);
    const confirmed = await post(
      s.t,
      '/api/v1/confirm-saved-card-tip',
      { tip_id: tipId },
      member.headers,
    );
    expect(confirmed.json()).toMatchObject({ data: { tip_id: tipId, status: 'succeeded' } });
    expect((await allTips(s.t)).find((row) => row.id === tipId)?.status).toBe('paid');
  });

  it('a declined card stores no tip; no saved card, a guest or demo mode cannot use it', async () => {
    const host = await activeStripeHost(s, 'Declined DJ');
    const before = (await allTips(s.t)).length;
    const declined = await memberWithCard(TEST_CARDS.declinedOnPayment);
    const res = await tip(declined, { host_id: host.id, amount: 5 });
    expect(res.statusCode).toBe(402);
    expect(res.json().msg).toBe(PAYMENT_MSG.savedCardTipFailed);
    expect(await allTips(s.t)).toHaveLength(before);

    const cardless = await signIn(s.t, { name: 'Cardless Cal', defaultLogin: 3 });
    const none = await tip(cardless, { host_id: host.id, amount: 5 });
    expect(none.statusCode).toBe(409);
    expect(none.json().msg).toBe(PAYMENT_MSG.noSavedCard);
    const guest = await signInGuest(s.t);
    expect((await tip(guest, { host_id: host.id, amount: 5 })).statusCode).toBe(403);
    const impersonated = await tip(cardless, {
      host_id: host.id,
      amount: 5,
      attendee_id: declined.id,
    });
    expect(impersonated.statusCode).toBe(403);
  });

  it('a refused bank check ends the tip unpaid, from the confirm call or the webhook', async () => {
    const host = await activeStripeHost(s, 'Refused Check DJ');
    const member = await memberWithCard(TEST_CARDS.authenticationRequired);
    const tipOf = async (tipId: number) =>
      (await allTips(s.t)).find((row) => row.id === tipId)?.status;

    const first = (await tip(member, { host_id: host.id, amount: 4 })).json().data;
    s.fake.failAuthentication(String(first.client_secret).split('_secret_')[0] ?? '');
    const confirmed = await post(
      s.t,
      '/api/v1/confirm-saved-card-tip',
      { tip_id: first.tip_id },
      member.headers,
    );
    expect(confirmed.json()).toMatchObject({ data: { tip_id: first.tip_id, status: 'failed' } });
    expect(await tipOf(first.tip_id)).toBe('expired');

    // The browser never came back: Stripe's webhook ends it instead.
    const second = (await tip(member, { host_id: host.id, amount: 6 })).json().data;
    const failed = s.fake.failAuthentication(
      String(second.client_secret).split('_secret_')[0] ?? '',
    );
    expect(
      (await deliverWebhook(s.t, stripeEvent('payment_intent.payment_failed', { ...failed })))
        .statusCode,
    ).toBe(200);
    await s.t.ctx.queue.idle();
    expect(await tipOf(second.tip_id)).toBe('expired');
    // The app never confirms a failed intent again: a success event after the failure changes nothing.
    expect(
      (
        await deliverWebhook(
          s.t,
          stripeEvent('payment_intent.succeeded', { ...failed, status: 'succeeded' }),
        )
      ).statusCode,
    ).toBe(200);
    await s.t.ctx.queue.idle();
    expect(await tipOf(second.tip_id)).toBe('expired');
  });

  it('a payment_intent.payment_failed webhook leaves Checkout tips alone', async () => {
    const host = await activeStripeHost(s, 'Checkout Retry DJ');
    const member = await signIn(s.t, { name: 'Checkout Chloe', defaultLogin: 3 });
    const before = await allTips(s.t);
    const link = await post(
      s.t,
      '/api/v1/create-payment-link',
      { host_id: host.id, amount: 5 },
      member.headers,
    );
    expect(link.statusCode).toBe(200);
    const pending = (await allTips(s.t)).filter((row) => !before.some((old) => old.id === row.id));
    expect(pending).toHaveLength(1);
    const delivered = await deliverWebhook(
      s.t,
      stripeEvent('payment_intent.payment_failed', {
        id: 'pi_checkout_attempt',
        object: 'payment_intent',
        status: 'requires_payment_method',
        metadata: { tip_id: String(pending[0]?.id) },
      }),
    );
    expect(delivered.statusCode).toBe(200);
    await s.t.ctx.queue.idle();
    expect((await allTips(s.t)).find((row) => row.id === pending[0]?.id)?.status).toBe('pending');
  });

  it('a payment_intent.succeeded webhook marks a pending saved-card tip paid', async () => {
    const host = await activeStripeHost(s, 'Webhook DJ');
    const member = await memberWithCard(TEST_CARDS.authenticationRequired);
    const res = await tip(member, { host_id: host.id, amount: 3 });
    const { tip_id: tipId, client_secret: clientSecret } = res.json().data;
    const intent = s.fake.completeAuthentication(String(clientSecret).split('_secret_')[0] ?? '');
    expect(
      (await deliverWebhook(s.t, stripeEvent('payment_intent.succeeded', { ...intent })))
        .statusCode,
    ).toBe(200);
    await s.t.ctx.queue.idle();
    expect((await allTips(s.t)).find((row) => row.id === tipId)?.status).toBe('paid');
  });
});
