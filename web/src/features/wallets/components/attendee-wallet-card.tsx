import { cardFormSchema, type CardSummary } from '@floorfill/shared';
import { Button, Grid, Group, Loader, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCreditCard } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { SectionCard } from '@/components/ui/section-card';
import { SecurityNote } from '@/components/ui/security-note';
import { schemaErrors, showFormError } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useSaveCard, useWallet, type CardInput } from '../api/wallet';
import { describeCard } from '../utils/card-summary';
import { CardFormButtons } from './card-form-buttons';
import { WalletLoadState } from './wallet-load-state';

export const CARD_PCI_NOTE =
  'Your card number never leaves this device: only its brand, last 4 digits and expiry are saved. Tips are charged securely through Stripe Checkout.';
export const CARD_STRIPE_NOTE =
  'Your card is saved by Stripe: its number and CVC never reach Floorfill, which keeps only its brand, last 4 digits and expiry. Tips can be paid with it.';

// Stripe.js and Elements load with this form only, never with the rest of the app.
const StripeCardForm = lazy(() => import('./stripe-card-form'));

const EMPTY_CARD: CardInput = {
  stripe_card_number: '',
  stripe_expiry_month: '',
  stripe_expiry_year: '',
};

function CardForm({ onSaved, onCancel }: { onSaved: () => void; onCancel?: () => void }) {
  const saveCard = useSaveCard();
  const form = useForm<CardInput>({
    initialValues: EMPTY_CARD,
    validate: (values) => schemaErrors(cardFormSchema, values),
  });

  const submit = form.onSubmit((values) => {
    saveCard.mutate(values, {
      onSuccess: ({ msg }) => {
        notifySuccess(msg);
        form.reset();
        onSaved();
      },
      onError: (error) => showFormError(form, error),
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Card number"
          placeholder="4242 4242 4242 4242"
          inputMode="numeric"
          autoComplete="cc-number"
          withAsterisk
          {...form.getInputProps('stripe_card_number')}
        />
        <Grid gap="md">
          <Grid.Col span={{ base: 6 }}>
            <TextInput
              label="Expiry month"
              placeholder="MM"
              inputMode="numeric"
              autoComplete="cc-exp-month"
              maxLength={2}
              withAsterisk
              {...form.getInputProps('stripe_expiry_month')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6 }}>
            <TextInput
              label="Expiry year"
              placeholder="YYYY"
              inputMode="numeric"
              autoComplete="cc-exp-year"
              maxLength={4}
              withAsterisk
              {...form.getInputProps('stripe_expiry_year')}
            />
          </Grid.Col>
        </Grid>
        <CardFormButtons onCancel={onCancel} saving={saveCard.isPending} />
      </Stack>
    </form>
  );
}

function SavedCard({ card, onReplace }: { card: CardSummary; onReplace: () => void }) {
  return (
    <Group justify="space-between" gap="sm">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon variant="light" radius="xl" size={36} aria-hidden="true">
          <IconCreditCard size={20} />
        </ThemeIcon>
        <Text fw={500}>{describeCard(card)}</Text>
      </Group>
      <Button variant="default" onClick={onReplace}>
        Replace card
      </Button>
    </Group>
  );
}

/**
 * The attendee's wallet (spec §2). With Stripe payments and a publishable
 * key the card is saved at Stripe through Elements (a SetupIntent) and tips
 * can use it; in demo mode a card form checked in the browser, of which only
 * "Visa •••• 4242, expires 12/28" is sent, kept and shown; the number never
 * leaves the device and no CVC is asked for (design §6).
 */
export function AttendeeWalletCard() {
  const wallet = useWallet();
  const [editing, setEditing] = useState(false);

  if (!wallet.data) return <WalletLoadState query={wallet} />;
  const card = wallet.data.card;
  const setupKey = wallet.data.card_setup_key;
  const formProps = {
    onSaved: () => setEditing(false),
    onCancel: card ? () => setEditing(false) : undefined,
  };

  return (
    <SectionCard title="Wallet">
      {card && !editing ? (
        <SavedCard card={card} onReplace={() => setEditing(true)} />
      ) : setupKey ? (
        <Suspense fallback={<Loader size="sm" aria-label="Loading the card form" />}>
          <StripeCardForm publishableKey={setupKey} {...formProps} />
        </Suspense>
      ) : (
        <CardForm {...formProps} />
      )}
      <SecurityNote>{setupKey ? CARD_STRIPE_NOTE : CARD_PCI_NOTE}</SecurityNote>
    </SectionCard>
  );
}
