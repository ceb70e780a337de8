import { MSG } from '@floorfill/shared';
import { describe, expect, it } from 'vitest';
import {
  emptyEventForm,
  END_BEFORE_START,
  eventFormErrors,
  eventPayloadOf,
  type EventFormValues,
} from './event-form';

function filled(overrides: Partial<EventFormValues> = {}): EventFormValues {
  return {
    ...emptyEventForm(),
    name: 'Neon Nights',
    start_time: '2026-11-21 20:00:00',
    end_time: '2026-11-21 23:00:00',
    address: '1 Harbour Road',
    city: 'Lisbon',
    country: 'Portugal',
    ...overrides,
  };
}

describe('event form rules', () => {
  it('requires name, times, address, city and country to create, after trimming', () => {
    const errors = eventFormErrors({ ...emptyEventForm(), name: '   ' }, 'create');
    expect(errors).toEqual({
      name: MSG.fieldRequired,
      start_time: MSG.fieldRequired,
      end_time: MSG.fieldRequired,
      address: MSG.fieldRequired,
      city: MSG.fieldRequired,
      country: MSG.fieldRequired,
    });
  });

  it('requires only name and times to edit', () => {
    expect(eventFormErrors(emptyEventForm(), 'edit')).toEqual({
      name: MSG.fieldRequired,
      start_time: MSG.fieldRequired,
      end_time: MSG.fieldRequired,
    });
    expect(eventFormErrors(filled({ address: '', city: '', country: '' }), 'edit')).toEqual({});
  });

  it('says at once that the end must come after the start, even with other gaps', () => {
    const backwards = { end_time: '2026-11-21 19:00:00', city: '' };
    expect(eventFormErrors(filled(backwards), 'create')).toEqual({
      city: MSG.fieldRequired,
      end_time: END_BEFORE_START,
    });
    expect(eventFormErrors(filled({ end_time: '2026-11-21 20:00:00' }), 'edit')).toEqual({
      end_time: END_BEFORE_START,
    });
  });

  it('sends trimmed text and the pickers’ local times as instants', () => {
    const payload = eventPayloadOf(filled({ name: '  Neon Nights  ', zip: ' 1100 ' }));
    expect(payload.name).toBe('Neon Nights');
    expect(payload.zip).toBe('1100');
    expect(payload.start_time).toBe(new Date(2026, 10, 21, 20, 0, 0).toISOString());
  });
});
