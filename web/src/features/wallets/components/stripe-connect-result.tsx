import { Badge, Button, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconHourglass } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { errorMessageOf } from '@/lib/api-client';
import { useActivateStripeAccount } from '../api/stripe-account';
import { useWallet } from '../api/wallet';
import { isAccountActive } from '../utils/account-status';

export const CONNECT_DONE = 'Stripe connected';
export const CONNECT_REVIEWING = 'Stripe is still reviewing your account';

interface StripeConnectResultProps {
  dashboardHref: string;
  walletHref: string;
}

/**
 * Where Stripe onboarding (or demo connect) lands: refreshes the account
 * status on load (spec §2) and says what it is.
 */
export function StripeConnectResult({ dashboardHref, walletHref }: StripeConnectResultProps) {
  const activation = useActivateStripeAccount();
  const wallet = useWallet();

  if (activation.isPending) {
    return (
      <Paper withBorder radius="lg" p="xl" aria-busy="true">
        <Group gap="md">
          <Loader size="sm" aria-hidden="true" />
          <Text role="status">Checking your Stripe account…</Text>
        </Group>
      </Paper>
    );
  }

  if (activation.isSuccess && isAccountActive(activation.data)) {
    return (
      <Paper withBorder radius="lg" p="xl">
        <Stack align="flex-start" gap="md">
          <ThemeIcon color="teal" variant="light" size={48} radius="xl" aria-hidden="true">
            <IconCheck size={28} />
          </ThemeIcon>
          <Group gap="xs">
            <Title order={2} fz="xl">
              {CONNECT_DONE}
            </Title>
            {wallet.data?.is_demo ? (
              <Badge color="yellow" variant="filled" autoContrast>
                Demo account
              </Badge>
            ) : null}
          </Group>
          <Text c="dimmed">Attendees can now send you tips from your events and profile.</Text>
          <Button component={Link} to={dashboardHref}>
            Go to dashboard
          </Button>
        </Stack>
      </Paper>
    );
  }

  return (
    <Paper withBorder radius="lg" p="xl">
      <Stack align="flex-start" gap="md">
        <ThemeIcon color="yellow" variant="light" size={48} radius="xl" aria-hidden="true">
          <IconHourglass size={28} />
        </ThemeIcon>
        <Title order={2} fz="xl">
          {CONNECT_REVIEWING}
        </Title>
        <Text c="dimmed" role={activation.isError ? 'alert' : undefined}>
          {activation.isError
            ? errorMessageOf(activation.error)
            : 'Finish any steps Stripe asked for, then check again. This can take a few minutes.'}
        </Text>
        <Group gap="sm">
          <Button onClick={() => void activation.refetch()} loading={activation.isFetching}>
            Check again
          </Button>
          <Button component={Link} to={walletHref} variant="default">
            Wallet settings
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
