import type { CardSummary } from '@floorfill/shared';

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

export function cardBrandName(brand: string): string {
  return BRAND_NAMES[brand] ?? 'Card';
}

/** All that is ever shown of a saved card: "Visa •••• 4242, expires 12/28". */
export function describeCard(card: CardSummary): string {
  const month = String(card.card_exp_month).padStart(2, '0');
  const year = String(card.card_exp_year % 100).padStart(2, '0');
  return `${cardBrandName(card.card_brand)} •••• ${card.card_last4}, expires ${month}/${year}`;
}
