import type { Wallet } from '@floorfill/shared';
import { Alert, Badge, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrandStripe, IconCheck, IconInfoCircle } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { errorMessageOf } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { useConnectStripeAccount } from '../api/stripe-account';
import { accountStatusText, isAccountActive } from '../utils/account-status';

export const DEMO_PAYMENTS_NOTE =
  'Demo payments: this site has no Stripe keys, so connecting makes a demo account and tips go through a local demo checkout. No real money moves.';
export const CONNECT_RETRY_NOTE =
  'The Stripe onboarding link expired. Press CONNECT STRIPE to get a new one.';

interface StripeConnectPanelProps {
  wallet: Wallet;
  /** The onboarding link could not be renewed and Stripe sent the host back here. */
  retry?: boolean;
  /** Leaves the app for Stripe onboarding; tests pass their own. */
  navigate?: (url: string) => void;
}

const leavePage = (url: string) => window.location.assign(url);

/** Wallet tab, top: the account status and CONNECT STRIPE, or a disabled CONNECTED (spec §2, §4). */
export function StripeConnectPanel({
  wallet,
  retry = false,
  navigate = leavePage,
}: StripeConnectPanelProps) {
  const connect = useConnectStripeAccount();
  const [leaving, setLeaving] = useState(false);
  const titleId = useId();
  const active = isAccountActive(wallet.stripe_account_status);

  const start = () => {
    connect.mutate(undefined, {
      onSuccess: (url) => {
        setLeaving(true);
        navigate(url);
      },
      onError: (error) => notifyError(errorMessageOf(error)),
    });
  };

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" size={44} radius="xl" aria-hidden="true">
            <IconBrandStripe size={24} />
          </ThemeIcon>
          <Stack gap={4}>
            <Group gap="xs">
              <Title order={2} fz="lg" id={titleId}>
                Receive tips with Stripe
              </Title>
              {active && wallet.is_demo ? (
                <Badge color="yellow" variant="filled" autoContrast>
                  Demo account
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" c={active ? 'teal.9' : 'dimmed'} role="status">
              {accountStatusText(wallet)}
            </Text>
          </Stack>
        </Group>
        {retry && !active ? (
          <Alert variant="light" color="yellow" icon={<IconInfoCircle aria-hidden="true" />}>
            {CONNECT_RETRY_NOTE}
          </Alert>
        ) : null}
        {wallet.payments_mode === 'demo' ? (
          <Text size="xs" c="dimmed">
            {DEMO_PAYMENTS_NOTE}
          </Text>
        ) : null}
        <div>
          {active ? (
            <Button disabled leftSection={<IconCheck size={16} aria-hidden="true" />}>
              CONNECTED
            </Button>
          ) : (
            <Button
              onClick={start}
              loading={connect.isPending || leaving}
              leftSection={<IconBrandStripe size={16} aria-hidden="true" />}
            >
              CONNECT STRIPE
            </Button>
          )}
        </div>
      </Stack>
    </Paper>
  );
}
