import { z } from 'zod';
import { idField } from './fields.ts';
import { emptyAsAbsent } from './wire-forms.ts';

/**
 * Boosts (issue 30): a guest adds money to their request for a song. The
 * card is only authorised when the guest boosts (a hold); the money is taken
 * when the song has played for the host's "counts as played" time, and the
 * hold is released when it is not played: rejected, cancelled, the night
 * ends, the play was cut short, or the hold grows old. Amounts are integer
 * minor units (cents) of the boost's currency, the host's account currency.
 */

/** Where a boost stands, as its guest and the host see it. */
export const BOOST_STATES = [
  /** Waiting for the guest to finish paying (a checkout page is open). */
  'pending',
  /** The card is authorised: nothing is taken until the song plays. */
  'held',
  /** The song played: the money was taken. */
  'charged',
  /** Not played: the hold was cancelled, nothing was taken. */
  'released',
  /** The payment never went through (declined, abandoned), or taking the money failed. */
  'failed',
  /** Charged, then given back by the host. */
  'refunded',
] as const;
export type BoostState = (typeof BOOST_STATES)[number];

/** Why a boost was released or failed. */
export const BOOST_REASONS = [
  'rejected',
  'cancelled',
  'event_ended',
  'hold_expiring',
  'cut_short',
  'payment_failed',
  'abandoned',
  'capture_failed',
] as const;
export type BoostReason = (typeof BOOST_REASONS)[number];

/** How boosts move a song in the queue (a request setting). */
export const BOOST_ORDERS = ['off', 'orders', 'ties'] as const;
export type BoostOrder = (typeof BOOST_ORDERS)[number];

/** The smallest and largest boost a host may ask for and a guest may give, in minor units. */
export const BOOST_LIMITS = {
  minCents: 100,
  maxCents: 10_000,
  /** The default minimum when a host turns boosts on. */
  defaultMinCents: 200,
  /** "Counts as played": how long a song must play before its boosts are charged. */
  maxCountsAfterSeconds: 600,
  defaultCountsAfterSeconds: 60,
} as const;

/** A boost as its guest sees it (their timeline) and the host's boost list shows it. */
export const boostSchema = z.object({
  id: z.number().int(),
  event_id: z.number().int(),
  song_id: z.string(),
  song_name: z.string(),
  amount_cents: z.number().int(),
  currency: z.string(),
  state: z.enum(BOOST_STATES),
  reason: z.enum(BOOST_REASONS).nullable(),
  created_at: z.string(),
  /** When it was charged, released, failed or refunded; null while pending or held. */
  settled_at: z.string().nullable(),
});
export type Boost = z.infer<typeof boostSchema>;

/** How a guest pays for a boost: a checkout page, or the card saved in their wallet (one tap). */
export const BOOST_PAYMENT_METHODS = ['checkout', 'saved_card'] as const;

/** create-boost: the guest's own waiting request for the song, and the amount in minor units. */
export const createBoostBody = z.object({
  event_id: idField,
  song_id: z.string().trim().min(1, 'Choose a song.').max(200),
  amount: z.coerce
    .number({ error: 'The amount must be a number.' })
    .int('The amount must be whole cents.')
    .min(BOOST_LIMITS.minCents, `A boost is at least ${BOOST_LIMITS.minCents} cents.`)
    .max(BOOST_LIMITS.maxCents, `A boost is at most ${BOOST_LIMITS.maxCents} cents.`),
  pay_with: emptyAsAbsent(z.enum(BOOST_PAYMENT_METHODS)).default('checkout'),
});
export type CreateBoostBody = z.infer<typeof createBoostBody>;

export const createBoostAnswerSchema = z.object({
  boost: boostSchema,
  /** Where the browser goes to authorise the payment (Stripe Checkout or the demo page); null when paid with a saved card. */
  checkout_url: z.string().nullable(),
  /** Only when the guest's bank asks to confirm a saved-card hold: Stripe.js confirms with it. */
  client_secret: z.string().nullable(),
});
export type CreateBoostAnswer = z.infer<typeof createBoostAnswerSchema>;

/** list-my-boosts: the caller's own boosts in one event. */
export const myBoostsQuery = z.object({ event_id: idField });
export const myBoostsSchema = z.object({ boosts: z.array(boostSchema) });
export type MyBoosts = z.infer<typeof myBoostsSchema>;

/** A boost in the host's list: who gave it (their shown name) and whether it may still be refunded. */
export const hostBoostSchema = boostSchema.extend({
  attendee_name: z.string(),
  /** Charged less than `BOOST_REFUND_WINDOW_HOURS` ago. */
  refundable: z.boolean(),
  /** Taking the money failed (the host was told; the song still played). */
  capture_failed: z.boolean(),
});
export type HostBoost = z.infer<typeof hostBoostSchema>;

/** The host may give a charged boost back within this many hours of charging it. */
export const BOOST_REFUND_WINDOW_HOURS = 24;

export const eventBoostsQuery = z.object({ event_id: idField });
/** The night's boosts, newest first, with their totals. */
export const eventBoostsSchema = z.object({
  boosts: z.array(hostBoostSchema),
  totals: z.lazy(() => boostTotalsSchema),
});
export type EventBoosts = z.infer<typeof eventBoostsSchema>;

export const refundBoostBody = z.object({ boost_id: idField });
export const refundBoostAnswerSchema = z.object({ boost: hostBoostSchema });

/** Where a boost's checkout sends the guest back: their event page with `?boost=held|cancelled`. */
export const BOOST_RETURN_PARAM = 'boost';
export const BOOST_RETURN = { held: 'held', cancelled: 'cancelled' } as const;
export type BoostReturn = (typeof BOOST_RETURN)[keyof typeof BOOST_RETURN];

/** Boost money of a night or of a host: charged (less refunds), released, refunded. */
export const boostTotalsSchema = z.object({
  charged_count: z.number().int(),
  charged_cents: z.number().int(),
  released_count: z.number().int(),
  released_cents: z.number().int(),
  refunded_count: z.number().int(),
  refunded_cents: z.number().int(),
  currency: z.string(),
});
export type BoostTotals = z.infer<typeof boostTotalsSchema>;

export const EMPTY_BOOST_TOTALS: BoostTotals = {
  charged_count: 0,
  charged_cents: 0,
  released_count: 0,
  released_cents: 0,
  refunded_count: 0,
  refunded_cents: 0,
  currency: 'usd',
};

function currencyFormat(currency: string): Intl.NumberFormat | null {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() });
  } catch {
    return null;
  }
}

/** Decimals of the currency's major unit: 2 for USD and EUR, 0 for JPY (2 for an unknown code). */
export function currencyDigits(currency: string): number {
  return currencyFormat(currency)?.resolvedOptions().maximumFractionDigits ?? 2;
}

/** The currency's sign as an amount shows it ("$", "€"), or its code. */
export function currencySymbol(currency: string): string {
  const parts = currencyFormat(currency)?.formatToParts(0) ?? [];
  return parts.find((part) => part.type === 'currency')?.value ?? currency.toUpperCase();
}

/** An amount in minor units, in its currency as people read it ("$5.00", "€5.00", "¥500"). */
export function formatMoney(minor: number, currency: string): string {
  const format = currencyFormat(currency);
  if (!format) return `${(minor / 100).toFixed(2)} ${currency.toUpperCase()}`;
  return format.format(minor / 10 ** currencyDigits(currency));
}

/** Answers and notices of boosts. */
export const BOOST_MSG = {
  created: 'Boost started: nothing is charged unless your song is played.',
  held: 'Boost held: nothing is charged unless your song is played.',
  cancelledReturn: 'Boost cancelled: nothing was charged.',
  aboveMaximum: (max: string) => `A boost is at most ${max}.`,
  off: "The DJ isn't taking boosts tonight.",
  belowMinimum: (min: string) => `The smallest boost tonight is ${min}.`,
  noRequest: 'Request the song first, then boost it.',
  notWaiting: 'This song is no longer waiting to be played.',
  alreadyBoosted: 'You already boosted this song.',
  notFound: 'Boost not found.',
  notRefundable: 'Only a charged boost can be refunded, within 24 hours.',
  refunded: 'Boost refunded.',
  hostCannotReceive: "This DJ can't take boosts yet.",
  connectFirst: 'Connect Stripe first (Profile → Wallet) to take boosts.',
  declined: 'Your card was declined. Please try another card.',
} as const;

/** What a guest reads about their boost, by its state and reason. */
export function boostStateText(
  boost: Pick<Boost, 'state' | 'reason' | 'amount_cents' | 'currency'>,
): string {
  const amount = formatMoney(boost.amount_cents, boost.currency);
  switch (boost.state) {
    case 'pending':
      return `Boost of ${amount}: finishing payment…`;
    case 'held':
      return `Boost of ${amount} held: charged only if it plays.`;
    case 'charged':
      return `Your boost of ${amount} was charged: it is playing.`;
    case 'refunded':
      return `Your boost of ${amount} was refunded.`;
    case 'failed':
      return boost.reason === 'capture_failed'
        ? `Your boost of ${amount} could not be charged: nothing was taken.`
        : `Your boost of ${amount} did not go through: nothing was charged.`;
    case 'released':
      return `Not played, nothing charged: your boost of ${amount} was released${releaseWhy(boost.reason)}.`;
  }
}

function releaseWhy(reason: BoostReason | null): string {
  switch (reason) {
    case 'rejected':
      return ' (the DJ passed on it)';
    case 'cancelled':
      return ' (you cancelled the request)';
    case 'event_ended':
      return ' (the night ended)';
    case 'cut_short':
      return ' (it was cut short)';
    case 'hold_expiring':
      return ' (the hold ran out of time)';
    default:
      return '';
  }
}
