import {
  QUEUE_ORDERS,
  REQUEST_SETTINGS_MAX,
  type QueueOrder,
  type RequestSettings,
  type UpdateRequestSettingsBody,
} from '@floorfill/shared';
import { Button, NumberInput, Select, Stack, Switch, TagsInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { errorMessageOf } from '@/lib/api-client';
import { showFormError } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useUpdateRequestSettings } from '../api/request-settings';
import { QUEUE_ORDER_NAMES } from '../utils/queue-order-words';

const ORDER_OPTIONS = QUEUE_ORDERS.map((order) => ({
  value: order,
  label: QUEUE_ORDER_NAMES[order],
}));

const isQueueOrder = (value: string | null): value is QueueOrder =>
  QUEUE_ORDERS.some((order) => order === value);

type ControlValues = Omit<RequestSettings, 'requests_open'>;

function ControlsForm({ eventId, settings }: { eventId: number; settings: RequestSettings }) {
  const update = useUpdateRequestSettings();
  const form = useForm<ControlValues>({
    initialValues: {
      max_open_requests_per_guest: settings.max_open_requests_per_guest,
      guest_cooldown_seconds: settings.guest_cooldown_seconds,
      song_repeat_minutes: settings.song_repeat_minutes,
      allow_explicit: settings.allow_explicit,
      blocked: settings.blocked,
      display_requester_names: settings.display_requester_names,
      queue_order: settings.queue_order,
    },
  });

  function save(body: UpdateRequestSettingsBody) {
    update.mutate(body, {
      onSuccess: ({ msg }) => notifySuccess(msg || 'Saved.'),
      onError: (error) => showFormError(form, error),
    });
  }

  return (
    <form noValidate onSubmit={form.onSubmit((values) => save({ event_id: eventId, ...values }))}>
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
