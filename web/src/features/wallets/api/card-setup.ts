import { cardSetupAnswerSchema, cardSummarySchema, type CardSetupAnswer } from '@floorfill/shared';
import { api } from '@/lib/api-client';

/**
 * Saving a card at Stripe (Elements): the server answers a SetupIntent's
 * client secret and the publishable key; Stripe.js sends the card to Stripe;
 * the server then reads the saved card back from Stripe. No card data is in
 * either call.
 */
export async function startCardSetup(): Promise<CardSetupAnswer> {
  const { data } = await api.post('/api/v1/create-card-setup', {
    body: {},
    schema: cardSetupAnswerSchema,
  });
  return data;
}

export async function saveCardSetup(setupIntentId: string) {
  return api.post('/api/v1/save-card-setup', {
    body: { setup_intent_id: setupIntentId },
    schema: cardSummarySchema,
  });
}
