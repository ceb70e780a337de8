import type { EventAttendee } from '@floorfill/shared';

/** How the booth names an attendee: their name, numbered when others share it. */
export type LabelOf = (attendeeId: number, name: string) => string;

/**
 * Distinct labels for the people in the room: a name several attendees share
 * (every guest who gave none is "Guest") is numbered in the order they
 * joined — "Guest 1", "Guest 2" — so "Asked by" and Who is here tell them
 * apart. A name nobody else has stays as it is.
 */
export function attendeeLabels(attendees: readonly EventAttendee[]): LabelOf {
  const byJoin = [...attendees].sort(
    (a, b) => a.joined_at.localeCompare(b.joined_at) || a.attendee_id - b.attendee_id,
  );
  const counts = new Map<string, number>();
  for (const attendee of byJoin) counts.set(attendee.name, (counts.get(attendee.name) ?? 0) + 1);
  const seen = new Map<string, number>();
  const labels = new Map<number, string>();
  for (const attendee of byJoin) {
    if ((counts.get(attendee.name) ?? 0) < 2) continue;
    const nth = (seen.get(attendee.name) ?? 0) + 1;
    seen.set(attendee.name, nth);
    labels.set(attendee.attendee_id, `${attendee.name} ${nth}`);
  }
  return (attendeeId, name) => labels.get(attendeeId) ?? name;
}
