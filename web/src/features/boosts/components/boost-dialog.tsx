import {
  BOOST_LIMITS,
  BOOST_MSG,
  currencyDigits,
  currencySymbol,
  formatMoney,
} from '@floorfill/shared';
import { Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useWallet } from '@/features/wallets';
import { errorMessageOf, isApiError } from '@/lib/api-client';
import { CardCheckError } from '@/lib/card-check';
import { leavePage } from '@/lib/leave-page';
import { parseMajorAmount } from '@/lib/money';
import { notifyInfo, notifySuccess } from '@/lib/notify';
import { useCreateBoost, type CreateBoostResult } from '../api/create-boost';
import { quickPicks } from '../utils/boost-list';

/** The promise of a boost, in plain words, where the guest decides. */
export const BOOST_PROMISE =
  "You're charged only if the DJ plays it. Otherwise the hold is released — nothing is taken.";

const OTHER_AMOUNT = 'other';

export interface BoostDialogProps {
  opened: boolean;
  onClose: () => void;
  eventId: number;
  songId: string;
  songName: string;
  /** The host's smallest boost, in minor units of `currency`. */
  minCents: number;
  currency: string;
  /** A member (not a guest) may pay with the card saved in their wallet, when there is one. */
  canUseSavedCard: boolean;
  /** Leaves the app for the checkout page; tests pass their own. */
  navigate?: (url: string) => void;
}

type AmountCheck = { ok: true; cents: number } | { ok: false; message: string };

function checkAmount(cents: number | null, minCents: number, currency: string): AmountCheck {
  const example = currencyDigits(currency) === 0 ? '500' : '5 or 5.50';
  if (cents === null) return { ok: false, message: `Enter an amount, like ${example}.` };
  if (cents < minCents) {
    return { ok: false, message: BOOST_MSG.belowMinimum(formatMoney(minCents, currency)) };
  }
  if (cents > BOOST_LIMITS.maxCents) {
    return {
      ok: false,
      message: BOOST_MSG.aboveMaximum(formatMoney(BOOST_LIMITS.maxCents, currency)),
    };
  }
  return { ok: true, cents };
}

/**
 * Boost one of the guest's waiting requests (issue 30): an amount (the
 * host's minimum, twice or five times it, or another), the promise that
 * nothing is taken unless the song plays, then the card saved in the
 * wallet (one tap) or the checkout page. Its own chunk: the event page
 * draws without it.
 */
export function BoostDialog({
  opened,
  onClose,
  eventId,
  songId,
  songName,
  minCents,
  currency,
  canUseSavedCard,
  navigate = leavePage,
}: BoostDialogProps) {
  const smallest = Math.max(minCents, BOOST_LIMITS.minCents);
  const picks = quickPicks(smallest, BOOST_LIMITS.maxCents);
  const wallet = useWallet({ enabled: opened && canUseSavedCard });
  const savedCard = wallet.data?.card?.saved_at_stripe ? wallet.data.card : null;
  const setupKey = wallet.data?.card_setup_key ?? null;
  const create = useCreateBoost();
  const [choice, setChoice] = useState(String(smallest));
  const [custom, setCustom] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);

  const isOther = choice === OTHER_AMOUNT;
  const check = checkAmount(
    isOther ? parseMajorAmount(custom, currency) : Number(choice),
    smallest,
    currency,
  );
  const pendingWith = create.isPending ? create.variables.pay_with : null;
  const busy = pendingWith !== null || leaving;
  const amountError = isOther && touched && !check.ok ? check.message : null;

  const close = () => {
    if (leaving) return;
    setError(null);
    onClose();
  };

  const fail = (failure: unknown) => {
    if (failure instanceof CardCheckError) {
      setError(failure.message);
      return;
    }
    const amountMessages = isApiError(failure) ? failure.fieldErrors.amount : undefined;
    setError(amountMessages?.length ? amountMessages.join(' ') : errorMessageOf(failure));
  };

  const settle = ({ msg, answer }: CreateBoostResult) => {
    if (answer.checkout_url) {
      setLeaving(true);
      navigate(answer.checkout_url);
      return;
    }
    // Paid with the saved card: held now, or held once the bank's check reaches the server.
    if (answer.boost.state === 'held') notifySuccess(msg || BOOST_MSG.held);
    else notifyInfo(msg || BOOST_MSG.created);
    onClose();
  };

  const pay = (payWith: 'checkout' | 'saved_card') => {
    setTouched(true);
    if (!check.ok || busy) return;
    if (payWith === 'saved_card' && !setupKey) return;
    setError(null);
    create.mutate(
      {
        event_id: eventId,
        song_id: songId,
        amount: check.cents,
        pay_with: payWith,
        publishableKey: setupKey,
      },
      { onSuccess: settle, onError: fail },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    pay('checkout');
  };

  return (
    <Modal opened={opened} onClose={close} title="Boost your request" centered radius="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            Boost <strong>“{songName}”</strong> so the DJ sees it.
          </Text>
          <Stack gap={6}>
            <Text component="span" id="boost-amount-label" size="sm" fw={500}>
              Amount
            </Text>
            <SegmentedControl
              aria-labelledby="boost-amount-label"
              fullWidth
              size="lg"
              radius="md"
              value={choice}
              onChange={(value) => {
                setChoice(value);
                setError(null);
              }}
              data={[
                ...picks.map((cents) => ({
                  value: String(cents),
                  label: formatMoney(cents, currency),
                })),
                { value: OTHER_AMOUNT, label: 'Other' },
              ]}
            />
          </Stack>
          {isOther ? (
            <TextInput
              label="Your amount"
              description={`From ${formatMoney(smallest, currency)} to ${formatMoney(BOOST_LIMITS.maxCents, currency)}.`}
              size="md"
              inputMode="decimal"
              autoComplete="off"
              leftSection={<span aria-hidden="true">{currencySymbol(currency)}</span>}
              value={custom}
              onChange={(change) => {
                setCustom(change.currentTarget.value);
                setTouched(true);
                setError(null);
              }}
              onBlur={() => setTouched(true)}
              error={amountError}
              data-autofocus
            />
          ) : null}
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconLock size={18} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="sm" fw={500}>
              {BOOST_PROMISE}
            </Text>
          </Group>
          <Text size="sm" aria-live="polite">
            {check.ok ? (
              <>
                Hold: <strong>{formatMoney(check.cents, currency)}</strong>
              </>
            ) : (
              `Choose an amount from ${formatMoney(smallest, currency)} to ${formatMoney(BOOST_LIMITS.maxCents, currency)}.`
            )}
          </Text>
          {error ? (
            <Text c="var(--mantine-color-error)" size="sm" role="alert">
              {error}
            </Text>
          ) : null}
          {savedCard && setupKey ? (
            <Button
              size="lg"
              fullWidth
              disabled={!check.ok || busy}
              loading={pendingWith === 'saved_card'}
              onClick={() => pay('saved_card')}
            >
              Pay with saved card •••• {savedCard.card_last4}
            </Button>
          ) : null}
          <Button
            type="submit"
            size="lg"
            fullWidth
            variant={savedCard ? 'light' : 'filled'}
            disabled={!check.ok || pendingWith === 'saved_card'}
            loading={leaving || pendingWith === 'checkout'}
          >
            Continue to payment
          </Button>
          <Button variant="subtle" size="md" onClick={close} disabled={busy}>
            Not now
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
