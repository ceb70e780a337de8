import { sql, type ExpressionBuilder } from 'kysely';
import { joinedBy, settingsColumns } from '../events/events.repository.ts';
import type { Database } from '../infra/database-types.ts';
import type { DbOrTrx } from '../infra/db.ts';
import { PREPARED } from '../infra/prepared-statements.ts';
import { entryColumns, isoTime, shownName, type EntryRow } from './queue-columns.ts';

/**
 * The SQL of sending a song request: the one statement that writes it (with
 * its idempotency key), the keys' kept answers, and the reads of the careful
 * path and of a refusal.
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
    held,
  }: {
    rulesChecked: boolean;
    message: string | null;
    key?: RequestKey | undefined;
    /** A new entry's words wait for the host (an existing entry keeps its own). */
    held: boolean;
  },
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
        album_name, song_image, song_link, song_duration, message, explicit, turn, created_at)
      select ${eventId}, ${attendeeId}, ${song.songId}, ${song.songName}, ${song.songArtist},
        ${song.albumName}, ${song.songImage}, ${song.songLink}, ${song.songDuration}, ${message},
        ${song.explicit},
        (select count(*) + 1 from song_requests mine
         where mine.event_id = ${eventId} and mine.attendee_id = ${attendeeId}),
        clock_timestamp()
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
      returning ${key ? sql`*` : sql`id, created_at, turn`}
    ), bumped as (
      update events set seq = seq + 1, request_count = request_count + 1
      from inserted
      where events.id = ${eventId}
      returning events.seq, events.joined_count, events.request_count as event_request_count,
        inserted.id, inserted.created_at, inserted.turn
    ), entry as (
      insert into queue_entries (event_id, song_id, song_name, song_artist, album_name,
        song_image, song_link, song_duration, request_count, unplayed_count, first_requested_at,
        dedication_count, explicit, turn, held)
      select ${eventId}, ${song.songId}, ${song.songName}, ${song.songArtist}, ${song.albumName},
        ${song.songImage}, ${song.songLink}, ${song.songDuration}, 1, 1, bumped.created_at,
        ${message === null ? 0 : 1}, ${song.explicit}, bumped.turn, ${held}
      from bumped
      on conflict (event_id, song_id) do update set
        request_count = queue_entries.request_count + 1,
        unplayed_count = queue_entries.unplayed_count + 1,
        dedication_count = queue_entries.dedication_count + excluded.dedication_count,
        first_requested_at = least(queue_entries.first_requested_at, excluded.first_requested_at),
        explicit = queue_entries.explicit or excluded.explicit,
        -- The best turn among the waiting requests: a played song's start again with this one.
        turn = case when queue_entries.unplayed_count = 0 then excluded.turn
                    else least(queue_entries.turn, excluded.turn) end
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
            'later', entry.later, 'dedication_count', entry.dedication_count,
            'turn', entry.turn, 'held', entry.held, 'boost_cents', entry.boost_cents),
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
