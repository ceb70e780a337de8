import { createEventBody, updateEventBody, type EventSummary } from '@floorfill/shared';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { schemaErrors, type FormErrors } from '@/lib/form-errors';
import type { EventFormPayload } from '../api/event-writes';
import { browserTimeZone } from './time-zone';

dayjs.extend(utc);
dayjs.extend(timezone);

export type EventFormMode = 'create' | 'edit';

/**
 * The form's state. Times are the pickers' `YYYY-MM-DD HH:mm:ss` wall-clock
 * strings in the event's own zone (`timezone`), wherever the browser is.
 */
export interface EventFormValues {
  name: string;
  timezone: string;
  start_time: string | null;
  end_time: string | null;
  address: string;
  zip: string;
  city: string;
  state: string;
  country: string;
  banner: File | null;
}

export const END_BEFORE_START = 'The end time must be after the start time.';

const PICKER_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export function emptyEventForm(): EventFormValues {
  return {
    name: '',
    timezone: browserTimeZone(),
    start_time: null,
    end_time: null,
    address: '',
    zip: '',
    city: '',
    state: '',
    country: '',
    banner: null,
  };
}

/** A new event on a day picked in the calendar: an evening slot to adjust. */
export function eventFormForDay(day: string): EventFormValues {
  return {
    ...emptyEventForm(),
    start_time: `${day} 20:00:00`,
    end_time: `${day} 23:00:00`,
  };
}

/** An instant as the wall clock of a zone shows it, in the pickers' format. */
export function wallClockIn(instant: string, zone: string): string {
  return dayjs(instant).tz(zone).format(PICKER_FORMAT);
}

/** The edit form starts from the saved event, its instants shown in the event's zone. */
export function eventFormFromEvent(event: EventSummary): EventFormValues {
  return {
    name: event.name,
    timezone: event.timezone,
    start_time: wallClockIn(event.start_time, event.timezone),
    end_time: wallClockIn(event.end_time, event.timezone),
    address: event.address ?? '',
    zip: event.zip ?? '',
    city: event.city ?? '',
    state: event.state ?? '',
    country: event.country ?? '',
    banner: null,
  };
}

/** A wall-clock time of a zone as the instant it names (ISO, UTC). */
function toInstant(value: string | null, zone: string): string {
  return value ? dayjs.tz(value, zone).toISOString() : '';
}

export function eventPayloadOf(values: EventFormValues): EventFormPayload {
  return {
    name: values.name.trim(),
    timezone: values.timezone,
    start_time: toInstant(values.start_time, values.timezone),
    end_time: toInstant(values.end_time, values.timezone),
    address: values.address.trim(),
    zip: values.zip.trim(),
    city: values.city.trim(),
    state: values.state.trim(),
    country: values.country.trim(),
  };
}

/**
 * The shared schemas decide, so the form words errors as the server does:
 * create needs name, times, address, city and country; edit only name and
 * times; the end must come after the start.
 */
export function eventFormErrors(values: EventFormValues, mode: EventFormMode): FormErrors {
  const payload = eventPayloadOf(values);
  const body = {
    ...payload,
    start_time: payload.start_time || undefined,
    end_time: payload.end_time || undefined,
  };
  const errors =
    mode === 'create'
      ? schemaErrors(createEventBody, body)
      : schemaErrors(updateEventBody, { ...body, id: 1 });
  // The schema checks the order only once every other field passes; the form says it at once.
  if (!errors.end_time && payload.start_time && payload.end_time) {
    if (Date.parse(payload.end_time) <= Date.parse(payload.start_time)) {
      errors.end_time = END_BEFORE_START;
    }
  }
  return errors;
}
