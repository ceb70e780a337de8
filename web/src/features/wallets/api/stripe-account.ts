import { redirectAnswerSchema, stripeAccountStatusSchema } from '@floorfill/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { walletKeys } from './wallet';

/** connect-stripe-account: where to send the host (Stripe onboarding, or straight back in demo). */
export async function connectStripeAccount(): Promise<string> {
  const { data } = await api.post('/api/v1/connect-stripe-account', {
    body: {},
    schema: redirectAnswerSchema,
  });
  return data.url;
}

export function useConnectStripeAccount() {
  return useMutation({ mutationFn: connectStripeAccount });
}

/** active-stripe-account: asks the server for the account's current status at Stripe. */
export async function activateStripeAccount(): Promise<string | null> {
  const { data } = await api.post('/api/v1/active-stripe-account', {
    body: {},
    schema: stripeAccountStatusSchema,
  });
  return data.stripe_account_status;
}

/**
 * The landing page's status refresh as a query (loading, result, retry);
 * a fresh answer also makes the Wallet tab read the account again.
 */
export function useActivateStripeAccount() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...walletKeys.all, 'activation'],
    queryFn: async () => {
      const status = await activateStripeAccount();
      await queryClient.invalidateQueries({ queryKey: walletKeys.own() });
      return status;
    },
    retry: false,
    gcTime: 0,
  });
}
