import { z } from 'zod';
import { idField } from './fields.ts';
import { MSG } from './messages.ts';
import { emptyAsAbsent } from './wire-forms.ts';

/**
 * Contracts of the wallet forms (spec §2 Wallet tab, attendee wallet; §3; §7
 * update-host-profile-wallet, update-attendee-profile-wallet) and get-wallet.
 * A card number or CVC never leaves the browser: the card form checks the
 * number there (`cardFormSchema`) and sends only its brand, last 4 digits
 * and expiry (`attendeeWalletBody`); the server refuses a number or CVC
 * outright, so it is never in our PCI scope (design §6).
 */

export const WALLET_MSG = {
  hostSaved: 'Wallet keys saved.',
  cardSaved: 'Card saved. Only its brand, last 4 digits and expiry are kept.',
  publicKeyInvalid: 'The public key must start with pk_test_ or pk_live_.',
  secretKeyInvalid: 'The secret key must start with sk_test_, sk_live_, rk_test_ or rk_live_.',
  keyModesDiffer: 'Both keys must be test keys or both live keys.',
  cardNumberInvalid: 'The card number is not valid.',
  cvcInvalid: 'The CVC must be 3 or 4 digits.',
  expiryMonthInvalid: 'The expiry month must be from 1 to 12.',
  expiryYearInvalid: 'The expiry year is not valid.',
  cardExpired: 'The card has expired.',
  cardDataRefused:
    'Card numbers and CVCs are never sent to Floorfill: send only the brand, last 4 digits and expiry.',
  last4Invalid: 'The last 4 digits must be 4 digits.',
  brandInvalid: 'The card brand is not known.',
  cardSetupReady: 'Enter your card: it goes straight to Stripe.',
  cardSavedAtStripe:
    'Card saved with Stripe for your tips. Floorfill keeps only its brand, last 4 digits and expiry.',
  cardSetupUnavailable: 'Cards are saved with Stripe only when Stripe payments are set up.',
  cardSetupUnfinished: 'Stripe has not confirmed this card. Please enter it again.',
  setupIntentInvalid: 'The card setup is not valid.',
} as const;

const PUBLIC_KEY = /^pk_(test|live)_[A-Za-z0-9]{8,247}$/;
const SECRET_KEY = /^[sr]k_(test|live)_[A-Za-z0-9]{8,247}$/;

/** 'test' or 'live', from a key already known to be well formed. */
export function stripeKeyMode(key: string): 'test' | 'live' {
  return key.includes('_live_') ? 'live' : 'test';
}

export const hostWalletBody = z
  .object({
    id: idField.optional(),
    stripe_public_key: z
      .string({
        error: (issue) => (issue.input === undefined ? MSG.fieldRequired : 'Must be text.'),
      })
      .trim()
      .min(1, { message: MSG.fieldRequired, abort: true })
      .regex(PUBLIC_KEY, { message: WALLET_MSG.publicKeyInvalid, abort: true }),
    /** Empty keeps the stored secret (the form never shows it back). */
    stripe_secret_key: emptyAsAbsent(
      z
        .string()
        .trim()
        .regex(SECRET_KEY, { message: WALLET_MSG.secretKeyInvalid, abort: true })
        .optional(),
    ),
  })
  .superRefine((body, context) => {
    if (!body.stripe_secret_key) return;
    if (stripeKeyMode(body.stripe_public_key) !== stripeKeyMode(body.stripe_secret_key)) {
      context.addIssue({
        code: 'custom',
        path: ['stripe_secret_key'],
        message: WALLET_MSG.keyModesDiffer,
      });
    }
  });
export type HostWalletBody = z.infer<typeof hostWalletBody>;

export const hostWalletAnswerSchema = z.object({
  stripe_public_key: z.string().nullable(),
  has_secret_key: z.boolean(),
});
export type HostWalletAnswer = z.infer<typeof hostWalletAnswerSchema>;

export const CARD_BRANDS = [
  'visa',
  'mastercard',
  'amex',
  'discover',
  'diners',
  'jcb',
  'unionpay',
  'unknown',
] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** The card network from the number's leading digits (IIN ranges). */
export function cardBrandOf(digits: string): CardBrand {
  const two = Number(digits.slice(0, 2));
  const three = Number(digits.slice(0, 3));
  const four = Number(digits.slice(0, 4));
  const six = Number(digits.slice(0, 6));
  if (digits.startsWith('4')) return 'visa';
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  if (two === 34 || two === 37) return 'amex';
  if (
    four === 6011 ||
    two === 65 ||
    (three >= 644 && three <= 649) ||
    (six >= 622126 && six <= 622925)
  ) {
    return 'discover';
  }
  if (two === 36 || two === 38 || two === 39 || (three >= 300 && three <= 305)) return 'diners';
  if (four >= 3528 && four <= 3589) return 'jcb';
  if (two === 62) return 'unionpay';
  return 'unknown';
}

/** The Luhn (mod 10) check every card number carries in its last digit. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Digits of a card number as typed (spaces and dashes allowed), or null when it cannot be one. */
export function cardDigits(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) return null;
  return digits;
}

const digitsText = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) ? String(value) : value;

const requiredString = (message: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? MSG.fieldRequired : message) });

/** A 2-digit year means 20YY. */
function fullYear(text: string): number {
  const year = Number(text);
  return text.length === 2 ? 2000 + year : year;
}

/** The card is good through the last day of its expiry month. */
export function isCardExpired(month: number, year: number, now = new Date()): boolean {
  const currentYear = now.getUTCFullYear();
  const currentMonth = now.getUTCMonth() + 1;
  return year < currentYear || (year === currentYear && month < currentMonth);
}

export const CARD_EXPIRY_MAX_YEARS = 25;

/**
 * The card form as typed, checked in the browser only (the same rules
 * everywhere): a number that passes Luhn and an expiry not past. No CVC:
 * nothing here would ever use one (tips are paid on Stripe's own page). Its
 * answer is turned into `attendeeWalletBody` by `cardSummaryOf` before
 * anything is sent.
 */
export const cardFormSchema = z
  .object({
    stripe_card_number: z.preprocess(
      digitsText,
      requiredString(WALLET_MSG.cardNumberInvalid)
        .min(1, MSG.fieldRequired)
        .max(40, WALLET_MSG.cardNumberInvalid)
        .transform((value, context) => {
          const digits = cardDigits(value);
          if (!digits) {
            context.addIssue({ code: 'custom', message: WALLET_MSG.cardNumberInvalid });
            return z.NEVER;
          }
          return digits;
        }),
    ),
    stripe_expiry_month: z.preprocess(
      digitsText,
      requiredString(WALLET_MSG.expiryMonthInvalid)
        .trim()
        .min(1, MSG.fieldRequired)
        .regex(/^\d{1,2}$/, { message: WALLET_MSG.expiryMonthInvalid, abort: true })
        .transform(Number)
        .refine((month) => month >= 1 && month <= 12, {
          message: WALLET_MSG.expiryMonthInvalid,
          abort: true,
        }),
    ),
    stripe_expiry_year: z.preprocess(
      digitsText,
      requiredString(WALLET_MSG.expiryYearInvalid)
        .trim()
        .min(1, MSG.fieldRequired)
        .regex(/^(\d{2}|\d{4})$/, { message: WALLET_MSG.expiryYearInvalid, abort: true })
        .transform(fullYear),
    ),
  })
  .superRefine((body, context) => {
    const now = new Date();
    if (body.stripe_expiry_year > now.getUTCFullYear() + CARD_EXPIRY_MAX_YEARS) {
      context.addIssue({
        code: 'custom',
        path: ['stripe_expiry_year'],
        message: WALLET_MSG.expiryYearInvalid,
      });
      return;
    }
    if (isCardExpired(body.stripe_expiry_month, body.stripe_expiry_year, now)) {
      context.addIssue({
        code: 'custom',
        path: ['stripe_expiry_year'],
        message: WALLET_MSG.cardExpired,
      });
    }
  });
export type CardForm = z.infer<typeof cardFormSchema>;

/** A field a card form must never send: its presence is refused, with a message saying why. */
const neverSent = z
  .unknown()
  .refine((value) => value === undefined, WALLET_MSG.cardDataRefused)
  .optional()
  .meta({ description: 'Refused when present: card data never reaches the server.' });

const expiryMonth = z.coerce
  .number({ error: WALLET_MSG.expiryMonthInvalid })
  .int(WALLET_MSG.expiryMonthInvalid)
  .min(1, { message: WALLET_MSG.expiryMonthInvalid, abort: true })
  .max(12, { message: WALLET_MSG.expiryMonthInvalid, abort: true });

/** update-attendee-profile-wallet: what is kept of a card, computed in the browser. */
export const attendeeWalletBody = z
  .object({
    id: idField.optional(),
    card_brand: z.enum(CARD_BRANDS, { error: WALLET_MSG.brandInvalid }),
    card_last4: z
      .string({ error: WALLET_MSG.last4Invalid })
      .regex(/^\d{4}$/, WALLET_MSG.last4Invalid),
    card_exp_month: expiryMonth,
    card_exp_year: z.coerce
      .number({ error: WALLET_MSG.expiryYearInvalid })
      .int(WALLET_MSG.expiryYearInvalid)
      .min(2000, { message: WALLET_MSG.expiryYearInvalid, abort: true }),
    stripe_card_number: neverSent,
    stripe_cvc: neverSent,
  })
  .superRefine((body, context) => {
    const now = new Date();
    if (body.card_exp_year > now.getUTCFullYear() + CARD_EXPIRY_MAX_YEARS) {
      context.addIssue({
        code: 'custom',
        path: ['card_exp_year'],
        message: WALLET_MSG.expiryYearInvalid,
      });
      return;
    }
    if (isCardExpired(body.card_exp_month, body.card_exp_year, now)) {
      context.addIssue({
        code: 'custom',
        path: ['card_exp_year'],
        message: WALLET_MSG.cardExpired,
      });
    }
  });
export type AttendeeWalletBody = z.infer<typeof attendeeWalletBody>;

/** What the browser sends of a checked card form: brand, last 4, expiry. Never the number or CVC. */
export function cardSummaryOf(form: CardForm): {
  card_brand: CardBrand;
  card_last4: string;
  card_exp_month: number;
  card_exp_year: number;
} {
  return {
    card_brand: cardBrandOf(form.stripe_card_number),
    card_last4: form.stripe_card_number.slice(-4),
    card_exp_month: form.stripe_expiry_month,
    card_exp_year: form.stripe_expiry_year,
  };
}

/** What is kept of a card, and all that is ever shown of it. */
export const cardSummarySchema = z.object({
  card_brand: z.string(),
  card_last4: z.string(),
  card_exp_month: z.number().int(),
  card_exp_year: z.number().int(),
  /** Saved at Stripe (Elements): tips can be paid with it. A demo summary cannot pay. */
  saved_at_stripe: z.boolean(),
});
export type CardSummary = z.infer<typeof cardSummarySchema>;

/** get-wallet: the caller's own wallet state for the forms (never a secret). */
export const walletSchema = z.object({
  payments_mode: z.enum(['demo', 'stripe']),
  stripe_account_status: z.string().nullable(),
  is_demo: z.boolean(),
  stripe_public_key: z.string().nullable(),
  has_secret_key: z.boolean(),
  card: cardSummarySchema.nullable(),
  /**
   * The platform's publishable key when cards are saved with Stripe Elements
   * (Stripe payments with STRIPE_PUBLISHABLE_KEY); null: the browser-only
   * summary form.
   */
  card_setup_key: z.string().nullable(),
});
export type Wallet = z.infer<typeof walletSchema>;

/** create-card-setup: nothing to send; a card number or CVC is refused as everywhere. */
export const cardSetupBody = z
  .object({ stripe_card_number: neverSent, stripe_cvc: neverSent })
  .optional();

/** What the browser needs to confirm the SetupIntent with Stripe.js; never a secret key. */
export const cardSetupAnswerSchema = z.object({
  /** The SetupIntent's client secret: lets this browser confirm this one setup, nothing else. */
  client_secret: z.string(),
  publishable_key: z.string(),
});
export type CardSetupAnswer = z.infer<typeof cardSetupAnswerSchema>;

/** save-card-setup: the SetupIntent the browser confirmed; the card is read from Stripe. */
export const saveCardSetupBody = z.object({
  setup_intent_id: z
    .string({ error: WALLET_MSG.setupIntentInvalid })
    .regex(/^seti_[A-Za-z0-9]{1,250}$/, WALLET_MSG.setupIntentInvalid),
  stripe_card_number: neverSent,
  stripe_cvc: neverSent,
});
export type SaveCardSetupBody = z.infer<typeof saveCardSetupBody>;
