import {
  BOOST_LIMITS,
  BOOST_ORDERS,
  currencyDigits,
  currencySymbol,
  formatMoney,
  QUEUE_ORDERS,
  REQUEST_SETTINGS_MAX,
  type BoostOrder,
  type QueueOrder,
  type RequestSettings,
  type UpdateRequestSettingsBody,
} from '@floorfill/shared';
import { Button, Fieldset, NumberInput, Select, Stack, Switch, TagsInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { errorMessageOf } from '@/lib/api-client';
import { showFormError } from '@/lib/form-errors';
import { toMajorUnits, toMinorUnits } from '@/lib/money';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useUpdateRequestSettings } from '../api/request-settings';
import { BOOST_ORDER_NAMES, QUEUE_ORDER_NAMES } from '../utils/queue-order-words';

const ORDER_OPTIONS = QUEUE_ORDERS.map((order) => ({
  value: order,
  label: QUEUE_ORDER_NAMES[order],
}));

const BOOST_ORDER_OPTIONS = BOOST_ORDERS.map((order) => ({
  value: order,
  label: BOOST_ORDER_NAMES[order],
}));

const isQueueOrder = (value: string | null): value is QueueOrder =>
  QUEUE_ORDERS.some((order) => order === value);

const isBoostOrder = (value: string | null): value is BoostOrder =>
  BOOST_ORDERS.some((order) => order === value);

/**
 * The form's fields: the settings (the currency is the host's account's,
 * not theirs to pick), with the smallest boost in the currency's major unit
 * ("2.50"), as the host thinks of it; it is sent in minor units.
 */
type ControlValues = Omit<
  RequestSettings,
  'requests_open' | 'boost_currency' | 'boost_min_cents'
> & { boost_min: number | string };

/** What Save sends: with boosts off, only that (the boost fields are hidden and kept as they were). */
function saveBody(
  eventId: number,
  values: ControlValues,
  currency: string,
): UpdateRequestSettingsBody {
  const { boost_min, boost_order, boost_counts_after_seconds, display_boosted, ...requestValues } =
    values;
  const body = { event_id: eventId, ...requestValues };
  if (!values.boosts_enabled) return body;
  return {
    ...body,
    boost_min_cents: toMinorUnits(Number(boost_min), currency),
    boost_order,
    boost_counts_after_seconds,
    display_boosted,
  };
}

/** Whether the smallest boost typed (major units) is within the limits, in the host's currency. */
function boostMinError(value: number | string, currency: string): string | null {
  const cents = value === '' ? Number.NaN : toMinorUnits(Number(value), currency);
  if (cents >= BOOST_LIMITS.minCents && cents <= BOOST_LIMITS.maxCents) return null;
  return `From ${formatMoney(BOOST_LIMITS.minCents, currency)} to ${formatMoney(BOOST_LIMITS.maxCents, currency)}.`;
}

/**
 * Boosts (issue 30): whether guests may pay to boost their requests (the
 * money taken only once the song has played long enough), the smallest
 * boost, how boosts move the queue, and whether the big screen marks them.
 */
function BoostFields({
  form,
  currency,
}: {
  form: UseFormReturnType<ControlValues>;
  currency: string;
}) {
  const enabled = form.getValues().boosts_enabled;
  const digits = currencyDigits(currency);
  return (
    <Fieldset legend="Boosts" variant="unstyled">
      <Stack gap="sm">
        <Switch
          label="Guests can boost requests (charged only if played)"
          {...form.getInputProps('boosts_enabled', { type: 'checkbox' })}
        />
        {enabled ? (
          <>
            <NumberInput
              label={`Smallest boost (${currency.toUpperCase()})`}
              description={`From ${formatMoney(BOOST_LIMITS.minCents, currency)} to ${formatMoney(BOOST_LIMITS.maxCents, currency)}`}
              leftSection={<span aria-hidden="true">{currencySymbol(currency)}</span>}
              min={toMajorUnits(BOOST_LIMITS.minCents, currency)}
              max={toMajorUnits(BOOST_LIMITS.maxCents, currency)}
              decimalScale={digits}
              allowDecimal={digits > 0}
              allowNegative={false}
              {...form.getInputProps('boost_min')}
            />
            <NumberInput
              label="Counts as played after (seconds)"
              description="A song's boosts are charged once it has played this long"
              min={0}
              max={BOOST_LIMITS.maxCountsAfterSeconds}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('boost_counts_after_seconds')}
            />
            <Select
              label="Boost order"
              description="Order the queue: the most boosted first. Break ties: only between songs the queue order holds equal."
              data={BOOST_ORDER_OPTIONS}
              allowDeselect={false}
              comboboxProps={{ withinPortal: false }}
              {...form.getInputProps('boost_order')}
              onChange={(value) => {
                if (isBoostOrder(value)) form.setFieldValue('boost_order', value);
              }}
            />
            <Switch
              label="Big screen marks boosted songs"
              description="A “Boosted” tag, never the amount"
              {...form.getInputProps('display_boosted', { type: 'checkbox' })}
            />
          </>
        ) : null}
      </Stack>
    </Fieldset>
  );
}

function ControlsForm({ eventId, settings }: { eventId: number; settings: RequestSettings }) {
  const update = useUpdateRequestSettings();
  const currency = settings.boost_currency;
  const form = useForm<ControlValues>({
    initialValues: {
      max_open_requests_per_guest: settings.max_open_requests_per_guest,
      guest_cooldown_seconds: settings.guest_cooldown_seconds,
      song_repeat_minutes: settings.song_repeat_minutes,
      allow_explicit: settings.allow_explicit,
      blocked: settings.blocked,
      display_requester_names: settings.display_requester_names,
      queue_order: settings.queue_order,
      boosts_enabled: settings.boosts_enabled,
      boost_min: toMajorUnits(settings.boost_min_cents, currency),
      boost_order: settings.boost_order,
      boost_counts_after_seconds: settings.boost_counts_after_seconds,
      display_boosted: settings.display_boosted,
    },
    validate: {
      boost_min: (value, values) => (values.boosts_enabled ? boostMinError(value, currency) : null),
    },
  });

  function save(body: UpdateRequestSettingsBody) {
    update.mutate(body, {
      onSuccess: ({ msg }) => notifySuccess(msg || 'Saved.'),
      onError: (error) => showFormError(form, error, { boost_min_cents: 'boost_min' }),
    });
  }

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => save(saveBody(eventId, values, currency)))}
    >
      <Stack gap="sm">
        <Select
          label="Queue order"
          description="Fair share: every guest’s first song before anyone’s second. Later ones stay last."
          data={ORDER_OPTIONS}
          allowDeselect={false}
          comboboxProps={{ withinPortal: false }}
          {...form.getInputProps('queue_order')}
          onChange={(value) => {
            if (isQueueOrder(value)) form.setFieldValue('queue_order', value);
          }}
        />
        <NumberInput
          label="Songs waiting per guest"
          description="0 means no limit"
          min={0}
          max={REQUEST_SETTINGS_MAX.openRequestsPerGuest}
          allowDecimal={false}
          {...form.getInputProps('max_open_requests_per_guest')}
        />
        <NumberInput
          label="Cooldown between a guest's requests (seconds)"
          min={0}
          max={REQUEST_SETTINGS_MAX.cooldownSeconds}
          allowDecimal={false}
          {...form.getInputProps('guest_cooldown_seconds')}
        />
        <NumberInput
          label="Rest for a played song (minutes)"
          min={0}
          max={REQUEST_SETTINGS_MAX.repeatMinutes}
          allowDecimal={false}
          {...form.getInputProps('song_repeat_minutes')}
        />
        <Switch
          label="Allow explicit songs"
          {...form.getInputProps('allow_explicit', { type: 'checkbox' })}
        />
        <TagsInput
          label="Blocked artists or titles"
          description="Press Enter after each term"
          maxTags={REQUEST_SETTINGS_MAX.blockedTerms}
          comboboxProps={{ withinPortal: false }}
          {...form.getInputProps('blocked')}
        />
        <Switch
          label="Show requester names on the big screen"
          {...form.getInputProps('display_requester_names', { type: 'checkbox' })}
        />
        <BoostFields form={form} currency={currency} />
        <Button type="submit" loading={update.isPending}>
          Save request controls
        </Button>
      </Stack>
    </form>
  );
}

/**
 * The host's request controls. Opening or closing requests takes one tap and
 * saves at once; the limits save together. A push of the saved settings
 * (from this or another screen) refreshes the form.
 */
export function RequestControls({
  eventId,
  settings,
}: {
  eventId: number;
  settings: RequestSettings;
}) {
  const toggle = useUpdateRequestSettings();
  return (
    <Stack gap="md">
      <Switch
        size="lg"
        label={settings.requests_open ? 'Requests open' : 'Requests closed'}
        checked={settings.requests_open}
        disabled={toggle.isPending}
        onChange={(event) =>
          toggle.mutate(
            { event_id: eventId, requests_open: event.currentTarget.checked },
            {
              onSuccess: ({ msg }) => notifySuccess(msg || 'Saved.'),
              onError: (error) => notifyError(errorMessageOf(error)),
            },
          )
        }
      />
      <ControlsForm key={JSON.stringify(settings)} eventId={eventId} settings={settings} />
    </Stack>
  );
}
