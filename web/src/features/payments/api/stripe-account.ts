import { redirectAnswerSchema, stripeAccountStatusSchema } from '@floorfill/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const paymentKeys = {
  all: ['payments'] as const,
  accountStatus: () => ['payments', 'account-status'] as const,
};

/** connect-stripe-account: where to send the host (Stripe onboarding, or straight back in demo). */
export async function connectStripeAccount(): Promise<{ url: string; msg: string }> {
  const { data, msg } = await api.post('/api/v1/connect-stripe-account', {
    body: {},
    schema: redirectAnswerSchema,
  });
  return { url: data.url, msg };
}

export function useConnectStripeAccount() {
  return useMutation({ mutationFn: connectStripeAccount });
}

/** active-stripe-account: asks the server to refresh the account status from Stripe. */
export async function activateStripeAccount(): Promise<string | null> {
  const { data } = await api.post('/api/v1/active-stripe-account', {
    body: {},
    schema: stripeAccountStatusSchema,
  });
  return data.stripe_account_status;
}

/** The status refresh as a query, so the landing page has loading, result and retry. */
export function useActivateStripeAccount() {
  return useQuery({
    queryKey: paymentKeys.accountStatus(),
    queryFn: activateStripeAccount,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}
