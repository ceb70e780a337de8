import { PAYMENT_MSG, type Wallet } from '@floorfill/shared';
import { Input, Stack, Text, useMantineTheme } from '@mantine/core';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { errorMessageOf } from '@/lib/api-client';
import { notifySuccess } from '@/lib/notify';
import { stripeFor } from '@/lib/stripe';
import { saveCardSetup, startCardSetup } from '../api/card-setup';
import { walletKeys } from '../api/wallet';
import { CardFormButtons } from './card-form-buttons';

export interface StripeCardFormProps {
  publishableKey: string;
  onSaved: () => void;
  onCancel?: (() => void) | undefined;
}

function CardSetupForm({ onSaved, onCancel }: Omit<StripeCardFormProps, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const queryClient = useQueryClient();
  const theme = useMantineTheme();
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || saving) return;
    setSaving(true);
    setError(null);
    try {
      const setup = await startCardSetup();
      // The card goes from Stripe's own field to Stripe; only the SetupIntent's id comes back.
      const result = await stripe.confirmCardSetup(setup.client_secret, {
        payment_method: { card },
      });
      if (result.error) {
        setError(result.error.message ?? PAYMENT_MSG.cardServiceUnavailable);
        return;
      }
      const saved = await saveCardSetup(result.setupIntent.id);
      queryClient.setQueryData<Wallet>(walletKeys.own(), (wallet) =>
        wallet ? { ...wallet, card: saved.data } : wallet,
      );
      card.clear();
      notifySuccess(saved.msg);
      onSaved();
    } catch (failure) {
      setError(errorMessageOf(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Input.Wrapper
          label="Card"
          description="Card number, expiry and CVC go straight to Stripe."
          error={error}
          errorProps={{ id: errorId, role: 'alert' }}
          withAsterisk
        >
          <Input
            component="div"
            pt={10}
            mt={4}
            aria-describedby={error ? errorId : undefined}
            data-testid="stripe-card-element"
          >
            <CardElement
              options={{
                hidePostalCode: true,
                style: { base: { fontSize: '16px', color: theme.black } },
              }}
            />
          </Input>
        </Input.Wrapper>
        <CardFormButtons onCancel={onCancel} saving={saving} disabled={!stripe} />
        {!stripe ? (
          <Text size="sm" c="dimmed">
            Loading the secure card field…
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}

/**
 * The attendee's card form when cards are saved at Stripe: Stripe Elements'
 * card field (Stripe.js, loaded for this screen only) and a SetupIntent, so
 * the number and CVC never reach Floorfill (issue 13, row 15).
 */
export default function StripeCardForm({ publishableKey, ...props }: StripeCardFormProps) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <CardSetupForm {...props} />
    </Elements>
  );
}
