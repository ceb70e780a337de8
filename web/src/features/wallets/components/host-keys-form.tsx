import { hostWalletBody, type Wallet } from '@floorfill/shared';
import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SectionCard } from '@/components/ui/section-card';
import { schemaErrors, showFormError } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useSaveHostKeys, type HostKeysInput } from '../api/wallet';

/** Said plainly: tips reach the host through Stripe Connect, not through these keys. */
export const KEYS_PURPOSE =
  'Tips are paid out to you through Stripe Connect above. Floorfill does not use these keys to charge or pay out: they are kept for your records, the secret one encrypted.';

export const SECRET_SAVED_HINT = 'A secret key is saved. Leave this empty to keep it.';
export const SECRET_EMPTY_HINT =
  'Starts with sk_ or rk_. It is stored encrypted and never shown again.';

/**
 * Wallet tab, keys (spec §2): the public key shows as saved; the secret key
 * never comes back from the server, so the field starts empty and only says
 * whether one is saved (design §6). Payouts go through Stripe Connect; the
 * form says so, as the keys take no part in them.
 */
export function HostKeysForm({ wallet }: { wallet: Wallet }) {
  const saveKeys = useSaveHostKeys();
  const form = useForm<HostKeysInput>({
    initialValues: {
      stripe_public_key: wallet.stripe_public_key ?? '',
      stripe_secret_key: '',
    },
    validate: (values) => schemaErrors(hostWalletBody, values),
  });

  const submit = form.onSubmit((values) => {
    saveKeys.mutate(values, {
      onSuccess: ({ msg }) => {
        notifySuccess(msg);
        form.setFieldValue('stripe_secret_key', '');
        form.resetDirty();
      },
      onError: (error) => showFormError(form, error),
    });
  });

  return (
    <SectionCard title="Stripe keys" description={KEYS_PURPOSE}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Public key"
            placeholder="pk_test_…"
            autoComplete="off"
            spellCheck={false}
            withAsterisk
            {...form.getInputProps('stripe_public_key')}
          />
          <PasswordInput
            label="Secret key"
            placeholder={wallet.has_secret_key ? 'Enter a new key to replace it' : 'sk_test_…'}
            autoComplete="new-password"
            spellCheck={false}
            description={wallet.has_secret_key ? SECRET_SAVED_HINT : SECRET_EMPTY_HINT}
            {...form.getInputProps('stripe_secret_key')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={saveKeys.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
