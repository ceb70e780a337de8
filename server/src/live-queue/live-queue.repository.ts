import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { Database, QueueEntriesTable } from '../infra/database-types.ts';
import type { DbOrTrx } from '../infra/db.ts';
import { PREPARED } from '../infra/prepared-statements.ts';
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
  /** Explicit lyrics: refused while the host does not allow explicit songs. */
  explicit: boolean;
}

/** The shown name of a user: the display name, or the full name when it is empty. */
const shownName = sql<string>`coalesce(nullif(users.display_name, ''), users.name)`;

/** The columns of an event a queue write answers with: its summary (with the seq) and counters. */
const eventColumns = [
  ...eventSummaryColumns,
  'events.joined_count',
  'events.request_count',
  'events.now_playing_song_id',
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
  'queue_entries.later',
  'queue_entries.dedication_count',
] as const;

/** What a song request's one statement answers: the request, the song's entry, the event after it. */
export type InsertedRequest = EntryRow & {
  id: number;
  created_at: Date;
  attendee_name: string;
  seq: string;
  joined_count: number;
  event_request_count: number;
  /** With an idempotency key: the `{msg, data}` kept with it (and to be sent). */
  answer?: unknown;
};

/**
 * A song request in one statement (alone, or among its event's group commit): the request row,
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
 * Whatever the controls, a song the host rejected, and an explicit one while
 * the host takes none, write nothing.
 *
 * With an idempotency key, the same statement keeps the key and its answer
 * (`answer`, the `{msg, data}` to send, built here so the first answer and
 * every repeat are the same bytes), after the entry and under the event's
 * lock. A key the attendee already used writes nothing; one used by a
 * concurrent request that commits first fails the whole statement with a
 * unique violation on `song_request_keys_pkey` (`isUniqueViolation`), which
 * undoes the request, the seq and the counters.
 */
export async function insertRequest(
  db: DbOrTrx,
  eventId: number,
  attendeeId: number,
  song: RequestedSong,
  {
    rulesChecked,
    message,
    key,
  }: { rulesChecked: boolean; message: string | null; key?: RequestKey | undefined },
): Promise<InsertedRequest | undefined> {
  // Unless the caller has checked the host's request controls under the guest's lock,
  // only an event whose controls take everything takes the request here.
  const noRules = rulesChecked
    ? sql`true`
    : sql`events.requests_open and events.max_open_requests_per_guest = 0
        and events.guest_cooldown_seconds = 0 and events.song_repeat_minutes = 0
        and cardinality(events.blocked_terms) = 0`;
  // A key the attendee used before writes nothing (its kept answer is read after).
  const keyUnused = key
    ? sql`and not exists (select 1 from song_request_keys k
                          where k.user_id = ${attendeeId} and k.client_request_id = ${key.id})`
    : sql``;
  const result = await sql<InsertedRequest>`${PREPARED}
    with inserted as (
      insert into song_requests (event_id, attendee_id, song_id, song_name, song_artist,
        album_name, song_image, song_link, song_duration, message, explicit, created_at)
      select ${eventId}, ${attendeeId}, ${song.songId}, ${song.songName}, ${song.songArtist},
        ${song.albumName}, ${song.songImage}, ${song.songLink}, ${song.songDuration}, ${message},
        ${song.explicit}, clock_timestamp()
      from events
      where events.id = ${eventId} and events.deleted_at is null and events.end_time > now()
        and ${noRules}
        and (events.allow_explicit or (not ${song.explicit}
             and not exists (select 1 from queue_entries x
                             where x.event_id = ${eventId} and x.song_id = ${song.songId}
                               and x.explicit)))
        and not exists (select 1 from rejected_songs j
                        where j.event_id = ${eventId} and j.song_id = ${song.songId})
        and exists (select 1 from event_attendees a
                    where a.event_id = ${eventId} and a.user_id = ${attendeeId})
        ${keyUnused}
      on conflict (event_id, attendee_id, song_id) do nothing
      returning ${key ? sql`*` : sql`id, created_at`}
    ), bumped as (
      update events set seq = seq + 1, request_count = request_count + 1
      from inserted
      where events.id = ${eventId}
      returning events.seq, events.joined_count, events.request_count as event_request_count,
        inserted.id, inserted.created_at
    ), entry as (
      insert into queue_entries (event_id, song_id, song_name, song_artist, album_name,
        song_image, song_link, song_duration, request_count, unplayed_count, first_requested_at,
        dedication_count, explicit)
      select ${eventId}, ${song.songId}, ${song.songName}, ${song.songArtist}, ${song.albumName},
        ${song.songImage}, ${song.songLink}, ${song.songDuration}, 1, 1, bumped.created_at,
        ${message === null ? 0 : 1}, ${song.explicit}
      from bumped
      on conflict (event_id, song_id) do update set
        request_count = queue_entries.request_count + 1,
        unplayed_count = queue_entries.unplayed_count + 1,
        dedication_count = queue_entries.dedication_count + excluded.dedication_count,
        first_requested_at = least(queue_entries.first_requested_at, excluded.first_requested_at),
        explicit = queue_entries.explicit or excluded.explicit
      returning ${sql.join(entryColumns.map((column) => sql.ref(column)))}
    )${key ? keptAnswer(attendeeId, key) : sql``}
    select bumped.id, bumped.created_at, bumped.seq, bumped.joined_count,
      bumped.event_request_count, entry.*,
      (select ${shownName} from users where users.id = ${attendeeId}) as attendee_name
      ${key ? sql`, keyed.answer` : sql``}
    from bumped, entry${key ? sql`, keyed` : sql``}
  `.execute(db);
  return result.rows[0];
}

/** An idempotency key of a song request, and the message its first answer carries. */
export interface RequestKey {
  id: string;
  msg: string;
}

/** A timestamp as `Date.prototype.toISOString` writes it (UTC, milliseconds, `Z`). */
function isoTime(column: string) {
  return sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * The CTE that keeps a new request's key with its answer (201): the
 * contract's `{msg, data}` built from the inserted row and the song's entry,
 * field for field as `toSongRequest` and `toGroupedSong` shape them — but the
 * entry's `free_text`, which follows from its song id and is added when the
 * answer is sent (`keptAnswerOf`).
 */
function keptAnswer(attendeeId: number, key: RequestKey) {
  const allPlayed = sql`entry.unplayed_count = 0`;
  return sql`, keyed as (
      insert into song_request_keys (user_id, client_request_id, status_code, answer)
      select ${attendeeId}, ${key.id}, 201, jsonb_build_object(
        'msg', ${key.msg}::text,
        'data', jsonb_build_object(
          'song_request', jsonb_build_object(
            'id', inserted.id, 'event_id', inserted.event_id,
            'attendee_id', inserted.attendee_id,
            'attendee_name', (select ${shownName} from users where users.id = ${attendeeId}),
            'song_id', inserted.song_id, 'song_name', inserted.song_name,
            'song_artist', inserted.song_artist, 'album_name', inserted.album_name,
            'song_image', inserted.song_image, 'song_link', inserted.song_link,
            'song_duration', inserted.song_duration, 'status', inserted.status,
            'message', inserted.message, 'created_at', ${isoTime('inserted.created_at')},
            'played_at', null),
          'grouped_song_request', jsonb_build_object(
            'event_id', entry.event_id, 'song_id', entry.song_id,
            'song_name', entry.song_name, 'song_artist', entry.song_artist,
            'album_name', entry.album_name, 'song_image', entry.song_image,
            'song_link', entry.song_link, 'song_duration', entry.song_duration,
            'status', case when ${allPlayed} then 1 else 0 end,
            'request_count', entry.request_count,
            'first_requested_at', ${isoTime('entry.first_requested_at')},
            'played_at', case when ${allPlayed} then ${isoTime('entry.last_played_at')} end,
            'later', entry.later, 'dedication_count', entry.dedication_count),
          'created', true))
      from inserted, entry
      returning answer
    )`;
}

/** A kept answer of a song request: the status code and the `{msg, data}` sent with it. */
export interface KeptAnswer {
  status_code: 200 | 201;
  answer: unknown;
}

/** The answer the attendee's earlier request with this key got, or undefined. */
export async function findRequestKey(
  db: DbOrTrx,
  attendeeId: number,
  keyId: string,
): Promise<KeptAnswer | undefined> {
  return db
    .selectFrom('song_request_keys')
    .select(['status_code', 'answer'])
    .where('user_id', '=', attendeeId)
    .where('client_request_id', '=', keyId)
    .executeTakeFirst();
}

/**
 * Keeps a key with an answer that wrote nothing (a repeat of a song the
 * attendee holds), once: answers the kept answer, the first one if another
 * request with the key got there before.
 */
export async function keepRequestAnswer(
  db: DbOrTrx,
  attendeeId: number,
  keyId: string,
  kept: { status_code: 200 | 201; answer: unknown },
): Promise<KeptAnswer | undefined> {
  const inserted = await db
    .insertInto('song_request_keys')
    .values({
      user_id: attendeeId,
      client_request_id: keyId,
      status_code: kept.status_code,
      answer: JSON.stringify(kept.answer),
    })
    .onConflict((oc) => oc.columns(['user_id', 'client_request_id']).doNothing())
    .returning(['status_code', 'answer'])
    .executeTakeFirst();
  return inserted ?? findRequestKey(db, attendeeId, keyId);
}

/** Inside a query on `events`: the song's entry in the event's queue is marked explicit. */
function explicitEntryIn(eb: ExpressionBuilder<Database, 'events'>, songId: string) {
  return eb.exists(
    eb
      .selectFrom('queue_entries')
      .select('queue_entries.song_id')
      .whereRef('queue_entries.event_id', '=', 'events.id')
      .where('queue_entries.song_id', '=', songId)
      .where('queue_entries.explicit', '=', true),
  );
}

/** Inside a query on `events`: did the host reject this song for the night? */
function rejectedIn(eb: ExpressionBuilder<Database, 'events'>, songId: string) {
  return eb.exists(
    eb
      .selectFrom('rejected_songs')
      .select('rejected_songs.song_id')
      .whereRef('rejected_songs.event_id', '=', 'events.id')
      .where('rejected_songs.song_id', '=', songId),
  );
}

/**
 * Why a song request wrote nothing: the event as the attendee may see it,
 * whether they joined, whether the host rejected the song, whether its entry
 * is explicit.
 */
export async function findRequestRefusal(
  db: DbOrTrx,
  eventId: number,
  attendeeId: number,
  songId: string,
) {
  return db
    .selectFrom('events')
    .select(['events.end_time', ...settingsColumns])
    .select((eb) => [
      joinedBy(eb, attendeeId).as('attending'),
      rejectedIn(eb, songId).as('rejected'),
      explicitEntryIn(eb, songId).as('explicit_entry'),
    ])
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
      rejectedIn(eb, songId).as('rejected'),
      explicitEntryIn(eb, songId).as('explicit_entry'),
    ])
    .where('events.id', '=', eventId)
    .executeTakeFirst();
}

/** A queue entry as read (its explicit mark only decides refusals, in SQL: no answer shows it). */
export type EntryRow = Omit<Selectable<QueueEntriesTable>, 'explicit'>;

/** One song's entry in the event's queue, or undefined when nobody requests it. */
export async function findEntry(db: DbOrTrx, eventId: number, songId: string) {
  return db
    .selectFrom('queue_entries')
    .select(entryColumns)
    .where('event_id', '=', eventId)
    .where('song_id', '=', songId)
    .executeTakeFirst();
}

/** Inside a query on `queue_entries`: the host has not rejected the entry's song. */
function notRejected(eb: ExpressionBuilder<Database, 'queue_entries'>) {
  return eb.not(
    eb.exists(
      eb
        .selectFrom('rejected_songs')
        .select('rejected_songs.song_id')
        .whereRef('rejected_songs.event_id', '=', 'queue_entries.event_id')
        .whereRef('rejected_songs.song_id', '=', 'queue_entries.song_id'),
    ),
  );
}

/** An entry's columns but its times, which `listEntries` reads as text. */
const timelessEntryColumns = entryColumns.filter(
  (column) =>
    column !== 'queue_entries.first_requested_at' && column !== 'queue_entries.last_played_at',
);

/** An entry with its times as ISO text, as `listEntries` reads a whole queue. */
export type ListedEntryRow = Omit<EntryRow, 'first_requested_at' | 'last_played_at'> & {
  first_requested_at: string;
  last_played_at: string | null;
};

/**
 * The event's grouped queue without the songs the host rejected (any order:
 * the caller sorts with the shared comparator). Its times come as the ISO text
 * the answers carry, written by Postgres: for a big event's ~500 songs, parsing
 * each time into a Date and writing it back was a tenth of the host's snapshot.
 */
export async function listEntries(db: DbOrTrx, eventId: number): Promise<ListedEntryRow[]> {
  return db
    .selectFrom('queue_entries')
    .select(timelessEntryColumns)
    .select([
      isoTime('queue_entries.first_requested_at').as('first_requested_at'),
      isoTime('queue_entries.last_played_at').as('last_played_at'),
    ])
    .where('event_id', '=', eventId)
    .where(notRejected)
    .execute() as Promise<ListedEntryRow[]>;
}

/**
 * Rebuilds entries from their request rows: the song as first requested (the
 * earliest row left), how many ask, how many wait, how many carry a
 * dedication, when it was last played, whether any is of an explicit song;
 * the host's Later flag stays as it was.
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
  const onlySongs = songs ? sql`and song_id in (${sql.join(songs)})` : sql``;
  await sql`
    delete from queue_entries q
    where q.event_id = ${eventId} ${songs ? sql`and q.song_id in (${sql.join(songs)})` : sql``}
      and not exists (select 1 from song_requests r
                      where r.event_id = q.event_id and r.song_id = q.song_id)
  `.execute(trx);
  const result = await sql<EntryRow>`
    insert into queue_entries (event_id, song_id, song_name, song_artist, album_name, song_image,
      song_link, song_duration, request_count, unplayed_count, first_requested_at, last_played_at,
      dedication_count, explicit)
    select distinct on (song_id) event_id, song_id, song_name, song_artist, album_name,
      song_image, song_link, song_duration,
      count(*) over w, count(*) filter (where status = 0) over w, created_at, max(played_at) over w,
      count(*) filter (where message is not null) over w, bool_or(explicit) over w
    from song_requests
    where event_id = ${eventId} ${onlySongs}
    window w as (partition by song_id)
    order by song_id, created_at, id
    on conflict (event_id, song_id) do update set
      song_name = excluded.song_name, song_artist = excluded.song_artist,
      album_name = excluded.album_name, song_image = excluded.song_image,
      song_link = excluded.song_link, song_duration = excluded.song_duration,
      request_count = excluded.request_count, unplayed_count = excluded.unplayed_count,
      first_requested_at = excluded.first_requested_at, last_played_at = excluded.last_played_at,
      dedication_count = excluded.dedication_count, explicit = excluded.explicit
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
      'song_requests.message',
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

/** One attendee's requests in an event, oldest first, each with whether the host rejected its song. */
export async function listAttendeeRequests(db: DbOrTrx, eventId: number, attendeeId: number) {
  return requestsWithNames(db, eventId)
    .where('song_requests.attendee_id', '=', attendeeId)
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('rejected_songs')
            .select('rejected_songs.song_id')
            .whereRef('rejected_songs.event_id', '=', 'song_requests.event_id')
            .whereRef('rejected_songs.song_id', '=', 'song_requests.song_id'),
        )
        .as('rejected'),
    )
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
    // A played request is the night's history: the guest's cancel leaves it be.
    .where('status', '=', 0)
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
  { waitingOnly, keep = null }: { waitingOnly: boolean; keep?: string | null },
): Promise<string[]> {
  let query = trx
    .deleteFrom('song_requests')
    .where('event_id', '=', eventId)
    .where('attendee_id', '=', attendeeId);
  if (waitingOnly) query = query.where('status', '=', 0);
  if (keep !== null) query = query.where('song_id', '!=', keep);
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
 * A join in one statement (alone, or among its event's group commit): the attendance, only for a
 * live event holding the code and only once (the primary key decides); then,
 * only if it went in, the event's seq and attendee count. Undefined when
 * nothing was written (no such event, or already joined).
 */
export async function insertAttendanceByCode(
  db: DbOrTrx,
  code: string,
  userId: number,
): Promise<InsertedAttendance | undefined> {
  const result = await sql<InsertedAttendance>`${PREPARED}
    with inserted as (
      insert into event_attendees (event_id, user_id)
      select events.id, ${userId} from events
      where upper(events.code) = ${code.toUpperCase()} and events.deleted_at is null
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
  await trx.deleteFrom('rejected_songs').where('event_id', '=', eventId).execute();
  await trx.deleteFrom('event_attendees').where('event_id', '=', eventId).execute();
  await trx
    .updateTable('events')
    .set({
      joined_count: 0,
      request_count: 0,
      now_playing_song_id: null,
      now_playing_started_at: null,
    })
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
    .select(['id', 'title', 'artist', 'album', 'duration_seconds', 'explicit'])
    .where('id', '=', songId)
    .executeTakeFirst();
}

/** Is the song one the host rejected for the night? */
export async function isRejected(db: DbOrTrx, eventId: number, songId: string): Promise<boolean> {
  const row = await db
    .selectFrom('rejected_songs')
    .select('song_id')
    .where('event_id', '=', eventId)
    .where('song_id', '=', songId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Which of these songs the host rejected. */
export async function listRejected(
  db: DbOrTrx,
  eventId: number,
  songIds: readonly string[],
): Promise<Set<string>> {
  if (songIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('rejected_songs')
    .select('song_id')
    .where('event_id', '=', eventId)
    .where('song_id', 'in', [...songIds])
    .execute();
  return new Set(rows.map((row) => row.song_id));
}

/** Rejects the song for the night; false when it already was. */
export async function insertRejected(trx: DbOrTrx, eventId: number, songId: string) {
  const row = await trx
    .insertInto('rejected_songs')
    .values({ event_id: eventId, song_id: songId })
    .onConflict((oc) => oc.columns(['event_id', 'song_id']).doNothing())
    .returning('song_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Takes the song's rejection back; false when it was not rejected. */
export async function deleteRejected(trx: DbOrTrx, eventId: number, songId: string) {
  const row = await trx
    .deleteFrom('rejected_songs')
    .where('event_id', '=', eventId)
    .where('song_id', '=', songId)
    .returning('song_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Sets or clears the song's Later flag; false when it already was so. */
export async function setLater(trx: DbOrTrx, eventId: number, songId: string, later: boolean) {
  const row = await trx
    .updateTable('queue_entries')
    .set({ later })
    .where('event_id', '=', eventId)
    .where('song_id', '=', songId)
    .where('later', '=', !later)
    .returning('song_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Points the event's now-playing at a song, started now, or at nothing. */
export async function setNowPlaying(trx: DbOrTrx, eventId: number, songId: string | null) {
  await trx
    .updateTable('events')
    .set({
      now_playing_song_id: songId,
      now_playing_started_at: songId === null ? null : sql<Date>`now()`,
    })
    .where('id', '=', eventId)
    .execute();
}

/** The event's now-playing song: its entry and when it started, or undefined. */
export async function findNowPlaying(db: DbOrTrx, eventId: number) {
  return db
    .selectFrom('events')
    .innerJoin('queue_entries', (join) =>
      join
        .onRef('queue_entries.event_id', '=', 'events.id')
        .onRef('queue_entries.song_id', '=', 'events.now_playing_song_id'),
    )
    .select(entryColumns)
    .select('events.now_playing_started_at as started_at')
    .where('events.id', '=', eventId)
    .executeTakeFirst();
}

/** Who joined the event, newest first, with their requests in it. */
export async function listAttendees(db: DbOrTrx, eventId: number) {
  return db
    .selectFrom('event_attendees')
    .innerJoin('users', 'users.id', 'event_attendees.user_id')
    .select([
      'event_attendees.user_id',
      'event_attendees.joined_at',
      shownName.as('name'),
      (eb) =>
        eb
          .selectFrom('song_requests')
          .select((inner) => inner.fn.countAll<string>().as('n'))
          .whereRef('song_requests.event_id', '=', 'event_attendees.event_id')
          .whereRef('song_requests.attendee_id', '=', 'event_attendees.user_id')
          .as('request_count'),
    ])
    .where('event_attendees.event_id', '=', eventId)
    .orderBy('event_attendees.joined_at', 'desc')
    .orderBy('event_attendees.user_id', 'desc')
    .execute();
}

/**
 * The first requesters' shown names of some songs (oldest request first, at
 * most `perSong` each), for the big screen when the host shows who asked.
 */
export async function listFirstRequesters(
  db: DbOrTrx,
  eventId: number,
  songIds: readonly string[],
  perSong: number,
): Promise<Array<{ song_id: string; name: string }>> {
  if (songIds.length === 0) return [];
  const result = await sql<{ song_id: string; name: string }>`
    select song_id, name from (
      select r.song_id, ${shownName} as name,
        row_number() over (partition by r.song_id order by r.created_at, r.id) as position
      from song_requests r join users on users.id = r.attendee_id
      where r.event_id = ${eventId} and r.song_id in (${sql.join([...songIds])})
    ) ranked
    where position <= ${perSong}
    order by song_id, position
  `.execute(db);
  return result.rows;
}

/** An event's request figures for its night summary: totals, and requests per time bucket. */
export async function nightFigures(db: DbOrTrx, eventId: number, bucketSeconds: number) {
  const totals = await db
    .selectFrom('song_requests')
    .select((eb) => [
      eb.fn.countAll<string>().as('requests'),
      eb.fn.count<string>('song_requests.attendee_id').distinct().as('requesters'),
      sql<string>`count(distinct song_requests.song_id) filter (where song_requests.status = 1)`.as(
        'played',
      ),
    ])
    .where('song_requests.event_id', '=', eventId)
    .executeTakeFirstOrThrow();
  const buckets = await sql<{ bucket: string; count: string }>`
    select floor(extract(epoch from created_at) / ${bucketSeconds})::bigint as bucket,
      count(*) as count
    from song_requests
    where event_id = ${eventId}
    group by 1
    order by 1
  `.execute(db);
  return {
    requests: Number(totals.requests),
    requesters: Number(totals.requesters),
    played: Number(totals.played),
    buckets: buckets.rows.map((row) => ({ bucket: Number(row.bucket), count: Number(row.count) })),
  };
}

/** The event's most requested songs (the ones asked for first break ties). */
export async function listTopEntries(db: DbOrTrx, eventId: number, limit: number) {
  return db
    .selectFrom('queue_entries')
    .select(entryColumns)
    .where('event_id', '=', eventId)
    .orderBy('request_count', 'desc')
    .orderBy('first_requested_at', 'asc')
    .orderBy('song_id', 'asc')
    .limit(limit)
    .execute();
}

/** A row of the line's read: the event's seq, and one waiting song (all null when none waits). */
export interface LineRow {
  seq: string;
  song_id: string | null;
  song_name: string | null;
  song_artist: string | null;
  album_name: string | null;
  song_image: string | null;
  song_duration: number | null;
  request_count: number | null;
  later: boolean | null;
  first_requested_at: Date | null;
}

/**
 * The event's seq and its first `limit` waiting songs in the queue order
 * (Later ones last, then most requested, then asked for first), without the
 * playing song and the rejected ones: one statement, so the seq is the one
 * the songs were read at. No row for a missing or deleted event; one row of
 * nulls beside the seq when nothing waits. Sorts the event's waiting entries
 * (bounded by the songs requested, not the requests), keeping the first `limit`.
 */
export async function listLine(db: DbOrTrx, eventId: number, limit: number): Promise<LineRow[]> {
  const result = await sql<LineRow>`
    select e.seq, q.song_id, q.song_name, q.song_artist, q.album_name, q.song_image,
      q.song_duration, q.request_count, q.later, q.first_requested_at
    from events e
    left join lateral (
      select q.* from queue_entries q
      where q.event_id = e.id and q.unplayed_count > 0
        and q.song_id is distinct from e.now_playing_song_id
        and not exists (select 1 from rejected_songs r
                        where r.event_id = q.event_id and r.song_id = q.song_id)
      order by q.later, q.request_count desc, q.first_requested_at, q.song_id
      limit ${limit}
    ) q on true
    where e.id = ${eventId} and e.deleted_at is null
  `.execute(db);
  return result.rows;
}
