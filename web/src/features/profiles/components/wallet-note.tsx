import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconWallet } from '@tabler/icons-react';

/** The Wallet tab until payments arrive: says what will be here and why it is empty. */
export function WalletNote() {
  return (
    <Paper withBorder radius="lg" p="xl">
      <Stack align="flex-start" gap="sm">
        <ThemeIcon variant="light" size={44} radius="xl" aria-hidden="true">
          <IconWallet size={24} />
        </ThemeIcon>
        <Title order={2} fz="lg">
          Receive tips with Stripe
        </Title>
        <Text c="dimmed" maw={560}>
          Tipping is coming soon. Once it is available, you will connect your Stripe account here so
          attendees can send you tips during your events.
        </Text>
      </Stack>
    </Paper>
  );
}
