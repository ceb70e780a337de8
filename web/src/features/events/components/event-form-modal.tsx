import '@mantine/dates/styles.css';
import { EVENT_MSG, type EventSummary } from '@floorfill/shared';
import { Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useMemo } from 'react';
import { ImageCropInput } from '@/components/ui/image-crop-input';
import { showFormError } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { createEvent, updateEvent, useInvalidateEvents } from '../api/event-writes';
import { countryOptions } from '../utils/countries';
import {
  emptyEventForm,
  eventFormErrors,
  eventFormFromEvent,
  eventPayloadOf,
  type EventFormMode,
  type EventFormValues,
} from '../utils/event-form';
import { timeZoneOptions } from '../utils/time-zone';

const BANNER_ASPECT = 16 / 9;
const PICKER_DISPLAY = 'DD MMM YYYY hh:mm A';

/** The time inputs inside each picker need their own names (axe, screen readers). */
function timeLabels(which: 'start' | 'end') {
  return {
    format: '12h' as const,
    hoursInputLabel: `${which === 'start' ? 'Start' : 'End'} hour`,
    minutesInputLabel: `${which === 'start' ? 'Start' : 'End'} minutes`,
    amPmInputLabel: `${which === 'start' ? 'Start' : 'End'} AM or PM`,
  };
}

/** The dropdown's icon buttons are named too. */
function pickerLabels(which: 'start' | 'end') {
  return {
    nextLabel: 'Next month',
    previousLabel: 'Previous month',
    submitButtonProps: { 'aria-label': `Confirm ${which} time` },
  };
}

interface EventFormProps {
  mode: EventFormMode;
  event?: EventSummary;
  initialValues?: EventFormValues;
  onDone: () => void;
  onCancel: () => void;
}

function EventForm({ mode, event, initialValues, onDone, onCancel }: EventFormProps) {
  const invalidateEvents = useInvalidateEvents();
  const form = useForm<EventFormValues>({
    initialValues: initialValues ?? (event ? eventFormFromEvent(event) : emptyEventForm()),
    validate: (values) => eventFormErrors(values, mode),
  });
  const countries = useMemo(() => countryOptions(form.values.country), [form.values.country]);
  const zones = useMemo(() => timeZoneOptions(form.values.timezone), [form.values.timezone]);
  const inZone = `In ${form.values.timezone}`;

  const save = useMutation({
    mutationFn: (values: EventFormValues) => {
      const fields = eventPayloadOf(values);
      if (mode === 'edit' && event) {
        return updateEvent({ id: event.id, fields, banner: values.banner });
      }
      return createEvent({ fields, banner: values.banner });
    },
    onSuccess: async ({ msg }) => {
      notifySuccess(msg || (mode === 'create' ? EVENT_MSG.created : EVENT_MSG.updated));
      form.reset();
      onDone();
      await invalidateEvents();
    },
    onError: (error) => showFormError(form, error),
  });

  const required = mode === 'create';
  const optional = 'Optional';

  return (
    <form noValidate onSubmit={form.onSubmit((values) => save.mutate(values))}>
      <Stack gap="md">
        <ImageCropInput
          label="Event Banner"
          aspect={BANNER_ASPECT}
          value={form.values.banner}
          currentImageUrl={event?.banner_path}
          onChange={(file) => form.setFieldValue('banner', file)}
          error={typeof form.errors.banner === 'string' ? form.errors.banner : undefined}
        />
        <TextInput label="Event Name" autoComplete="off" {...form.getInputProps('name')} />
        <Select
          label="Time zone"
          description="The venue's zone: the times below are on its clock"
          data={zones}
          searchable
          allowDeselect={false}
          nothingFoundMessage="No zone matches"
          limit={100}
          {...form.getInputProps('timezone')}
          onChange={(value) => {
            if (value) form.setFieldValue('timezone', value);
          }}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <DateTimePicker
            label="Start Time"
            description={inZone}
            valueFormat={PICKER_DISPLAY}
            placeholder="Pick date and time"
            leftSection={<IconCalendarEvent size={16} aria-hidden="true" />}
            timePickerProps={timeLabels('start')}
            {...pickerLabels('start')}
            {...form.getInputProps('start_time')}
          />
          <DateTimePicker
            label="End Time"
            description={inZone}
            valueFormat={PICKER_DISPLAY}
            placeholder="Pick date and time"
            leftSection={<IconCalendarEvent size={16} aria-hidden="true" />}
            timePickerProps={timeLabels('end')}
            {...pickerLabels('end')}
            {...form.getInputProps('end_time')}
          />
        </SimpleGrid>
        <TextInput
          label="Address"
          description={required ? undefined : optional}
          autoComplete="street-address"
          {...form.getInputProps('address')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Zip"
            description={optional}
            autoComplete="postal-code"
            {...form.getInputProps('zip')}
          />
          <TextInput
            label="City"
            description={required ? undefined : optional}
            autoComplete="address-level2"
            {...form.getInputProps('city')}
          />
          <TextInput
            label="State"
            description={optional}
            autoComplete="address-level1"
            {...form.getInputProps('state')}
          />
          <Select
            label="Country"
            description={required ? undefined : optional}
            placeholder="Search countries"
            data={countries}
            searchable
            clearable
            nothingFoundMessage="No country matches"
            {...form.getInputProps('country')}
            value={form.values.country || null}
            onChange={(value) => form.setFieldValue('country', value ?? '')}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {mode === 'create' ? 'Create Event' : 'Update Event'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export interface EventFormModalProps {
  opened: boolean;
  onClose: () => void;
  mode: EventFormMode;
  /** The event to edit (mode 'edit'). */
  event?: EventSummary;
  /** Prefilled values for a new event, e.g. a day picked in the calendar. */
  initialValues?: EventFormValues;
}

/**
 * Spec §2 "Create Event modal" and "Edit event modal titled 'UPDATE EVENT'":
 * one form, two modes. The form mounts fresh on each opening, so a closed
 * modal never keeps half-typed values.
 */
export function EventFormModal({
  opened,
  onClose,
  mode,
  event,
  initialValues,
}: EventFormModalProps) {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={mode === 'create' ? 'Create Event' : 'UPDATE EVENT'}
      size="lg"
      fullScreen={phone}
      closeOnClickOutside={false}
    >
      <EventForm
        key={event?.id ?? 'new'}
        mode={mode}
        event={event}
        initialValues={initialValues}
        onDone={onClose}
        onCancel={onClose}
      />
    </Modal>
  );
}
