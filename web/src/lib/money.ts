/**
 * Amounts typed and shown in a currency's major unit (dollars, euros, yen)
 * while the API speaks minor units (cents): how many decimals the currency
 * has decides the factor. `formatMoney` of `@floorfill/shared` writes an
 * amount out; these read and convert one.
 */
import { currencyDigits } from '@floorfill/shared';

/** 700 cents → 7 (dollars). */
export function toMajorUnits(minor: number, currency: string): number {
  return minor / 10 ** currencyDigits(currency);
}

/** 7.5 (dollars) → 750 cents, rounded to a whole minor unit. */
export function toMinorUnits(major: number, currency: string): number {
  return Math.round(major * 10 ** currencyDigits(currency));
}

/**
 * What a person typed ("7", "7.50", "7,50") in minor units, or null when it
 * is not a plain positive amount with at most the currency's decimals.
 */
export function parseMajorAmount(text: string, currency: string): number | null {
  const digits = currencyDigits(currency);
  const plain = text.trim().replace(',', '.');
  const shape = digits === 0 ? /^\d+$/ : new RegExp(`^\\d+(\\.\\d{1,${digits}})?$`);
  if (!shape.test(plain)) return null;
  return toMinorUnits(Number(plain), currency);
}
