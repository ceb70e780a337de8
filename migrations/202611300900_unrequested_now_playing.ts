import type { Kysely } from 'kysely';

/**
 * A track the decks play that nobody requested is the event's now playing
 * too (issue 28): its title and artist as the DJ software named them, with
 * `now_playing_started_at`. At most one of `now_playing_song_id` and
 * `now_playing_title` is set.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and untyped by design
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('now_playing_title', 'text')
    .addColumn('now_playing_artist', 'text')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and untyped by design
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('events')
    .dropColumn('now_playing_title')
    .dropColumn('now_playing_artist')
    .execute();
}
