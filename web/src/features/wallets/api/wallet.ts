import {
  cardFormSchema,
  cardSummaryOf,
  cardSummarySchema,
  hostWalletAnswerSchema,
  walletSchema,
  type CardSummary,
  type HostWalletAnswer,
  type Wallet,
} from '@floorfill/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const walletKeys = {
  all: ['wallets'] as const,
  own: () => ['wallets', 'own'] as const,
};

/** get-wallet: one's own payment account, keys (never the secret) and saved card. */
export async function getWallet(): Promise<Wallet> {
  const { data } = await api.get('/api/v1/get-wallet', { schema: walletSchema });
  return data;
}

/** `enabled: false` for those who have no wallet (guests). */
export function useWallet({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: walletKeys.own(), queryFn: getWallet, enabled });
}

export interface HostKeysInput {
  stripe_public_key: string;
  /** Empty keeps the saved secret. */
  stripe_secret_key: string;
}

export async function saveHostKeys(
  input: HostKeysInput,
): Promise<{ msg: string; data: HostWalletAnswer }> {
  return api.post('/api/v1/update-host-profile-wallet', {
    body: { ...input },
    schema: hostWalletAnswerSchema,
  });
}

export function useSaveHostKeys() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveHostKeys,
    onSuccess: ({ data }) => {
      queryClient.setQueryData<Wallet>(walletKeys.own(), (wallet) =>
        wallet ? { ...wallet, ...data } : wallet,
      );
    },
  });
}

export interface CardInput {
  stripe_card_number: string;
  stripe_expiry_month: string;
  stripe_expiry_year: string;
}

/**
 * Only what is kept of the card leaves the browser: its brand, last 4 digits
 * and expiry, computed here from the checked form (design §6). The number is
 * never sent.
 */
export async function saveCard(input: CardInput): Promise<{ msg: string; data: CardSummary }> {
  const checked = cardFormSchema.parse(input);
  return api.post('/api/v1/update-attendee-profile-wallet', {
    body: cardSummaryOf(checked),
    schema: cardSummarySchema,
  });
}

export function useSaveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCard,
    onSuccess: ({ data }) => {
      queryClient.setQueryData<Wallet>(walletKeys.own(), (wallet) =>
        wallet ? { ...wallet, card: data } : wallet,
      );
    },
  });
}
