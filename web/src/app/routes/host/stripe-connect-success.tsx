import { PageFrame } from '@/components/ui/page-frame';
import { paths } from '@/config/paths';
import { StripeConnectResult } from '@/features/wallets/components/stripe-connect-result';

/** `/host/stripe/connect/success`: checks the account on load (spec §2). */
export function StripeConnectSuccessRoute() {
  return (
    <PageFrame title="Stripe Connect" description="Your payment account for receiving tips.">
      <StripeConnectResult
        dashboardHref={paths.host.dashboard.getHref()}
        walletHref={paths.host.profileEdit.getHref({ tab: 'wallet' })}
      />
    </PageFrame>
  );
}
