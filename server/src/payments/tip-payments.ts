import { randomBytes } from 'node:crypto';
import {
  EVENT_MSG,
  MSG,
  PAYMENT_MSG,
  ROLE,
  TIP_RETURN,
  TIP_RETURN_PARAM,
  type CreatePaymentLinkBody,
  type SavedCardTipStatus,
  type TipWithSavedCardBody,
  type TipReturn,
} from '@floorfill/shared';
import type Stripe from 'stripe';
import type { RequestSession } from '../auth/session.ts';
import { conflict, fieldError, forbidden, HttpError, notFound } from '../http/errors.ts';
import type { Db } from '../infra/db.ts';
import { findStripeCustomer } from '../wallets/wallets.repository.ts';
import { applyPaymentEvent, type TipPaidNotice } from './apply-payment-event.ts';
import * as repo from './payments.repository.ts';
import type { TipRecipientRow } from './payments.repository.ts';
import type { PaymentsServiceDeps } from './payments.service.ts';
import {
  callStripe,
  isStripeError,
  requireStripe,
  StripeUnavailableError,
} from './stripe-client.ts';
import { acceptsTips } from './tip-recipient.ts';

/**
 * Tips: checked once however they are paid, then a Stripe Checkout link or a
 * charge to the member's saved card, each a destination charge (the platform
 * keeps its fee, the rest lands with the host); in demo mode a local
 * checkout page, and no money moves.
 */

export const DEMO_CHECKOUT_PATH = '/demo/checkout';

function displayNameOf(row: { name: string; display_name: string | null }): string {
  return row.display_name?.trim() || row.name;
}

/** The platform's share of a tip, rounded down to whole cents (integer maths only). */
export function platformFeeCents(amountCents: number, basisPoints: number): number {
  return Math.floor((amountCents * basisPoints) / 10_000);
}

/** Tips are paid in US dollars (spec §5: $1 to $100). */
export const TIP_CURRENCY = 'usd';

export function createTipPayments({ config, stripe }: PaymentsServiceDeps) {
  const isDemo = config.payments.mode === 'demo';

  /** The page a tip returns to, with `?tip=success|cancelled` added to its own query. */
  function returnUrl(returnPath: string, outcome: TipReturn): string {
    const url = new URL(returnPath, `${config.publicUrl}/`);
    const origin = new URL(config.publicUrl).origin;
    if (url.origin !== origin || !url.pathname.startsWith('/attendee/')) {
      throw fieldError('return_path', PAYMENT_MSG.returnPathInvalid);
    }
    url.hash = '';
    url.searchParams.set(TIP_RETURN_PARAM, outcome);
    return url.toString();
  }

  function defaultReturnPath(hostId: number, eventId: number | undefined): string {
    return eventId === undefined
      ? `/attendee/host-profile/${hostId}`
      : `/attendee/event/${eventId}`;
  }

  const canReceiveTips = (host: TipRecipientRow) => acceptsTips(host, config.payments.mode);

  /**
   * The checks every tip passes, however it is paid (a checkout link or the
   * saved card): not to oneself, to a host who can take tips, for an event
   * the tipper joined. Answers the pending tip to store; nothing is written.
   */
  async function prepareTip(
    db: Db,
    session: RequestSession,
    body: TipWithSavedCardBody & { return_path?: string | undefined },
  ) {
    if (body.host_id === session.userId) throw forbidden(PAYMENT_MSG.selfTip);
    const host = await repo.findTipRecipient(db, body.host_id);
    if (!host) throw notFound(PAYMENT_MSG.hostNotFound);
    if (!canReceiveTips(host)) throw conflict(PAYMENT_MSG.hostCannotReceive);
    const event =
      body.event_id === undefined
        ? undefined
        : await repo.findLiveHostEvent(db, body.event_id, host.id, session.userId);
    if (body.event_id !== undefined && !event) throw notFound(EVENT_MSG.notFound);
    // A tip for an event comes from its guests; a tip from the host's profile names no event.
    if (event && !event.joined) throw forbidden(PAYMENT_MSG.notJoined);
    const tipper = await repo.findUserName(db, session.userId);
    if (!tipper) throw notFound(MSG.notFound);
    const tip: repo.NewTip = {
      checkoutSessionId: '',
      hostId: host.id,
      eventId: event?.id ?? null,
      attendeeId: session.userId,
      attendeeName: displayNameOf(tipper),
      attendeeType: session.isGuest ? ROLE.guest : ROLE.attendee,
      amountCents: body.amount,
      platformFeeCents: isDemo
        ? 0
        : platformFeeCents(body.amount, config.payments.platformFeeBasisPoints),
      isDemo,
      returnPath: body.return_path ?? defaultReturnPath(host.id, body.event_id),
    };
    return { host, event, tip };
  }

  /**
   * Where a saved-card tip stands after Stripe's answer; a succeeded payment
   * marks the tip paid (once: the event id is the PaymentIntent's).
   */
  async function settleSavedCardTip(
    db: Db,
    tipId: number,
    intent: Stripe.PaymentIntent,
  ): Promise<SavedCardTipOutcome> {
    if (intent.status === 'succeeded') {
      const outcome = await applyPaymentEvent(db, {
        id: `saved_card_tip_${intent.id}`,
        type: 'payment_intent.succeeded',
        paymentIntentId: intent.id,
        tipId,
      });
      const tipPaid = outcome.status === 'applied' ? outcome.tipPaid : undefined;
      return { tipId, status: 'succeeded', clientSecret: null, tipPaid };
    }
    if (intent.status === 'requires_action') {
      return {
        tipId,
        status: 'requires_action',
        clientSecret: intent.client_secret,
        tipPaid: undefined,
      };
    }
    if (intent.status === 'processing') {
      return { tipId, status: 'processing', clientSecret: null, tipPaid: undefined };
    }
    // Refused at the bank's check (or cancelled): the tip ends unpaid, as its webhook would end it.
    await applyPaymentEvent(db, {
      id: `saved_card_tip_failed_${intent.id}`,
      type: 'payment_intent.payment_failed',
      paymentIntentId: intent.id,
    });
    return { tipId, status: 'failed', clientSecret: null, tipPaid: undefined };
  }

  return {
    returnUrl,

    /**
     * create-payment-link: checks the tip, then answers where the browser
     * goes to pay (Stripe Checkout, or the demo checkout page). The tip is
     * stored as pending; only a payment event makes it paid.
     */
    async createPaymentLink(
      db: Db,
      session: RequestSession,
      body: CreatePaymentLinkBody,
    ): Promise<string> {
      const { host, event, tip } = await prepareTip(db, session, body);
      const successUrl = returnUrl(tip.returnPath, TIP_RETURN.success);
      const cancelUrl = returnUrl(tip.returnPath, TIP_RETURN.cancelled);

      if (isDemo) {
        tip.checkoutSessionId = `demo_cs_${randomBytes(24).toString('base64url')}`;
        await db.transaction().execute((trx) => repo.insertTip(trx, tip));
        return `${config.publicUrl}${DEMO_CHECKOUT_PATH}/${tip.checkoutSessionId}`;
      }

      const destination = host.stripe_account_id;
      if (!destination) throw conflict(PAYMENT_MSG.hostCannotReceive);
      const tipId = await repo.reserveTipId(db);
      const metadata = { tip_id: String(tipId) };
      const checkout = await callStripe(() =>
        requireStripe(stripe).checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: TIP_CURRENCY,
                  unit_amount: tip.amountCents,
                  product_data: {
                    name: `Tip for ${displayNameOf(host)}`,
                    ...(event ? { description: event.name } : {}),
                  },
                },
              },
            ],
            payment_intent_data: {
              transfer_data: { destination },
              ...(tip.platformFeeCents > 0 ? { application_fee_amount: tip.platformFeeCents } : {}),
              metadata,
            },
            success_url: successUrl,
            cancel_url: cancelUrl,
            client_reference_id: String(tipId),
            metadata,
          },
          { idempotencyKey: `floorfill-tip-${tipId}` },
        ),
      );
      if (!checkout.url) throw new StripeUnavailableError(new Error('checkout session has no url'));
      tip.id = tipId;
      tip.checkoutSessionId = checkout.id;
      await db.transaction().execute((trx) => repo.insertTip(trx, tip));
      return checkout.url;
    },

    /**
     * tip-with-saved-card: the tip is charged to the card the member saved at
     * Stripe, confirmed at once (a destination charge like Checkout's). The
     * tip row names the PaymentIntent (also as its checkout id: one Stripe
     * object per tip). Paid now, it is marked paid through applyPaymentEvent;
     * when the bank wants a check, the browser gets the client secret to
     * confirm with Stripe.js and then calls confirm-saved-card-tip. A declined
     * card stores nothing.
     */
    async tipWithSavedCard(
      db: Db,
      session: RequestSession,
      body: TipWithSavedCardBody,
    ): Promise<SavedCardTipOutcome> {
      const saved = session.isGuest ? undefined : await findStripeCustomer(db, session.userId);
      const customer = saved?.stripe_customer_id;
      const paymentMethod = saved?.stripe_payment_method_id;
      if (isDemo || !customer || !paymentMethod) throw conflict(PAYMENT_MSG.noSavedCard);
      const { host, event, tip } = await prepareTip(db, session, body);
      const destination = host.stripe_account_id;
      if (!destination) throw conflict(PAYMENT_MSG.hostCannotReceive);
      const tipId = await repo.reserveTipId(db);
      let intent: Stripe.PaymentIntent;
      try {
        intent = await requireStripe(stripe).paymentIntents.create(
          {
            amount: tip.amountCents,
            currency: 'usd',
            customer,
            payment_method: paymentMethod,
            allowed_payment_method_types: ['card'],
            confirm: true,
            description: `Tip for ${displayNameOf(host)}${event ? ` (${event.name})` : ''}`,
            transfer_data: { destination },
            ...(tip.platformFeeCents > 0 ? { application_fee_amount: tip.platformFeeCents } : {}),
            metadata: { tip_id: String(tipId) },
          },
          { idempotencyKey: `floorfill-tip-${tipId}` },
        );
      } catch (error) {
        if (isCardDeclined(error)) throw new HttpError(402, PAYMENT_MSG.savedCardTipFailed);
        if (isStripeError(error)) throw new StripeUnavailableError(error);
        throw error;
      }
      tip.id = tipId;
      tip.checkoutSessionId = intent.id;
      tip.paymentIntentId = intent.id;
      await db.transaction().execute((trx) => repo.insertTip(trx, tip));
      return settleSavedCardTip(db, tipId, intent);
    },

    /** confirm-saved-card-tip: after the bank's check in the browser, Stripe says how the tip stands. */
    async confirmSavedCardTip(
      db: Db,
      session: RequestSession,
      tipId: number,
    ): Promise<SavedCardTipOutcome> {
      const tip = await repo.findOwnSavedCardTip(db, tipId, session.userId);
      if (!tip?.payment_intent_id || isDemo) throw notFound(PAYMENT_MSG.tipNotFound);
      const intentId = tip.payment_intent_id;
      const intent = await callStripe(() =>
        requireStripe(stripe).paymentIntents.retrieve(intentId),
      );
      return settleSavedCardTip(db, tip.id, intent);
    },
  };
}
export interface SavedCardTipOutcome {
  tipId: number;
  status: SavedCardTipStatus;
  /** Only while the bank's check waits in the browser. */
  clientSecret: string | null;
  /** Set when this call marked the tip paid: the host is told. */
  tipPaid: TipPaidNotice | undefined;
}

/** Stripe declined the card (not an outage): the tipper hears it, nothing is stored. */
function isCardDeclined(error: unknown): boolean {
  return isStripeError(error) && error.type === 'StripeCardError';
}
