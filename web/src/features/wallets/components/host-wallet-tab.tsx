import { Stack } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { useWallet } from '../api/wallet';
import { HostKeysForm } from './host-keys-form';
import { StripeConnectPanel } from './stripe-connect-panel';
import { WalletLoadState } from './wallet-load-state';

/** Settings → Wallet (hosts, spec §2): connect Stripe, and the account's keys. */
export function HostWalletTab() {
  const wallet = useWallet();
  const [params] = useSearchParams();

  if (!wallet.data) return <WalletLoadState query={wallet} />;
  return (
    <Stack gap="lg">
      <StripeConnectPanel wallet={wallet.data} retry={params.get('stripe') === 'retry'} />
      <HostKeysForm wallet={wallet.data} />
    </Stack>
  );
}
