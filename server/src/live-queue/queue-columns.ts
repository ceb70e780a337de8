import { sql, type Selectable } from 'kysely';
import { eventSummaryColumns } from '../events/events.repository.ts';
import type { QueueEntriesTable } from '../infra/database-types.ts';

/** The columns and expressions the live queue's statements share. */

/** The shown name of a user: the display name, or the full name when it is empty. */
export const shownName = sql<string>`coalesce(nullif(users.display_name, ''), users.name)`;

/** The columns of an event a queue write answers with: its summary (with the seq) and counters. */
export const eventColumns = [
  ...eventSummaryColumns,
  'events.joined_count',
  'events.request_count',
  'events.now_playing_song_id',
] as const;

export const entryColumns = [
  'queue_entries.event_id',
  'queue_entries.song_id',
  'queue_entries.song_name',
  'queue_entries.song_artist',
  'queue_entries.album_name',
  'queue_entries.song_image',
  'queue_entries.song_link',
  'queue_entries.song_duration',
  'queue_entries.request_count',
  'queue_entries.unplayed_count',
  'queue_entries.first_requested_at',
  'queue_entries.last_played_at',
  'queue_entries.later',
  'queue_entries.dedication_count',
  'queue_entries.turn',
  'queue_entries.held',
  'queue_entries.boost_cents',
] as const;

/** A queue entry as read (its explicit mark only decides refusals, in SQL: no answer shows it). */
export type EntryRow = Omit<Selectable<QueueEntriesTable>, 'explicit'>;

/** A timestamp as `Date.prototype.toISOString` writes it (UTC, milliseconds, `Z`). */
export function isoTime(column: string) {
  return sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
