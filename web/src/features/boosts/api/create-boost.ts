import {
  createBoostAnswerSchema,
  type CreateBoostAnswer,
  type CreateBoostBody,
} from '@floorfill/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { confirmCardCheck } from '@/lib/card-check';
import { storeMyBoost } from './my-boosts';

export interface CreateBoostInput extends CreateBoostBody {
  /** The platform's publishable key, for the bank's check of a saved card in Stripe.js. */
  publishableKey?: string | null;
}

export interface CreateBoostResult {
  msg: string;
  answer: CreateBoostAnswer;
}

/**
 * create-boost: a checkout page to go to, or (a saved card) the hold already
 * made. When the bank wants to check the saved card (3-D Secure), Stripe.js
 * (fetched only now) shows it; the server hears the outcome from Stripe and
 * pushes the boost's new state (`boost:updated`).
 */
export async function createBoost({
  publishableKey,
  ...body
}: CreateBoostInput): Promise<CreateBoostResult> {
  const { msg, data } = await api.post('/api/v1/boosts', { body, schema: createBoostAnswerSchema });
  if (data.client_secret && publishableKey) {
    await confirmCardCheck(publishableKey, data.client_secret);
  }
  return { msg, answer: data };
}

/** The new boost shows under its request at once, before any push about it. */
export function useCreateBoost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBoost,
    onSuccess: ({ answer }) => storeMyBoost(queryClient, answer.boost),
  });
}
