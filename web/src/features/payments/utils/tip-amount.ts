import { MSG, parseTipAmount, TIP_PRESETS_DOLLARS } from '@floorfill/shared';

/** The amount picker: one of the presets ('1', '2', '5') or 'custom'. */
export const CUSTOM_TIP = 'custom';
export type TipChoice = `${(typeof TIP_PRESETS_DOLLARS)[number]}` | typeof CUSTOM_TIP;

export const TIP_CHOICES: { value: TipChoice; label: string }[] = [
  ...TIP_PRESETS_DOLLARS.map((dollars) => ({
    value: String(dollars) as TipChoice,
    label: `$${dollars}`,
  })),
  { value: CUSTOM_TIP, label: 'Custom' },
];

export type TipAmountCheck = { ok: true; cents: number } | { ok: false; message: string };

/**
 * The chosen tip in exact integer cents, or the spec's message (§5) — the
 * shared rule the server applies, so client and server word errors alike.
 */
export function checkTipAmount(choice: TipChoice, custom: string): TipAmountCheck {
  if (choice !== CUSTOM_TIP) return parseTipAmount(choice);
  if (custom.trim() === '') return { ok: false, message: MSG.fieldRequired };
  return parseTipAmount(custom);
}

/**
 * Cents as the dollar number the API reads. Any whole number of cents over
 * 100 prints as its exact two-place decimal (710 → 7.1), which the server
 * parses as text, so nothing is lost to floating point.
 */
export function centsToDollars(cents: number): number {
  return cents / 100;
}
