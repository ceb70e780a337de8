import {
  CARD_BRANDS,
  type CardBrand,
  type CardSetupAnswer,
  type CardSummary,
  WALLET_MSG,
} from '@floorfill/shared';
import type Stripe from 'stripe';
import { conflict, fieldError, notFound } from '../http/errors.ts';
import type { Db, DbOrTrx } from '../infra/db.ts';
import { callStripe, isStripeError } from '../payments/stripe-client.ts';
import * as repo from './wallets.repository.ts';

/**
 * Cards saved at Stripe with Elements (issue 13, row 15). The server creates
 * the attendee's Customer (once) and a SetupIntent on it, and hands the
 * browser only the SetupIntent's client secret and the publishable key;
 * Stripe.js sends the card to Stripe. The server then reads the saved card
 * back from Stripe (the confirm call, or the `setup_intent.succeeded`
 * webhook) and keeps only its brand, last 4, expiry and PaymentMethod id.
 */

export interface SavedCardsDeps {
  /** The platform's Stripe client; undefined in demo mode. */
  stripe: Stripe | undefined;
  /** STRIPE_PUBLISHABLE_KEY; without it cards are not saved at Stripe. */
  publishableKey: string | undefined;
}

const KNOWN_BRANDS: ReadonlySet<string> = new Set(CARD_BRANDS);

/** Stripe's card brand as the wallet names brands (`unknown` for the rest). */
function brandOf(brand: string): CardBrand {
  return KNOWN_BRANDS.has(brand) ? (brand as CardBrand) : 'unknown';
}

function idOf(value: string | { id: string } | null): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/** The card a succeeded SetupIntent saved, as stored; null while it is not saved. */
function savedCardOf(setupIntent: Stripe.SetupIntent): repo.CardSummaryValues | null {
  const method = setupIntent.payment_method;
  if (setupIntent.status !== 'succeeded' || !method || typeof method === 'string') return null;
  if (!method.card) return null;
  return {
    brand: brandOf(method.card.brand),
    last4: method.card.last4,
    expMonth: method.card.exp_month,
    expYear: method.card.exp_year,
    paymentMethodId: method.id,
  };
}

function summaryOf(card: repo.CardSummaryValues): CardSummary {
  return {
    card_brand: card.brand,
    card_last4: card.last4,
    card_exp_month: card.expMonth,
    card_exp_year: card.expYear,
    saved_at_stripe: card.paymentMethodId !== null,
  };
}

export function createSavedCards({ stripe, publishableKey }: SavedCardsDeps) {
  const enabled = stripe !== undefined && publishableKey !== undefined;

  function requireEnabled(): { client: Stripe; key: string } {
    if (!stripe || !publishableKey) throw conflict(WALLET_MSG.cardSetupUnavailable);
    return { client: stripe, key: publishableKey };
  }

  function retrieveSetupIntent(client: Stripe, id: string): Promise<Stripe.SetupIntent> {
    return callStripe(() => client.setupIntents.retrieve(id, { expand: ['payment_method'] }));
  }

  /** The member's Customer at Stripe, created on first use; one per member, also under a race. */
  async function ensureCustomer(db: Db, client: Stripe, userId: number): Promise<string> {
    const member = await repo.findStripeCustomer(db, userId);
    if (!member) throw notFound(WALLET_MSG.cardSetupUnavailable);
    if (member.stripe_customer_id) return member.stripe_customer_id;
    const customer = await callStripe(() =>
      client.customers.create(
        {
          ...(member.email ? { email: member.email } : {}),
          metadata: { user_id: String(userId) },
        },
        // Two tabs at once get the same Customer, not two.
        { idempotencyKey: `floorfill-customer-${userId}` },
      ),
    );
    return (await repo.linkStripeCustomer(db, userId, customer.id)) ?? customer.id;
  }

  return {
    /**
     * The `stripe:detach-card` job: a card the member replaced (a new one
     * saved, or a summary typed instead) leaves their Customer at Stripe, so
     * no card stays chargeable that the wallet no longer shows. A card Stripe
     * no longer has, or that is already detached, is done.
     */
    async detach(paymentMethodId: string): Promise<void> {
      if (!stripe) return;
      try {
        await stripe.paymentMethods.detach(paymentMethodId);
      } catch (error) {
        if (isGoneAtStripe(error)) return;
        throw error;
      }
    },

    /** The publishable key the wallet confirms with, when cards are saved at Stripe. */
    setupKey: enabled ? (publishableKey ?? null) : null,

    /** create-card-setup: a SetupIntent for the member's Customer; only its client secret leaves. */
    async startSetup(db: Db, userId: number): Promise<CardSetupAnswer> {
      const { client, key } = requireEnabled();
      const customer = await ensureCustomer(db, client, userId);
      const setupIntent = await callStripe(() =>
        client.setupIntents.create({
          customer,
          usage: 'off_session',
          allowed_payment_method_types: ['card'],
          metadata: { user_id: String(userId) },
        }),
      );
      if (!setupIntent.client_secret) {
        throw new Error(`setup intent ${setupIntent.id} has no client secret`);
      }
      return { client_secret: setupIntent.client_secret, publishable_key: key };
    },

    /**
     * save-card-setup: the card the browser confirmed, read from Stripe. A
     * SetupIntent of another Customer is refused as if it did not exist.
     */
    async saveSetup(
      db: Db,
      userId: number,
      setupIntentId: string,
    ): Promise<{ card: CardSummary; replacedPaymentMethodId: string | null }> {
      const { client } = requireEnabled();
      const member = await repo.findStripeCustomer(db, userId);
      const setupIntent = await retrieveSetupIntent(client, setupIntentId);
      if (!member?.stripe_customer_id || idOf(setupIntent.customer) !== member.stripe_customer_id) {
        throw fieldError('setup_intent_id', WALLET_MSG.setupIntentInvalid);
      }
      const card = savedCardOf(setupIntent);
      if (!card) throw conflict(WALLET_MSG.cardSetupUnfinished);
      const saved = await db
        .transaction()
        .execute((trx) => repo.updateCardSummary(trx, userId, card));
      if (!saved) throw notFound(WALLET_MSG.cardSetupUnavailable);
      return { card: summaryOf(card), replacedPaymentMethodId: saved.replacedPaymentMethodId };
    },

    /**
     * The `setup_intent.succeeded` webhook: when the browser never made the
     * confirm call, the card is stored from Stripe's current SetupIntent. It
     * fills in only a member with no card at Stripe yet, so a late event never
     * replaces a card saved after it. True when a card was stored.
     */
    async learnFromSetupIntent(db: DbOrTrx, setupIntentId: string): Promise<boolean> {
      if (!stripe) return false;
      const setupIntent = await stripe.setupIntents.retrieve(setupIntentId, {
        expand: ['payment_method'],
      });
      const customerId = idOf(setupIntent.customer);
      const card = savedCardOf(setupIntent);
      if (!customerId || !card) return false;
      const member = await repo.findUserOfCustomer(db, customerId);
      if (!member || member.stripe_payment_method_id) return false;
      return (await repo.updateCardSummary(db, member.id, card)) !== undefined;
    },
  };
}

export type SavedCards = ReturnType<typeof createSavedCards>;

/**
 * Stripe's answer for a PaymentMethod that is gone (404) or on no Customer
 * (400): nothing is left to detach, and asking again would not change that.
 */
function isGoneAtStripe(error: unknown): boolean {
  return isStripeError(error) && error.type === 'StripeInvalidRequestError';
}
