import { describe, expect, it } from 'vitest';
import { attendeeLabels } from './attendee-labels';

const at = (minute: number) => `2026-11-21T20:${String(minute).padStart(2, '0')}:00.000Z`;

describe('attendee labels', () => {
  it('numbers a shared name by join order and leaves a unique one alone', () => {
    const labelOf = attendeeLabels([
      { attendee_id: 3, name: 'Guest', joined_at: at(5), request_count: 0, name_held: false },
      { attendee_id: 1, name: 'Guest', joined_at: at(1), request_count: 2, name_held: false },
      { attendee_id: 2, name: 'Ana', joined_at: at(2), request_count: 1, name_held: false },
    ]);
    expect(labelOf(1, 'Guest')).toBe('Guest 1');
    expect(labelOf(3, 'Guest')).toBe('Guest 2');
    expect(labelOf(2, 'Ana')).toBe('Ana');
    // Someone the list does not know yet keeps the name the server gave.
    expect(labelOf(9, 'Guest')).toBe('Guest');
  });
});
