import { randomBytes } from 'node:crypto';
import {
  BOOST_MSG,
  BOOST_RETURN,
  BOOST_RETURN_PARAM,
  EVENT_MSG,
  formatMoney,
  MSG,
  PAYMENT_MSG,
  type Boost,
  type BoostReturn,
  type CreateBoostAnswer,
  type CreateBoostBody,
  type EventBoosts,
  type HostBoost,
} from '@floorfill/shared';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { JobQueue } from '../infra/queue.ts';
import type { RequestSession } from '../auth/session.ts';
import type { Config } from '../config.ts';
import { conflict, fieldError, HttpError, notFound } from '../http/errors.ts';
import type { Db } from '../infra/db.ts';
import type { LiveQueue } from '../live-queue/live-queue.ts';
import { findTipRecipient, findUserName } from '../payments/payments.repository.ts';
import {
  callStripe,
  isStripeError,
  requireStripe,
  StripeUnavailableError,
} from '../payments/stripe-client.ts';
import { acceptsTips } from '../payments/tip-recipient.ts';
import { DEMO_CHECKOUT_PATH, platformFeeCents } from '../payments/tip-payments.ts';
import { findStripeCustomer } from '../wallets/wallets.repository.ts';
import { BOOST_CHECKOUT_EXPIRES_SECONDS, type BoostSettlement } from './boost-settlement.ts';
import type { BoostPaymentEvent } from './boost-payment-events.ts';
import { listRejected } from '../live-queue/rejected-songs.repository.ts';
import * as repo from './boosts.repository.ts';

/**
 * Boosts (issue 30): a guest puts money behind their own waiting request.
 * The card is only authorised (a PaymentIntent with `capture_method:
 * manual`, a destination charge with the platform fee, as tips are); the
 * settlement takes it once the song has played, or lets it go. In demo mode
 * the demo checkout stands in for Stripe and no money moves.
 */

export interface BoostsServiceDeps {
  config: Pick<Config, 'publicUrl' | 'payments'>;
  queue: JobQueue;
  stripe: Stripe | undefined;
  liveQueue: LiveQueue;
  settlement: BoostSettlement;
}

function shownName(row: { name: string; display_name: string | null }): string {
  return row.display_name?.trim() || row.name;
}

export function createBoostsService({
  config,
  queue,
  stripe,
  liveQueue,
  settlement,
}: BoostsServiceDeps) {
  const isDemo = config.payments.mode === 'demo';

  function returnUrl(eventId: number, outcome: BoostReturn): string {
    const url = new URL(`/attendee/event/${eventId}`, `${config.publicUrl}/`);
    url.searchParams.set(BOOST_RETURN_PARAM, outcome);
    return url.toString();
  }

  /** Stores the new boost under the event's lock (a held one moves its song's total). */
  async function store(db: Db, boost: repo.NewBoost): Promise<Boost> {
    const stored = await liveQueue.changeBoosts(
      boost.eventId,
      async (trx) => {
        const inserted = await repo.insertBoost(trx, boost);
        return { result: inserted, songIds: inserted ? [boost.songId] : [] };
      },
      async () => false,
    );
    if (!stored) throw conflict(BOOST_MSG.alreadyBoosted);
    const row = await repo.findBoost(db, boost.id);
    if (!row) throw new Error('the boost just stored was not read back');
    return repo.toBoost(row);
  }

  /** A Checkout Session that authorises the boost (captured later, or cancelled). */
  async function checkoutFor(
    boost: repo.NewBoost,
    destination: string,
  ): Promise<Stripe.Checkout.Session> {
    const metadata = { boost_id: String(boost.id) };
    return callStripe(() =>
      requireStripe(stripe).checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: boost.currency,
                unit_amount: boost.amountCents,
                product_data: {
                  name: `Boost: ${boost.songName}`,
                  description: 'Charged only if the DJ plays it; otherwise the hold is released.',
                },
              },
            },
          ],
          payment_intent_data: {
            capture_method: 'manual',
            transfer_data: { destination },
            ...(boost.platformFeeCents > 0
              ? { application_fee_amount: boost.platformFeeCents }
              : {}),
            metadata,
          },
          expires_at: Math.floor(Date.now() / 1000) + BOOST_CHECKOUT_EXPIRES_SECONDS,
          success_url: returnUrl(boost.eventId, BOOST_RETURN.held),
          cancel_url: returnUrl(boost.eventId, BOOST_RETURN.cancelled),
          client_reference_id: String(boost.id),
          metadata,
        },
        { idempotencyKey: `floorfill-boost-${boost.id}` },
      ),
    );
  }

  /** A hold on the member's saved card, confirmed at once. */
  async function holdOnSavedCard(
    boost: repo.NewBoost,
    destination: string,
    card: { customer: string; paymentMethod: string },
  ): Promise<Stripe.PaymentIntent> {
    try {
      return await requireStripe(stripe).paymentIntents.create(
        {
          amount: boost.amountCents,
          currency: boost.currency,
          customer: card.customer,
          payment_method: card.paymentMethod,
          allowed_payment_method_types: ['card'],
          capture_method: 'manual',
          confirm: true,
          description: `Boost: ${boost.songName}`,
          transfer_data: { destination },
          ...(boost.platformFeeCents > 0 ? { application_fee_amount: boost.platformFeeCents } : {}),
          metadata: { boost_id: String(boost.id) },
        },
        { idempotencyKey: `floorfill-boost-${boost.id}` },
      );
    } catch (error) {
      if (isStripeError(error) && error.type === 'StripeCardError') {
        throw new HttpError(402, BOOST_MSG.declined);
      }
      if (isStripeError(error)) throw new StripeUnavailableError(error);
      throw error;
    }
  }

  return {
    /**
     * create-boost: the guest's own waiting request for a song gets a boost.
     * Answers where the browser goes to authorise it (checkout), or the held
     * boost (saved card; `client_secret` when the bank asks to check).
     */
    async create(
      db: Db,
      session: RequestSession,
      body: CreateBoostBody,
    ): Promise<CreateBoostAnswer> {
      const event = await repo.findBoostEvent(db, body.event_id);
      if (!event || event.deleted_at) throw notFound(EVENT_MSG.notFound);
      if (event.ended || !event.boosts_enabled) throw conflict(BOOST_MSG.off);
      const request = await repo.findOwnRequest(db, event.id, session.userId, body.song_id);
      if (!request) throw fieldError('song_id', BOOST_MSG.noRequest);
      const rejected = await listRejected(db, event.id, [body.song_id]);
      const playing = event.now_playing_song_id === body.song_id;
      if (request.status !== 0 || playing || rejected.size > 0) {
        throw fieldError('song_id', BOOST_MSG.notWaiting);
      }
      if (body.amount < event.boost_min_cents) {
        throw fieldError(
          'amount',
          BOOST_MSG.belowMinimum(formatMoney(event.boost_min_cents, event.boost_currency)),
        );
      }
      const host = event.host_id === null ? undefined : await findTipRecipient(db, event.host_id);
      if (!host || !acceptsTips(host, config.payments.mode)) {
        throw conflict(BOOST_MSG.hostCannotReceive);
      }
      if (await repo.hasOpenBoost(db, event.id, session.userId, body.song_id)) {
        throw conflict(BOOST_MSG.alreadyBoosted);
      }
      const guest = await findUserName(db, session.userId);
      if (!guest) throw notFound(MSG.notFound);
      const boost: repo.NewBoost = {
        id: await repo.reserveBoostId(db),
        eventId: event.id,
        hostId: host.id,
        attendeeId: session.userId,
        attendeeName: shownName(guest),
        songId: body.song_id,
        songName: request.song_name,
        amountCents: body.amount,
        currency: event.boost_currency,
        platformFeeCents: isDemo
          ? 0
          : platformFeeCents(body.amount, config.payments.platformFeeBasisPoints),
        isDemo,
        status: 'pending',
        checkoutSessionId: null,
        paymentIntentId: null,
      };

      if (isDemo) {
        boost.checkoutSessionId = `demo_cs_${randomBytes(24).toString('base64url')}`;
        const stored = await store(db, boost);
        return {
          boost: stored,
          checkout_url: `${config.publicUrl}${DEMO_CHECKOUT_PATH}/${boost.checkoutSessionId}`,
          client_secret: null,
        };
      }

      const destination = host.stripe_account_id;
      if (!destination) throw conflict(BOOST_MSG.hostCannotReceive);
      if (body.pay_with === 'saved_card') {
        const saved = session.isGuest ? undefined : await findStripeCustomer(db, session.userId);
        const customer = saved?.stripe_customer_id;
        const paymentMethod = saved?.stripe_payment_method_id;
        if (!customer || !paymentMethod) throw conflict(PAYMENT_MSG.noSavedCard);
        const intent = await holdOnSavedCard(boost, destination, { customer, paymentMethod });
        boost.paymentIntentId = intent.id;
        if (intent.status === 'requires_capture') boost.status = 'held';
        else if (intent.status !== 'requires_action') throw new HttpError(402, BOOST_MSG.declined);
        const stored = await store(db, boost);
        return {
          boost: stored,
          checkout_url: null,
          client_secret: intent.status === 'requires_action' ? intent.client_secret : null,
        };
      }
      const checkout = await checkoutFor(boost, destination);
      if (!checkout.url) throw new StripeUnavailableError(new Error('checkout session has no url'));
      boost.checkoutSessionId = checkout.id;
      const stored = await store(db, boost);
      return { boost: stored, checkout_url: checkout.url, client_secret: null };
    },

    returnUrl,

    /** A demo boost's checkout page: what it shows, and whether it still waits for payment. */
    async findDemoCheckout(db: Db, checkoutId: string) {
      const row = await repo.findDemoBoostCheckout(db, checkoutId);
      if (!row) return undefined;
      return {
        id: row.id,
        eventId: row.event_id,
        songName: row.song_name,
        amountCents: row.amount_cents,
        eventName: row.event_name,
        hostName: row.host_display_name?.trim() || row.host_name || 'the DJ',
        pending: row.status === 'pending',
        returnUrl: returnUrl(
          row.event_id,
          row.status === 'pending' ? BOOST_RETURN.cancelled : BOOST_RETURN.held,
        ),
      };
    },

    /** The demo checkout's stand-in for Stripe's events about a boost. */
    applyDemoPayment(event: BoostPaymentEvent) {
      return settlement.applyPaymentEvent(event);
    },

    /** Asks for a review of the event's boosts (a guest cancelled or left); the sweep is the fallback. */
    reviewSoon(eventId: number, logger: FastifyBaseLogger): void {
      queue.enqueue('boost:review', { eventId }).catch((error: unknown) => {
        logger.warn({ err: error, eventId }, 'boost review not enqueued');
      });
    },

    /** list-my-boosts: the caller's boosts in the event. */
    async mine(db: Db, attendeeId: number, eventId: number): Promise<Boost[]> {
      return (await repo.listOwnBoosts(db, eventId, attendeeId)).map(repo.toBoost);
    },

    /** The host's list of the night's boosts, with their totals; null when the event is not theirs. */
    async ofEvent(db: Db, hostId: number, eventId: number): Promise<EventBoosts | null> {
      const event = await repo.findBoostEvent(db, eventId);
      if (!event || event.deleted_at || event.host_id !== hostId) return null;
      const now = Date.now();
      return {
        boosts: (await repo.listEventBoosts(db, eventId)).map((row) => repo.toHostBoost(row, now)),
        totals: await repo.boostTotals(db, { hostId, eventId }),
      };
    },

    /**
     * refund-boost: the host gives a charged boost back, within 24 hours of
     * charging it (the transfer to the host and the platform's fee come
     * back too).
     */
    async refund(db: Db, hostId: number, boostId: number): Promise<HostBoost> {
      const boost = await repo.findBoost(db, boostId);
      if (!boost || boost.host_id !== hostId) throw notFound(BOOST_MSG.notFound);
      if (!repo.toHostBoost(boost).refundable) throw conflict(BOOST_MSG.notRefundable);
      const intentId = boost.payment_intent_id;
      if (!boost.is_demo && stripe && intentId) {
        await callStripe(() =>
          stripe.refunds.create(
            { payment_intent: intentId, reverse_transfer: true, refund_application_fee: true },
            { idempotencyKey: `floorfill-boost-refund-${boost.id}` },
          ),
        );
      }
      await liveQueue.changeBoosts(
        boost.event_id,
        async (trx) => {
          const current = await repo.lockBoost(trx, boost.id);
          if (current?.status !== 'captured') return { result: null, songIds: [] };
          await repo.moveBoost(trx, boost.id, { status: 'refunded' });
          return { result: null, songIds: [boost.song_id] };
        },
        async () => null,
      );
      await settlement.tellGuests([boost.id]);
      const after = await repo.findBoost(db, boost.id);
      if (!after) throw notFound(BOOST_MSG.notFound);
      return repo.toHostBoost(after);
    },

    /** The currency boosts are given in for this host: their Stripe account's (usd in demo mode). */
    async currencyForHost(db: Db, hostId: number): Promise<string> {
      const host = await findTipRecipient(db, hostId);
      if (!host || !acceptsTips(host, config.payments.mode)) throw conflict(BOOST_MSG.connectFirst);
      if (isDemo || !stripe || !host.stripe_account_id) return 'usd';
      const accountId = host.stripe_account_id;
      const account = await callStripe(() => stripe.accounts.retrieve(accountId));
      return account.default_currency ?? 'usd';
    },
  };
}

export type BoostsService = ReturnType<typeof createBoostsService>;
