import { z } from 'zod';
import { boostTotalsSchema } from './boosts.ts';
import { TIP_MAX_DOLLARS, TIP_MIN_DOLLARS } from './constants.ts';
import { errorEnvelopeSchema } from './envelope.ts';
import { hostDashboardSchema } from './events.ts';
import { idField } from './fields.ts';
import { MSG } from './messages.ts';
import { emptyAsAbsent, withFormAliases } from './wire-forms.ts';

/**
 * Contracts of tips and the host's payment account (spec §3 Payment link
 * request, §5 tip rules, §7 connect-stripe-account, active-stripe-account,
 * create-payment-link). Money is integer cents everywhere.
 */

/** Answers of the payment calls (toasted by the web app). */
export const PAYMENT_MSG = {
  connectReady: 'Continue to Stripe to finish connecting your account.',
  connectDemo: 'Demo payments: your account is connected without Stripe.',
  accountStatus: 'Payment account status.',
  linkCreated: 'Redirecting to the payment page.',
  hostNotFound: 'Host not found.',
  hostCannotReceive: "This host can't receive tips yet.",
  selfTip: 'You cannot tip yourself.',
  notJoined: 'Only guests who joined this event can tip for it.',
  amountInvalid: 'The amount must be a number.',
  returnPathInvalid: 'The return page must be an attendee page of this site.',
  stripeUnavailable:
    'The payment service could not complete this request. Please try again shortly.',
  webhookSignature: 'Invalid Stripe signature.',
  noSavedCard: 'Save a card in your wallet first.',
  savedCardTipPaid: 'Thank you! Your tip was paid with your saved card.',
  savedCardTipAction: 'Your bank asks you to confirm this payment.',
  savedCardTipProcessing: 'Your payment is being processed.',
  savedCardTipFailed: 'Your card was declined. Please try another card.',
  tipNotFound: 'Tip not found.',
  cardServiceUnavailable: 'The card service could not be loaded. Please try again.',
} as const;

/** `stripe_account_status` once the account can take card payments; anything else shows CONNECT. */
export const STRIPE_ACCOUNT_ACTIVE = 'Active';
/** An account that exists at Stripe but cannot take charges yet (onboarding unfinished or restricted). */
export const STRIPE_ACCOUNT_PENDING = 'Pending';

/** The query parameter a tip's return page gets: `?tip=success` or `?tip=cancelled`. */
export const TIP_RETURN_PARAM = 'tip';
export const TIP_RETURN = { success: 'success', cancelled: 'cancelled' } as const;
export type TipReturn = (typeof TIP_RETURN)[keyof typeof TIP_RETURN];

/** Where the web app starts connect's Stripe onboarding and lands after it (spec §2). */
export const STRIPE_CONNECT_SUCCESS_PATH = '/host/stripe/connect/success';
/** Where a refresh link that can no longer be renewed sends the host (the wallet tab). */
export const STRIPE_CONNECT_RETRY_PATH = '/host/profile/edit?tab=wallet&stripe=retry';

export const TIP_MIN_CENTS = TIP_MIN_DOLLARS * 100;
export const TIP_MAX_CENTS = TIP_MAX_DOLLARS * 100;

const DECIMAL_AMOUNT = /^(-?)(\d*)(?:\.(\d*))?$/;

/**
 * A dollar amount as typed (text or number) to exact integer cents, or the
 * spec's message (§5). Parsed as text, so 7.10 is 710 cents, never 709.99….
 */
export function parseTipAmount(
  input: unknown,
): { ok: true; cents: number } | { ok: false; message: string } {
  const text = typeof input === 'number' && Number.isFinite(input) ? String(input) : input;
  if (typeof text !== 'string') return { ok: false, message: PAYMENT_MSG.amountInvalid };
  const match = DECIMAL_AMOUNT.exec(text.trim());
  const [, sign = '', whole = '', fraction = ''] = match ?? [];
  if (!match || (whole === '' && fraction === '')) {
    return { ok: false, message: PAYMENT_MSG.amountInvalid };
  }
  if (fraction.length > 2) return { ok: false, message: MSG.tipDecimals };
  const cents = BigInt(whole || '0') * 100n + BigInt(fraction.padEnd(2, '0'));
  if (sign === '-' || cents < BigInt(TIP_MIN_CENTS)) return { ok: false, message: MSG.tipMin };
  if (cents > BigInt(TIP_MAX_CENTS)) return { ok: false, message: MSG.tipMax };
  return { ok: true, cents: Number(cents) };
}

/** The tip amount field: dollars in, cents out, with the spec's messages. */
export const tipAmountField = z
  .unknown()
  .transform((value, context) => {
    if (value === undefined || value === null || value === '') {
      context.addIssue({ code: 'custom', message: MSG.fieldRequired });
      return z.NEVER;
    }
    const parsed = parseTipAmount(value);
    if (!parsed.ok) {
      context.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }
    return parsed.cents;
  })
  .meta({
    type: ['number', 'string'],
    description: `Dollars, as a number or text: ${TIP_MIN_DOLLARS} to ${TIP_MAX_DOLLARS}, at most two decimals.`,
  });

const RETURN_PATH_MAX = 500;

/**
 * The attendee page a tip started from, to come back to: a path of this site
 * under /attendee/ (never another origin, so it is no open redirect). The
 * server resolves it against PUBLIC_URL and checks again.
 */
export const tipReturnPathField = z
  .string()
  .trim()
  .max(RETURN_PATH_MAX, PAYMENT_MSG.returnPathInvalid)
  .refine(
    (value) =>
      value.startsWith('/attendee/') &&
      !value.startsWith('//') &&
      // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
      !/[\\\u0000-\u001f\u007f]/.test(value),
    PAYMENT_MSG.returnPathInvalid,
  );

export const createPaymentLinkBody = withFormAliases(
  { hostId: 'host_id', eventId: 'event_id', attendeeId: 'attendee_id' },
  z.object({
    host_id: idField,
    amount: tipAmountField,
    event_id: emptyAsAbsent(idField.optional()),
    /** Must be the caller when sent; the session decides who tips. */
    attendee_id: idField.optional(),
    /** Accepted for the spec's client; the name shown to the host comes from the account. */
    attendee_name: z.string().max(200).optional(),
    /** Accepted for the spec's client; the session decides (3 member, 4 guest). */
    attendee_type: z.unknown().optional(),
    return_path: emptyAsAbsent(tipReturnPathField.optional()),
  }),
);
export type CreatePaymentLinkBody = z.infer<typeof createPaymentLinkBody>;

/** connect-stripe-account and create-payment-link: where to send the browser (spec §4). */
export const redirectAnswerSchema = z.object({ status: z.literal(true), url: z.string() });
export type RedirectAnswer = z.infer<typeof redirectAnswerSchema>;

/** connect-stripe-account's failures also carry the message as `message`, where the spec's client reads it (§8). */
export const connectFailureSchema = errorEnvelopeSchema.extend({ message: z.string().optional() });

export const connectStripeAccountBody = z.object({ user_id: idField.optional() });
export const activeStripeAccountBody = z.object({ user_id: idField.optional() });

export const stripeAccountStatusSchema = z.object({
  stripe_account_status: z.string().nullable(),
});
export type StripeAccountStatusAnswer = z.infer<typeof stripeAccountStatusSchema>;

/** The host dashboard's tip card: paid tips (refunded ones excluded). */
export const hostTipTotalsSchema = z.object({
  count: z.number().int(),
  total_cents: z.number().int(),
});
export type HostTipTotals = z.infer<typeof hostTipTotalsSchema>;

/** get-host-dashboard-data as the payments slice extends it: paid tips, and boost money (issue 30). */
export const hostDashboardTipsSchema = z.object({
  tips: hostTipTotalsSchema,
  boosts: boostTotalsSchema,
});
export type HostDashboardTips = z.infer<typeof hostDashboardTipsSchema>;

/** get-host-dashboard-data's data: the event totals and the paid tips. */
export const hostDashboardDataSchema = hostDashboardSchema.extend(hostDashboardTipsSchema.shape);
export type HostDashboardData = z.infer<typeof hostDashboardDataSchema>;

/** The link in a Stripe onboarding refresh URL: a signed one-hour token (empty when missing). */
export const connectRefreshQuery = z.object({ token: z.string().max(200).default('') });

/** What the Stripe webhook answers Stripe once an event is verified (Stripe reads only the status). */
export const webhookReceiptSchema = z.object({ received: z.literal(true) });

/** "$7.50" from 750 cents, for the web and the demo checkout page. */
export function formatCents(cents: number): string {
  const whole = Math.trunc(cents / 100);
  const rest = String(Math.abs(cents % 100)).padStart(2, '0');
  return `$${whole}.${rest}`;
}

/** tip-with-saved-card: a tip paid with the card saved at Stripe, without leaving the page. */
export const tipWithSavedCardBody = z.object({
  host_id: idField,
  amount: tipAmountField,
  event_id: emptyAsAbsent(idField.optional()),
  /** Must be the caller when sent; the session decides who tips. */
  attendee_id: idField.optional(),
});
export type TipWithSavedCardBody = z.infer<typeof tipWithSavedCardBody>;

/** Where a saved-card tip stands: paid, waiting for the bank's check in the browser, or not paid. */
export const SAVED_CARD_TIP_STATUSES = [
  'succeeded',
  'requires_action',
  'processing',
  'failed',
] as const;
export type SavedCardTipStatus = (typeof SAVED_CARD_TIP_STATUSES)[number];

export const savedCardTipSchema = z.object({
  tip_id: z.number().int(),
  status: z.enum(SAVED_CARD_TIP_STATUSES),
  /** Only with requires_action: the PaymentIntent's client secret for Stripe.js to confirm. */
  client_secret: z.string().nullable(),
});
export type SavedCardTip = z.infer<typeof savedCardTipSchema>;

/** confirm-saved-card-tip: after Stripe.js handled the bank's check, the server asks Stripe. */
export const confirmSavedCardTipBody = z.object({ tip_id: idField });
