import { api } from '@/lib/api-client';

/**
 * Spec §4: opening the host dashboard also asks the server to refresh the
 * host's payment account status. Nothing is shown either way.
 */
export async function activateStripeAccountQuietly(): Promise<void> {
  try {
    await api.post('/api/v1/active-stripe-account');
  } catch {
    // The status refresh is best effort; the Wallet tab shows the real state.
  }
}
