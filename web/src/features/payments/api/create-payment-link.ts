import { redirectAnswerSchema } from '@floorfill/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { centsToDollars } from '../utils/tip-amount';

export interface PaymentLinkInput {
  hostId: number;
  cents: number;
  eventId?: number;
  /** The attendee page to come back to with `?tip=success|cancelled`. */
  returnPath?: string;
}

/**
 * create-payment-link (spec §7): answers the checkout URL (Stripe Checkout, or
 * the local demo checkout in demo payments) the browser is sent to.
 */
export async function createPaymentLink(input: PaymentLinkInput): Promise<string> {
  const { data } = await api.post('/api/v1/create-payment-link', {
    body: {
      host_id: input.hostId,
      amount: centsToDollars(input.cents),
      event_id: input.eventId,
      return_path: input.returnPath,
    },
    schema: redirectAnswerSchema,
  });
  return data.url;
}

export function useCreatePaymentLink() {
  return useMutation({ mutationFn: createPaymentLink });
}
