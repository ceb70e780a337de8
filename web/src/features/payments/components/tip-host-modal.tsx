import { formatCents } from '@floorfill/shared';
import {
  Alert,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { SecurityNote } from '@/components/ui/security-note';
import { cardBrandName, useWallet } from '@/features/wallets';
import { errorMessageOf, isApiError } from '@/lib/api-client';
import { CardCheckError } from '@/lib/card-check';
import { leavePage } from '@/lib/leave-page';
import { notifyError, notifyInfo, notifySuccess } from '@/lib/notify';
import { useCreatePaymentLink } from '../api/create-payment-link';
import { tipWithSavedCard } from '../api/saved-card-tip';
import { checkTipAmount, CUSTOM_TIP, TIP_CHOICES, type TipChoice } from '../utils/tip-amount';

export const TIP_PCI_NOTE =
  'We never store your card number or CVC. Tips are charged securely through Stripe Checkout.';
export const TIP_SAVED_CARD_NOTE =
  'We never store your card number or CVC. Tips are charged by Stripe: to the card you saved with Stripe, or on Stripe Checkout.';
export const TIP_PREVIEW_NOTE =
  'This is what attendees see. You cannot tip yourself, so PAY NOW is off in the preview.';

/** Leaves the app for the checkout page; tests pass their own. */
export type NavigateTo = (url: string) => void;

export interface TipHostModalProps {
  opened: boolean;
  onClose: () => void;
  hostId: number;
  hostName: string;
  eventId?: number;
  /** The host's own 'View as attendee' preview: everything shows, nothing is paid. */
  preview?: boolean;
  /** A member (not a guest) may pay with the card saved in their wallet, when there is one. */
  canUseSavedCard?: boolean;
  navigate?: NavigateTo;
}

/** Only attendee pages can be come back to (the server refuses anything else). */
function returnPathOf(pathname: string): string | undefined {
  return pathname.startsWith('/attendee/') ? pathname : undefined;
}

/**
 * 'TIP THE HOST' (spec §2, §5): $1, $2, $5 or a custom amount from $1 to $100
 * with at most two decimals; PAY NOW sends the browser to the checkout page.
 */
export function TipHostModal({
  opened,
  onClose,
  hostId,
  hostName,
  eventId,
  preview = false,
  canUseSavedCard = false,
  navigate = leavePage,
}: TipHostModalProps) {
  const wallet = useWallet({ enabled: opened && canUseSavedCard && !preview });
  const savedCard = wallet.data?.card?.saved_at_stripe ? wallet.data.card : null;
  const setupKey = wallet.data?.card_setup_key ?? null;
  const savedCardTip = useMutation({ mutationFn: tipWithSavedCard });
  const { pathname } = useLocation();
  const [choice, setChoice] = useState<TipChoice>('5');
  const [custom, setCustom] = useState('');
  const [customTouched, setCustomTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const paymentLink = useCreatePaymentLink();
  const [leaving, setLeaving] = useState(false);

  const check = checkTipAmount(choice, custom);
  const isCustom = choice === CUSTOM_TIP;
  const customError =
    serverError ?? (isCustom && customTouched && !check.ok ? check.message : null);

  const close = () => {
    if (leaving) return;
    setServerError(null);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!check.ok || preview || paymentLink.isPending || leaving) {
      setCustomTouched(true);
      return;
    }
    setServerError(null);
    paymentLink.mutate(
      { hostId, cents: check.cents, eventId, returnPath: returnPathOf(pathname) },
      {
        onSuccess: (url) => {
          setLeaving(true);
          navigate(url);
        },
        onError: (error) => {
          if (isApiError(error) && error.httpStatus === 422) {
            const messages = error.fieldErrors.amount ?? error.fieldErrors.host_id;
            if (messages?.length) {
              if (!isCustom) setChoice(CUSTOM_TIP);
              setServerError(messages.join(' '));
              return;
            }
          }
          notifyError(errorMessageOf(error));
        },
      },
    );
  };

  const busy = paymentLink.isPending || leaving || savedCardTip.isPending;

  const payWithSavedCard = () => {
    if (!check.ok || !setupKey || busy) {
      setCustomTouched(true);
      return;
    }
    savedCardTip.mutate(
      { hostId, cents: check.cents, eventId, publishableKey: setupKey },
      {
        onSuccess: ({ msg, tip }) => {
          if (tip.status === 'succeeded') {
            notifySuccess(msg);
            onClose();
          } else if (tip.status === 'processing') {
            notifyInfo(msg);
            onClose();
          } else {
            notifyError(msg);
          }
        },
        onError: (error) =>
          notifyError(error instanceof CardCheckError ? error.message : errorMessageOf(error)),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="TIP THE HOST" centered radius="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            Send <strong>{hostName}</strong> a tip.
          </Text>
          {preview ? (
            <Alert variant="light" color="yellow" icon={<IconInfoCircle aria-hidden="true" />}>
              {TIP_PREVIEW_NOTE}
            </Alert>
          ) : null}
          <Stack gap={6}>
            <Text component="span" id="tip-amount-label" size="sm" fw={500}>
              Amount
            </Text>
            <SegmentedControl
              aria-labelledby="tip-amount-label"
              fullWidth
              size="md"
              radius="md"
              value={choice}
              onChange={(value) => {
                setChoice(value as TipChoice);
                setServerError(null);
              }}
              data={TIP_CHOICES}
            />
          </Stack>
          {isCustom ? (
            <TextInput
              label="Custom amount"
              description="From $1 to $100, up to two decimal places."
              placeholder="7.50"
              inputMode="decimal"
              autoComplete="off"
              leftSection={<span aria-hidden="true">$</span>}
              value={custom}
              onChange={(event) => {
                setCustom(event.currentTarget.value);
                setCustomTouched(true);
                setServerError(null);
              }}
              onBlur={() => setCustomTouched(true)}
              error={customError}
              data-autofocus
            />
          ) : serverError ? (
            <Text c="red" size="sm" role="alert">
              {serverError}
            </Text>
          ) : null}
          <SecurityNote>{savedCard ? TIP_SAVED_CARD_NOTE : TIP_PCI_NOTE}</SecurityNote>
          <Text size="sm" aria-live="polite">
            {check.ok ? (
              <>
                Total: <strong>{formatCents(check.cents)}</strong>
              </>
            ) : (
              'Choose an amount from $1 to $100.'
            )}
          </Text>
          {savedCard ? (
            <Button
              variant="light"
              fullWidth
              disabled={!check.ok || busy}
              loading={savedCardTip.isPending}
              onClick={payWithSavedCard}
            >
              Pay with {cardBrandName(savedCard.card_brand)} •••• {savedCard.card_last4}
            </Button>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={leaving || savedCardTip.isPending}>
              Cancel
            </Button>
            <Button
              type="submit"
              disabled={!check.ok || preview || savedCardTip.isPending}
              loading={paymentLink.isPending || leaving}
            >
              PAY NOW
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
