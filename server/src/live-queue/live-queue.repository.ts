import { sql, type Selectable } from 'kysely';
import type { QueueEntriesTable } from '../infra/database-types.ts';
import type { DbOrTrx } from '../infra/db.ts';
import { eventSummaryColumns, joinedBy, settingsColumns } from '../events/events.repository.ts';

/**
 * All SQL that writes an event's live queue: the `song_requests` rows, the
 * grouped `queue_entries`, the event's counters and its seq. Nothing else in
 * the server writes these (a test enforces it).
 *
 * Lock order: a queue write first takes the event's row lock (by bumping its
 * seq), then touches requests and entries. Every write takes its locks in that
 * order, so two writes cannot deadlock, and the event lock queues the event's
 * writes one after another: seq k+1's entry counts every request of seq ≤ k.
 */

/** A song as a request stores it. */
export interface RequestedSong {
  songId: string;
  songName: string;
  songArtist: string | null;
  albumName: string;
  songImage: string | null;
  songLink: string | null;
  songDuration: number;
}

/**
 * A condition that is always true and makes the statement's transaction commit
 * without waiting for its WAL to reach the disk (PostgreSQL's asynchronous
 * commit, for this transaction only). Every queue write holds the event's row
 * lock until it commits, so a commit that waits for the disk (~1-3 ms here)
 * caps an event at a few hundred writes a second whatever the nodes can do.
 * What it risks: a database server crash (not a node's, not a lost
 * connection) may forget the last fraction of a second of requests and joins
 * it already answered; money never takes this path. See docs/decisions.md.
 */
const commitWithoutWaitingForDisk = sql`set_config('synchronous_commit', 'off', true) is not null`;

/** The shown name of a user: the display name, or the full name when it is empty. */
const shownName = sql<string>`coalesce(nullif(users.display_name, ''), users.name)`;

/** The columns of an event a queue write answers with: its summary (with the seq) and counters. */
const eventColumns = [
  ...eventSummaryColumns,
  'events.joined_count',
  'events.request_count',
] as const;

export interface CounterDelta {
  joined?: number;
  requests?: number;
}

/**
 * Takes the event's row lock by bumping its seq (and moving its counters by
 * `delta`, when the write already knows how). Undefined when there is no such
 * live event.
 */
export async function lockAndBump(
  trx: DbOrTrx,
  target: { eventId: number } | { code: string },
  delta: CounterDelta = {},
) {
  let query = trx
    .updateTable('events')
    .set({
      seq: sql<string>`seq + 1`,
      joined_count: sql<number>`joined_count + ${delta.joined ?? 0}`,
      request_count: sql<number>`request_count + ${delta.requests ?? 0}`,
    })
    .where('events.deleted_at', 'is', null);
  query =
    'eventId' in target
      ? query.where('events.id', '=', target.eventId)
      : query.where(sql`upper(events.code)`, '=', target.code.toUpperCase());
  return query.returning(eventColumns).executeTakeFirst();
}

export type LockedEvent = NonNullable<Awaited<ReturnType<typeof lockAndBump>>>;

/** Moves the event's counters after a write that learned its delta only by making it. */
export async function moveCounters(trx: DbOrTrx, eventId: number, delta: CounterDelta) {
  return trx
    .updateTable('events')
    .set({
      joined_count: sql<number>`joined_count + ${delta.joined ?? 0}`,
      request_count: sql<number>`request_count + ${delta.requests ?? 0}`,
    })
    .where('id', '=', eventId)
    .returning(['joined_count', 'request_count'])
    .executeTakeFirstOrThrow();
}

const entryColumns = [
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
] as const;

/** What a song request's one statement answers: the request, the song's entry, the event after it. */
export type InsertedRequest = EntryRow & {
  id: number;
  created_at: Date;
  attendee_name: string;
  seq: string;
  joined_count: number;
  event_request_count: number;
};

/**
 * A song request in one statement (its own transaction): the request row,
 * only if the event is live, not ended and the attendee joined it, and only
 * once per attendee and song (the unique constraint decides); then, only if
 * a row went in, the event's seq and request count (taking the event's row
 * lock), then the song's entry, counted while that lock is held. Each step
 * reads the one before, which orders them: so the entries pushed with seqs
 * k and k+1 count the requests of every seq up to theirs. Undefined when
 * nothing was written (the caller tells a repeat from a refusal).
 *
 * A request is timed when it enters the queue (`clock_timestamp()`, not the
 * statement's start) and an entry keeps the earliest of its requests' times.
 */
export async function insertRequest(
  db: DbOrTrx,
  eventId: number,
  attendeeId: number,
  song: RequestedSong,
  { rulesChecked }: { rulesChecked: boolean } = { rulesChecked: false },
): Promise<InsertedRequest | undefined> {
  // Unless the caller has checked the host's request controls under the guest's lock,
  // only an event whose controls take everything takes the request here.
  const noRules = rulesChecked
    ? sql`true`
    : sql`events.requests_open and events.max_open_requests_per_guest = 0
        and events.guest_cooldown_seconds = 0 and events.song_repeat_minutes = 0
        and cardinality(events.blocked_terms) = 0`;
  const result = await sql<InsertedRequest>`
    with inserted as (
      insert into song_requests (event_id, attendee_id, song_id, song_name, song_artist,
        album_name, song_image, song_link, song_duration, created_at)
      select ${eventId}, ${attendeeId}, ${song.songId}, ${song.songName}, ${song.songArtist},
        ${song.albumName}, ${song.songImage}, ${song.songLink}, ${song.songDuration},
        clock_timestamp()
      from events
      where events.id = ${eventId} and events.deleted_at is null and events.end_time > now()
        and ${noRules} and ${commitWithoutWaitingForDisk}
        and exists (select 1 from event_attendees a
                    where a.event_id = ${eventId} and a.user_id = ${attendeeId})
      on conflict (event_id, attendee_id, song_id) do nothing
      returning id, created_at
    ), bumped as (
      update events set seq = seq + 1, request_count = request_count + 1
      from inserted
      where events.id = ${eventId}
      returning events.seq, events.joined_count, events.request_count as event_request_count,
        inserted.id, inserted.created_at
    ), entry as (
      insert into queue_entries (event_id, song_id, song_name, song_artist, album_name,
        song_image, song_link, song_duration, request_count, unplayed_count, first_requested_at)
      select ${eventId}, ${song.songId}, ${song.songName}, ${song.songArtist}, ${song.albumName},
        ${song.songImage}, ${song.songLink}, ${song.songDuration}, 1, 1, bumped.created_at
      from bumped
      on conflict (event_id, song_id) do update set
        request_count = queue_entries.request_count + 1,
        unplayed_count = queue_entries.unplayed_count + 1,
        first_requested_at = least(queue_entries.first_requested_at, excluded.first_requested_at)
      returning *
    )
    select bumped.id, bumped.created_at, bumped.seq, bumped.joined_count,
      bumped.event_request_count, entry.*,
      (select ${shownName} from users where users.id = ${attendeeId}) as attendee_name
    from bumped, entry
  `.execute(db);
  return result.rows[0];
}

/** Why a song request wrote nothing: the event as the attendee may see it, and whether they joined. */
export async function findRequestRefusal(db: DbOrTrx, eventId: number, attendeeId: number) {
  return db
    .selectFrom('events')
    .select(['events.end_time', ...settingsColumns])
    .select((eb) => joinedBy(eb, attendeeId).as('attending'))
    .where('events.id', '=', eventId)
    .where('events.deleted_at', 'is', null)
    .executeTakeFirst();
}

/**
 * Takes the guest's attendance row lock in the event: one guest's requests to
 * it then go one at a time, so the next statement counts what they hold
 * exactly (other guests are not held up). False when they have not joined.
 */
export async function lockGuest(trx: DbOrTrx, eventId: number, attendeeId: number) {
  const row = await trx
    .selectFrom('event_attendees')
    .select('user_id')
    .where('event_id', '=', eventId)
    .where('user_id', '=', attendeeId)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/** What the host's request controls look at for one guest and song, read under the guest's lock. */
export async function readRequestRules(
  trx: DbOrTrx,
  eventId: number,
  attendeeId: number,
  songId: string,
) {
  return trx
    .selectFrom('events')
    .select(settingsColumns)
    .select((eb) => [
      eb
        .selectFrom('song_requests')
        .select((inner) => inner.fn.countAll<string>().as('n'))
        .where('song_requests.event_id', '=', eventId)
        .where('song_requests.attendee_id', '=', attendeeId)
        .where('song_requests.status', '=', 0)
        .as('waiting'),
      eb
        .selectFrom('song_requests')
        .select(
          sql<number>`extract(epoch from (now() - max(song_requests.created_at)))::float8`.as('s'),
        )
        .where('song_requests.event_id', '=', eventId)
        .where('song_requests.attendee_id', '=', attendeeId)
        .as('seconds_since_last'),
      eb
        .selectFrom('queue_entries')
        .select(
          sql<number>`extract(epoch from (now() - queue_entries.last_played_at))::float8`.as('s'),
        )
        .where('queue_entries.event_id', '=', eventId)
        .where('queue_entries.song_id', '=', songId)
        .as('seconds_since_played'),
      eb
        .exists(
          eb
            .selectFrom('song_requests')
            .select('song_requests.id')
            .where('song_requests.event_id', '=', eventId)
            .where('song_requests.attendee_id', '=', attendeeId)
            .where('song_requests.song_id', '=', songId),
        )
        .as('already_requested'),
    ])
    .where('events.id', '=', eventId)
    .executeTakeFirst();
}

/** A queue entry as read. */
export type EntryRow = Selectable<QueueEntriesTable>;

/** One song's entry in the event's queue, or undefined when nobody requests it. */
export async function findEntry(db: DbOrTrx, eventId: number, songId: string) {
  return db
    .selectFrom('queue_entries')
    .select(entryColumns)
    .where('event_id', '=', eventId)
    .where('song_id', '=', songId)
    .executeTakeFirst();
}

/** The event's whole grouped queue (any order: the caller sorts with the shared comparator). */
export async function listEntries(db: DbOrTrx, eventId: number): Promise<EntryRow[]> {
  return db
    .selectFrom('queue_entries')
    .select(entryColumns)
    .where('event_id', '=', eventId)
    .execute();
}

/**
 * Rebuilds entries from their request rows: the song as first requested (the
 * earliest row left), how many ask, how many wait, when it was last played.
 * `songIds` names the songs a write took rows from or changed (null: every
 * song of the event); songs with no rows left lose their entry. Answers the
 * entries that remain.
 */
export async function rebuildEntries(
  trx: DbOrTrx,
  eventId: number,
  songIds: readonly string[] | null,
): Promise<EntryRow[]> {
  if (songIds?.length === 0) return [];
  const songs = songIds ? [...new Set(songIds)] : null;
  let stale = trx.deleteFrom('queue_entries').where('event_id', '=', eventId);
  if (songs) stale = stale.where('song_id', 'in', songs);
  await stale.execute();
  const onlySongs = songs ? sql`and song_id in (${sql.join(songs)})` : sql``;
  const result = await sql<EntryRow>`
    insert into queue_entries (event_id, song_id, song_name, song_artist, album_name, song_image,
      song_link, song_duration, request_count, unplayed_count, first_requested_at, last_played_at)
    select distinct on (song_id) event_id, song_id, song_name, song_artist, album_name,
      song_image, song_link, song_duration,
      count(*) over w, count(*) filter (where status = 0) over w, created_at, max(played_at) over w
    from song_requests
    where event_id = ${eventId} ${onlySongs}
    window w as (partition by song_id)
    order by song_id, created_at, id
    returning *
  `.execute(trx);
  return result.rows;
}

/** The rows of song requests with the requester's shown name, for the contract's SongRequest. */
function requestsWithNames(db: DbOrTrx, eventId: number) {
  return db
    .selectFrom('song_requests')
    .innerJoin('users', 'users.id', 'song_requests.attendee_id')
    .where('song_requests.event_id', '=', eventId)
    .select([
      'song_requests.id',
      'song_requests.event_id',
      'song_requests.attendee_id',
      'song_requests.song_id',
      'song_requests.song_name',
      'song_requests.song_artist',
      'song_requests.album_name',
      'song_requests.song_image',
      'song_requests.song_link',
      'song_requests.song_duration',
      'song_requests.status',
      'song_requests.played_at',
      'song_requests.created_at',
    ])
    .select(shownName.as('attendee_name'))
    .orderBy('song_requests.created_at', 'asc')
    .orderBy('song_requests.id', 'asc');
}

export type RequestRow = Awaited<
  ReturnType<ReturnType<typeof requestsWithNames>['execute']>
>[number];

/** Every request of an event, oldest first. */
export async function listRequests(db: DbOrTrx, eventId: number): Promise<RequestRow[]> {
  return requestsWithNames(db, eventId).execute();
}

/** The requests of one song, oldest first (who asked for it). */
export async function listRequestsOfSong(db: DbOrTrx, eventId: number, songId: string) {
  return requestsWithNames(db, eventId).where('song_requests.song_id', '=', songId).execute();
}

/** One attendee's requests in an event, oldest first. */
export async function listAttendeeRequests(db: DbOrTrx, eventId: number, attendeeId: number) {
  return requestsWithNames(db, eventId)
    .where('song_requests.attendee_id', '=', attendeeId)
    .execute();
}

/** One attendee's request for a song, or undefined. */
export async function findAttendeeRequest(
  db: DbOrTrx,
  eventId: number,
  attendeeId: number,
  songId: string,
) {
  return requestsWithNames(db, eventId)
    .where('song_requests.attendee_id', '=', attendeeId)
    .where('song_requests.song_id', '=', songId)
    .executeTakeFirst();
}

/** Deletes the attendee's request for a song; false when they had none. */
export async function deleteAttendeeRequest(
  trx: DbOrTrx,
  eventId: number,
  attendeeId: number,
  songId: string,
): Promise<boolean> {
  const row = await trx
    .deleteFrom('song_requests')
    .where('event_id', '=', eventId)
    .where('attendee_id', '=', attendeeId)
    .where('song_id', '=', songId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Deletes the attendee's requests in an event — only those still waiting
 * (`waitingOnly`: a leave keeps the played ones as the event's history), or
 * all of them (the account goes). Answers the songs they were for.
 */
export async function deleteRequestsOf(
  trx: DbOrTrx,
  eventId: number,
  attendeeId: number,
  { waitingOnly }: { waitingOnly: boolean },
): Promise<string[]> {
  let query = trx
    .deleteFrom('song_requests')
    .where('event_id', '=', eventId)
    .where('attendee_id', '=', attendeeId);
  if (waitingOnly) query = query.where('status', '=', 0);
  const rows = await query.returning('song_id').execute();
  return rows.map((row) => row.song_id);
}

/** The events a user joined or requested songs in, lowest id first (the order their locks are taken). */
export async function listEventsTouchedBy(db: DbOrTrx, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('event_attendees')
    .select('event_id')
    .where('user_id', '=', userId)
    .union(db.selectFrom('song_requests').select('event_id').where('attendee_id', '=', userId))
    .orderBy('event_id')
    .execute();
  return rows.map((row) => row.event_id);
}

/** Marks the song's waiting requests played now; answers them with the requesters' names. */
export async function markPlayed(trx: DbOrTrx, eventId: number, songId: string) {
  const ids = await trx
    .updateTable('song_requests')
    .set({ status: 1, played_at: sql<Date>`now()` })
    .where('event_id', '=', eventId)
    .where('song_id', '=', songId)
    .where('status', '=', 0)
    .returning('id')
    .execute();
  if (ids.length === 0) return [];
  return requestsWithNames(trx, eventId)
    .where(
      'song_requests.id',
      'in',
      ids.map((row) => row.id),
    )
    .execute();
}

/** Puts the song's played requests back in the queue; answers how many rows changed. */
export async function markUnplayed(trx: DbOrTrx, eventId: number, songId: string): Promise<number> {
  const rows = await trx
    .updateTable('song_requests')
    .set({ status: 0, played_at: null })
    .where('event_id', '=', eventId)
    .where('song_id', '=', songId)
    .where('status', '=', 1)
    .returning('id')
    .execute();
  return rows.length;
}

/** Deletes every request of the song in the event with its entry; answers how many rows went. */
export async function deleteSong(trx: DbOrTrx, eventId: number, songId: string): Promise<number> {
  const rows = await trx
    .deleteFrom('song_requests')
    .where('event_id', '=', eventId)
    .where('song_id', '=', songId)
    .returning('id')
    .execute();
  await trx
    .deleteFrom('queue_entries')
    .where('event_id', '=', eventId)
    .where('song_id', '=', songId)
    .execute();
  return rows.length;
}

/** What a join's one statement answers: the event after it, when the user joined and their name. */
export type InsertedAttendance = LockedEvent & {
  joined_at: Date;
  attendee_name: string;
};

/**
 * A join in one statement (its own transaction): the attendance, only for a
 * live event holding the code and only once (the primary key decides); then,
 * only if it went in, the event's seq and attendee count. Undefined when
 * nothing was written (no such event, or already joined).
 */
export async function insertAttendanceByCode(
  db: DbOrTrx,
  code: string,
  userId: number,
): Promise<InsertedAttendance | undefined> {
  const result = await sql<InsertedAttendance>`
    with inserted as (
      insert into event_attendees (event_id, user_id)
      select events.id, ${userId} from events
      where upper(events.code) = ${code.toUpperCase()} and events.deleted_at is null
        and ${commitWithoutWaitingForDisk}
      on conflict (event_id, user_id) do nothing
      returning event_id, joined_at
    ), bumped as (
      update events set seq = seq + 1, joined_count = joined_count + 1
      from inserted
      where events.id = inserted.event_id
      returning ${sql.join(eventColumns.map((column) => sql.ref(column)))}, inserted.joined_at
    )
    select bumped.*, (select ${shownName} from users where users.id = ${userId}) as attendee_name
    from bumped
  `.execute(db);
  return result.rows[0];
}

/** Removes the attendance; false when there was none. */
export async function deleteAttendance(
  trx: DbOrTrx,
  eventId: number,
  userId: number,
): Promise<boolean> {
  const row = await trx
    .deleteFrom('event_attendees')
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** When the user joined the event, or undefined when they have not. */
export async function findAttendance(db: DbOrTrx, eventId: number, userId: number) {
  return db
    .selectFrom('event_attendees')
    .select('joined_at')
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** A deleted event's requests, entries and attendance go (its tips and ratings stay). */
export async function deleteEventQueue(trx: DbOrTrx, eventId: number): Promise<void> {
  await trx.deleteFrom('song_requests').where('event_id', '=', eventId).execute();
  await trx.deleteFrom('queue_entries').where('event_id', '=', eventId).execute();
  await trx.deleteFrom('event_attendees').where('event_id', '=', eventId).execute();
  await trx
    .updateTable('events')
    .set({ joined_count: 0, request_count: 0 })
    .where('id', '=', eventId)
    .execute();
}

/** A live event by id or code, unlocked, with the columns a queue write answers with. */
export async function findLiveEvent(db: DbOrTrx, target: { eventId: number } | { code: string }) {
  const query = db.selectFrom('events').select(eventColumns).where('events.deleted_at', 'is', null);
  return 'eventId' in target
    ? query.where('events.id', '=', target.eventId).executeTakeFirst()
    : query.where(sql`upper(events.code)`, '=', target.code.toUpperCase()).executeTakeFirst();
}

/** The event's played songs, in the order they were (last) played. */
export async function listPlayedEntries(db: DbOrTrx, eventId: number) {
  return db
    .selectFrom('queue_entries')
    .select(entryColumns)
    .where('event_id', '=', eventId)
    .where('last_played_at', 'is not', null)
    .orderBy('last_played_at')
    .orderBy('song_id')
    .execute();
}

/**
 * Rebuilds an event's counters and entries from its rows: for data written
 * around the live queue (test and benchmark seeding, a repair by hand).
 */
export async function recountEventQueue(trx: DbOrTrx, eventId: number): Promise<void> {
  await rebuildEntries(trx, eventId, null);
  await sql`
    update events set
      joined_count = (select count(*) from event_attendees a where a.event_id = ${eventId}),
      request_count = (select count(*) from song_requests r where r.event_id = ${eventId})
    where id = ${eventId}
  `.execute(trx);
}

/**
 * A built-in catalog song by id. Read here (not through the catalog's search)
 * because a request needs the one song its id names, as the catalog stores it.
 */
export async function findCatalogSong(db: DbOrTrx, songId: string) {
  return db
    .selectFrom('catalog_songs')
    .select(['id', 'title', 'artist', 'album', 'duration_seconds'])
    .where('id', '=', songId)
    .executeTakeFirst();
}
