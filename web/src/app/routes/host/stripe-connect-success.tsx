import { PageFrame } from '@/components/ui/page-frame';

export function StripeConnectSuccessRoute() {
  return (
    <PageFrame
      title="Stripe Connected"
      description="Finishing the connection of your Stripe account."
    />
  );
}
