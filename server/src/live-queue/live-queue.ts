import {
  ATTENDANCE_MSG,
  compareQueueEntries,
  isBlockedSong,
  isFreeTextSongId,
  REQUEST_RULE_MSG,
  MSG,
  type EventStats,
  type EventAttendee,
  type EventLine,
  type GroupedSongRequest,
  type MarkAs,
  type NowPlaying,
  REQUEST_MSG,
  type SendSongRequestData,
  type SongRequest,
} from '@floorfill/shared';
import { conflict, forbidden, notFound, unauthorized, ValidationError } from '../http/errors.ts';
import {
  isDatabaseUnavailable,
  isForeignKeyViolation,
  isPoolExhausted,
  isUniqueViolation,
  type Db,
  type DbOrTrx,
} from '../infra/db.ts';
import { readEventLine } from './event-line.ts';
import * as repo from './live-queue.repository.ts';
import type {
  EntryRow,
  ListedEntryRow,
  LockedEvent,
  RequestedSong,
  RequestRow,
} from './live-queue.repository.ts';
import type { QueueChange, QueuePublisher, SongChange } from './queue-pushes.ts';

/**
 * An event's live queue: who joined, the song requests, their grouping by
 * song, the counters, the seq, and the pushes. Every change goes through
 * `apply`, or `applyGrouped` for a request and a join (an event's
 * concurrent ones share a transaction): one transaction that first bumps
 * the event's seq (its row lock queues the event's other writes), makes the
 * change with counters kept in step, and answers what the watchers must
 * hear; after the commit the change is published. A write that turns out
 * to change nothing rolls back, so the seq moves only with a change and
 * every seq has exactly one change.
 */

export { recountEventQueue, type RequestedSong } from './live-queue.repository.ts';

/** What a live event's queue write locked and answers with: its row, seq and counters. */
export type QueueEvent = LockedEvent;

export interface RequestOutcome {
  request: SongRequest;
  grouped: GroupedSongRequest;
  /** False when the attendee had already requested the song (nothing changed). */
  created: boolean;
}

/** What send-song-request answers: its status code, message and data. */
export interface RequestAnswer {
  status: 200 | 201;
  msg: string;
  data: SendSongRequestData;
}

/** The unique constraint a second request with a used idempotency key breaks. */
const REQUEST_KEY_CONSTRAINT = 'song_request_keys_pkey';

/** A request's answer: 201 when it went in, 200 when the attendee already had the song. */
function answerOf(outcome: RequestOutcome): RequestAnswer {
  return {
    status: outcome.created ? 201 : 200,
    msg: outcome.created ? REQUEST_MSG.requested : REQUEST_MSG.alreadyRequested,
    data: {
      song_request: outcome.request,
      grouped_song_request: outcome.grouped,
      created: outcome.created,
    },
  };
}

/**
 * An answer kept with an idempotency key, as it was sent the first time. The
 * entry's `free_text` is not kept with it (a key kept before the flag existed
 * has none): it follows from the song id, so it is added here, the same for
 * every repeat.
 */
function keptAnswerOf(kept: repo.KeptAnswer): RequestAnswer {
  const { msg, data } = kept.answer as { msg: string; data: SendSongRequestData };
  const grouped = data.grouped_song_request;
  return {
    status: kept.status_code,
    msg,
    data: {
      ...data,
      grouped_song_request: { ...grouped, free_text: isFreeTextSongId(grouped.song_id) },
    },
  };
}

export interface JoinOutcome {
  event: QueueEvent;
  joinedAt: Date;
  /** False when the user had already joined (nothing changed). */
  created: boolean;
}

/**
 * Raised inside a write that found nothing to change: the transaction rolls
 * back (undoing its seq bump) and the caller answers from `answer` instead.
 */
class NothingChanged<T> extends Error {
  constructor(readonly answer: () => Promise<T>) {
    super('nothing changed');
  }
}

function hasEnded(event: { end_time: Date }, now = Date.now()): boolean {
  return event.end_time.getTime() <= now;
}

function statsOf(counters: { joined_count: number; request_count: number }): EventStats {
  return { joined: counters.joined_count, requests: counters.request_count };
}

/** A time as the answers write it (ISO, UTC, milliseconds); a listed entry's already is. */
function isoText(time: Date | string): string {
  return typeof time === 'string' ? time : time.toISOString();
}

/** An entry as the contract's grouped song: played only once every request of it is. */
export function toGroupedSong(row: EntryRow | ListedEntryRow): GroupedSongRequest {
  const allPlayed = row.unplayed_count === 0;
  return {
    event_id: row.event_id,
    song_id: row.song_id,
    song_name: row.song_name,
    song_artist: row.song_artist,
    album_name: row.album_name,
    song_image: row.song_image,
    song_link: row.song_link,
    song_duration: row.song_duration,
    status: allPlayed ? 1 : 0,
    request_count: row.request_count,
    first_requested_at: isoText(row.first_requested_at),
    played_at: allPlayed && row.last_played_at ? isoText(row.last_played_at) : null,
    later: row.later,
    dedication_count: row.dedication_count,
    free_text: isFreeTextSongId(row.song_id),
  };
}

/** The now-playing song as the contract shows it. */
function toNowPlaying(row: EntryRow, startedAt: Date): NowPlaying {
  return { ...toGroupedSong(row), started_at: startedAt.toISOString() };
}

export function toSongRequest(row: RequestRow): SongRequest {
  return {
    id: row.id,
    event_id: row.event_id,
    attendee_id: row.attendee_id,
    attendee_name: row.attendee_name,
    song_id: row.song_id,
    song_name: row.song_name,
    song_artist: row.song_artist,
    album_name: row.album_name,
    song_image: row.song_image,
    song_link: row.song_link,
    song_duration: row.song_duration,
    status: row.status,
    message: row.message,
    created_at: row.created_at.toISOString(),
    played_at: row.played_at ? row.played_at.toISOString() : null,
  };
}

/** The entries of some songs after a write, with the songs that left the queue as removals. */
function songChanges(
  songIds: Iterable<string>,
  entries: readonly EntryRow[],
  audience: SongChange['audience'],
): SongChange[] {
  const bySong = new Map(entries.map((entry) => [entry.song_id, toGroupedSong(entry)]));
  return [...new Set(songIds)].map((songId) => ({
    songId,
    grouped: bySong.get(songId) ?? null,
    audience,
  }));
}

export interface LiveQueueDeps {
  db: Db;
  publish: QueuePublisher;
}

/** A boolean an `exists` answered (the driver may give it as 1). */
function isTrue(value: unknown): boolean {
  return value === true || value === 1;
}

/**
 * What refuses a song whatever the other controls: the host rejected it for
 * the night, or it is explicit while the host takes no explicit songs —
 * marked so in this request, or in the queue by an earlier one (a +1 from
 * the queue does not carry the mark).
 */
function songRefusal(
  event: { rejected: unknown; explicit_entry: unknown; allow_explicit: boolean },
  song: RequestedSong,
): string | null {
  if (isTrue(event.rejected)) return REQUEST_RULE_MSG.blocked;
  const explicit = song.explicit || isTrue(event.explicit_entry);
  if (explicit && !event.allow_explicit) return REQUEST_RULE_MSG.explicit;
  return null;
}

/** Request controls that refuse some requests: the careful path checks them. */
interface Rules {
  requests_open: boolean;
  max_open_requests_per_guest: number;
  guest_cooldown_seconds: number;
  song_repeat_minutes: number;
  blocked_terms: string[];
}

function hasRules(event: Rules): boolean {
  return (
    !event.requests_open ||
    event.max_open_requests_per_guest > 0 ||
    event.guest_cooldown_seconds > 0 ||
    event.song_repeat_minutes > 0 ||
    event.blocked_terms.length > 0
  );
}

/**
 * Why the host's controls refuse this request, in words a guest understands,
 * or null: closed, a term the DJ does not take, a song played too recently,
 * too many of the guest's songs waiting, or too soon after their last one.
 */
function ruleRefusal(
  rules: Rules & {
    waiting: string | number | null;
    seconds_since_last: number | null;
    seconds_since_played: number | null;
  },
  song: RequestedSong,
): string | null {
  if (!rules.requests_open) return REQUEST_RULE_MSG.closed;
  if (
    isBlockedSong({ song_name: song.songName, song_artist: song.songArtist }, rules.blocked_terms)
  ) {
    return REQUEST_RULE_MSG.blocked;
  }
  const played = rules.seconds_since_played;
  if (rules.song_repeat_minutes > 0 && played !== null && played < rules.song_repeat_minutes * 60) {
    return REQUEST_RULE_MSG.justPlayed;
  }
  const waiting = Number(rules.waiting ?? 0);
  const cap = rules.max_open_requests_per_guest;
  if (cap > 0 && waiting >= cap) return REQUEST_RULE_MSG.tooMany(waiting);
  const since = rules.seconds_since_last;
  const cooldown = rules.guest_cooldown_seconds;
  if (cooldown > 0 && since !== null && since < cooldown) {
    return REQUEST_RULE_MSG.cooldown(Math.max(1, Math.ceil(cooldown - since)));
  }
  return null;
}

/** A write of the live queue: its result, and the queue changes to publish after the commit. */
type Change<T> = (writer: DbOrTrx) => Promise<{ result: T; changes: QueueChange[] }>;

/** What one write of a group did: committed with its changes, or changed nothing. */
type Outcome<T> =
  { written: { result: T; changes: QueueChange[] } } | { nothing: NothingChanged<T> };

/** A one-statement write waiting in its event's group, with its caller's promise. */
interface GroupMember<T> {
  change: Change<T>;
  resolve(value: T | Promise<T>): void;
  reject(error: unknown): void;
}

/**
 * The most writes one group commit holds: enough that a busy event's writes
 * share a flush, few enough that the group's lock and its answers do not wait
 * long on its last statement.
 */
const MAX_GROUP = 64;

/** Runs one write; a write that changed nothing is an outcome, any other error is thrown. */
async function attempt<T>(change: Change<T>, writer: DbOrTrx): Promise<Outcome<T>> {
  try {
    return { written: await change(writer) };
  } catch (error) {
    if (error instanceof NothingChanged) return { nothing: error as NothingChanged<T> };
    throw error;
  }
}

/** The error a write's caller gets: the account that went while it ran is a 401. */
function writeError(error: unknown): unknown {
  // A guest logging out on another tab deletes the account the write points at.
  return isForeignKeyViolation(error) ? unauthorized(MSG.unauthenticated) : error;
}

export function createLiveQueue({ db, publish }: LiveQueueDeps) {
  /**
   * The one write path for all but the one-statement writes (see
   * `applyGrouped`). `change` makes the change in a transaction it opens and
   * answers its result with the queue changes to publish after the commit;
   * `NothingChanged` rolls back and answers without publishing.
   */
  async function apply<T>(change: Change<T>): Promise<T> {
    try {
      const { result, changes } = await db.transaction().execute(change);
      for (const committed of changes) publish(committed);
      return result;
    } catch (error) {
      if (error instanceof NothingChanged) return (await error.answer()) as T;
      throw writeError(error);
    }
  }

  /**
   * One-statement writes (a song request, a join) waiting for their event's
   * group commit, by event: a key is here while its event has a group
   * committing, and its list holds the writes that arrived meanwhile.
   */
  const waitingGroups = new Map<string, GroupMember<unknown>[]>();

  /**
   * A one-statement write committed with the others of its event (`key`)
   * that arrive while the event's previous group commits: in ONE transaction,
   * so one WAL flush under the event's row lock serves them all. Each write
   * is still its own statement with its own conditions and result, run in
   * arrival order, so seq k+1 counts every write of seq ≤ k, and the pushes
   * go out in that order after the commit, before any answer. A write that
   * changes nothing (`NothingChanged`) writes nothing and leaves its
   * neighbours be; a database error undoes the whole group, whose writes then
   * run one by one, each meeting only its own error. A write arriving while
   * its event commits nothing starts its own group at once. An event's groups
   * never run side by side on a node; other events' are independent, and the
   * row lock orders the groups of several nodes.
   */
  function applyGrouped<T>(key: string, change: Change<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const member: GroupMember<T> = { change, resolve, reject };
      const waiting = waitingGroups.get(key);
      if (waiting) {
        waiting.push(member as GroupMember<unknown>);
        return;
      }
      const started: GroupMember<unknown>[] = [member as GroupMember<unknown>];
      waitingGroups.set(key, started);
      void commitGroups(key, started);
    });
  }

  /** Commits the key's groups, MAX_GROUP writes at most each, until none waits. */
  async function commitGroups(key: string, waiting: GroupMember<unknown>[]): Promise<void> {
    while (waiting.length > 0) await commitGroup(waiting.splice(0, MAX_GROUP));
    waitingGroups.delete(key);
  }

  /** One group: one transaction, or each write alone after a database error. Never throws. */
  async function commitGroup(group: GroupMember<unknown>[]): Promise<void> {
    if (group.length > 1) {
      try {
        const committed = await commitTogether(group);
        if (committed) {
          for (const [member, outcome] of committed) settle(member, outcome);
          return;
        }
      } catch (error) {
        // Unreachable or overloaded: running each alone would only wait again.
        for (const member of group) member.reject(error);
        return;
      }
    }
    for (const member of group) {
      try {
        settle(member, await attempt(member.change, db));
      } catch (error) {
        member.reject(writeError(error));
      }
    }
  }

  /**
   * The group's writes in one transaction, each with its outcome once it
   * committed; undefined when the database refused one of them (nothing of
   * the group was written, and each then runs alone). Throws when the
   * database cannot be reached.
   */
  async function commitTogether(group: GroupMember<unknown>[]) {
    try {
      return await db.transaction().execute(async (trx) => {
        const done: Array<[GroupMember<unknown>, Outcome<unknown>]> = [];
        for (const member of group) done.push([member, await attempt(member.change, trx)]);
        return done;
      });
    } catch (error) {
      if (isDatabaseUnavailable(error) || isPoolExhausted(error)) throw error;
      return undefined;
    }
  }

  /**
   * Publishes a committed write's changes and answers it; a write that
   * changed nothing answers its own way. Never throws.
   */
  function settle<T>(member: GroupMember<T>, outcome: Outcome<T>): void {
    if ('nothing' in outcome) return member.resolve(outcome.nothing.answer());
    try {
      for (const committed of outcome.written.changes) publish(committed);
      member.resolve(outcome.written.result);
    } catch (error) {
      member.reject(error);
    }
  }

  /**
   * The answer and the pushes of a request that went in; with a key, the
   * answer is the one the statement kept with it.
   */
  function requestInserted(
    attendeeId: number,
    eventId: number,
    song: RequestedSong,
    message: string | null,
    row: repo.InsertedRequest,
  ): { result: RequestAnswer; changes: QueueChange[] } {
    const grouped = toGroupedSong(row);
    const request: SongRequest = {
      id: row.id,
      event_id: eventId,
      attendee_id: attendeeId,
      attendee_name: row.attendee_name,
      song_id: song.songId,
      song_name: song.songName,
      song_artist: song.songArtist,
      album_name: song.albumName,
      song_image: song.songImage,
      song_link: song.songLink,
      song_duration: song.songDuration,
      status: 0,
      message,
      created_at: row.created_at.toISOString(),
      played_at: null,
    };
    const stats = { joined: row.joined_count, requests: row.event_request_count };
    // A send moves a count: no other attendee's own request changed. For a song that was
    // already waiting (another of its requests unplayed) nothing but the counts moved.
    const recount = row.unplayed_count > 1;
    const songs: SongChange[] = [{ songId: song.songId, grouped, audience: 'host', recount }];
    const result =
      row.answer === undefined
        ? answerOf({ request, grouped, created: true })
        : keptAnswerOf({ status_code: 201, answer: row.answer });
    return { result, changes: [{ eventId, seq: Number(row.seq), stats, songs }] };
  }

  /** With a key the attendee used before: the answer kept with it. */
  async function keptFor(attendeeId: number, keyId?: string): Promise<RequestAnswer | undefined> {
    if (keyId === undefined) return undefined;
    const kept = await repo.findRequestKey(db, attendeeId, keyId);
    return kept && keptAnswerOf(kept);
  }

  /**
   * A repeat of a song the attendee already has: 200 with their request. A
   * key keeps that answer too (a retry after a cancel must not make a new
   * request), unless a request with it got there first: then that one's.
   */
  async function repeatAnswer(
    attendeeId: number,
    eventId: number,
    songId: string,
    keyId?: string,
  ): Promise<RequestAnswer> {
    const answer = answerOf(await ownRequestAnswer(attendeeId, eventId, songId));
    if (keyId === undefined) return answer;
    try {
      const kept = await repo.keepRequestAnswer(db, attendeeId, keyId, {
        status_code: answer.status,
        answer: { msg: answer.msg, data: answer.data },
      });
      return kept ? keptAnswerOf(kept) : answer;
    } catch (error) {
      // The account went meanwhile, as in `apply`.
      throw writeError(error);
    }
  }

  /** The key and the message its answer keeps, for the insert's statement. */
  function requestKey(keyId?: string): repo.RequestKey | undefined {
    return keyId === undefined ? undefined : { id: keyId, msg: REQUEST_MSG.requested };
  }

  /**
   * A request to an event whose host turned controls on: under the guest's
   * own lock (their requests to this event go one at a time, nobody else's
   * wait), the rules are read afresh and checked, then the request goes in in
   * the same transaction — so a cap of 3 holds against 20 requests at once.
   * A repeat answers the request the guest already has, whatever the rules,
   * unless the song itself is refused (rejected, or explicit while not taken).
   */
  function requestUnderRules(
    attendeeId: number,
    eventId: number,
    song: RequestedSong,
    message: string | null,
    keyId?: string,
  ): Promise<RequestAnswer> {
    return apply(async (trx) => {
      if (!(await repo.lockGuest(trx, eventId, attendeeId))) throw forbidden(REQUEST_MSG.joinFirst);
      const rules = await repo.readRequestRules(trx, eventId, attendeeId, song.songId);
      if (!rules) throw notFound(REQUEST_MSG.eventNotFound);
      const refusedSong = songRefusal(rules, song);
      if (refusedSong) throw new ValidationError({ song_id: [refusedSong] }, refusedSong);
      if (rules.already_requested) {
        throw new NothingChanged(() => repeatAnswer(attendeeId, eventId, song.songId, keyId));
      }
      const refusal = ruleRefusal(rules, song);
      if (refusal) throw new ValidationError({ song_id: [refusal] }, refusal);
      const row = await repo.insertRequest(trx, eventId, attendeeId, song, {
        rulesChecked: true,
        message,
        key: requestKey(keyId),
      });
      // A repeat that raced in, or a key a request that raced in used.
      if (!row) {
        throw new NothingChanged(
          async () =>
            (await keptFor(attendeeId, keyId)) ??
            repeatAnswer(attendeeId, eventId, song.songId, keyId),
        );
      }
      return requestInserted(attendeeId, eventId, song, message, row);
    });
  }

  /** Entries as the host's queue shows them: a rejected song's stays out (a removal). */
  async function shownEntries(
    reader: DbOrTrx,
    eventId: number,
    entries: readonly EntryRow[],
  ): Promise<EntryRow[]> {
    if (entries.length === 0) return [];
    const rejected = await repo.listRejected(
      reader,
      eventId,
      entries.map((entry) => entry.song_id),
    );
    return entries.filter((entry) => !rejected.has(entry.song_id));
  }

  /** The event's now-playing song, or null when nothing plays. */
  async function readNowPlaying(reader: DbOrTrx, eventId: number): Promise<NowPlaying | null> {
    const row = await repo.findNowPlaying(reader, eventId);
    return row?.started_at ? toNowPlaying(row, row.started_at) : null;
  }

  /**
   * After a write took requests away: when the now-playing song lost its
   * last one (its entry is gone), nothing plays any more. Answers the
   * pointer's change for the pushes (undefined: it did not move).
   */
  async function stopIfGone(
    trx: DbOrTrx,
    event: { id: number; now_playing_song_id: string | null },
    songIds: readonly string[],
    entries: readonly EntryRow[],
  ): Promise<null | undefined> {
    const playing = event.now_playing_song_id;
    if (playing === null || !songIds.includes(playing)) return undefined;
    if (entries.some((entry) => entry.song_id === playing)) return undefined;
    await repo.setNowPlaying(trx, event.id, null);
    return null;
  }

  async function ownRequestAnswer(
    attendeeId: number,
    eventId: number,
    songId: string,
  ): Promise<RequestOutcome> {
    const [own, entry] = await Promise.all([
      repo.findAttendeeRequest(db, eventId, attendeeId, songId),
      repo.findEntry(db, eventId, songId),
    ]);
    // Cancelled between the refused insert and this read: the request it repeated is gone.
    if (!own || !entry) throw conflict(REQUEST_MSG.notFound);
    return { request: toSongRequest(own), grouped: toGroupedSong(entry), created: false };
  }

  return {
    /**
     * Adds the attendee's request for a song, once: a repeat answers the
     * request they already have. Refused for a missing or deleted event (404),
     * one the attendee has not joined (403) and one that has ended (409).
     * One statement when it goes in (see `repo.insertRequest`); the reasons
     * for a refusal are read only then. A song the host rejected, or an
     * explicit one while the host takes none, is refused (422), even to a
     * guest who had asked for it before. `message` is the dedication.
     *
     * `keyId` is the client's idempotency key: the first answer with it (a
     * success; refusals are judged again) is kept in the same statement or
     * transaction as the write, and a later request with it — sequential or
     * concurrent, for any song — answers that same answer and writes nothing.
     */
    async request(
      attendeeId: number,
      eventId: number,
      song: RequestedSong,
      message: string | null = null,
      keyId?: string,
    ): Promise<RequestAnswer> {
      const judged = async (): Promise<RequestAnswer> => {
        const event = await repo.findRequestRefusal(db, eventId, attendeeId, song.songId);
        if (!event) throw notFound(REQUEST_MSG.eventNotFound);
        if (!event.attending) throw forbidden(REQUEST_MSG.joinFirst);
        if (hasEnded(event)) throw conflict(REQUEST_MSG.eventEnded);
        // The host's controls are on: the request goes the careful way.
        if (hasRules(event)) return requestUnderRules(attendeeId, eventId, song, message, keyId);
        const refusal = songRefusal(event, song);
        if (refusal) throw new ValidationError({ song_id: [refusal] }, refusal);
        return repeatAnswer(attendeeId, eventId, song.songId, keyId);
      };
      // Nothing went in: a key used before answers first, whatever the event is now.
      const refused = async () => (await keptFor(attendeeId, keyId)) ?? judged();
      try {
        return await applyGrouped(`event:${eventId}`, async (writer) => {
          const row = await repo.insertRequest(writer, eventId, attendeeId, song, {
            rulesChecked: false,
            message,
            key: requestKey(keyId),
          });
          if (!row) throw new NothingChanged(refused);
          return requestInserted(attendeeId, eventId, song, message, row);
        });
      } catch (error) {
        // A request with the same key committed while this one ran: this one was undone whole.
        if (keyId !== undefined && isUniqueViolation(error, REQUEST_KEY_CONSTRAINT)) {
          const kept = await keptFor(attendeeId, keyId);
          if (kept) return kept;
        }
        throw error;
      }
    },

    /**
     * Removes the attendee's own waiting request for a song; someone else's is
     * simply not found. A song that is playing or was played is the host's
     * alone to move: the guest's cancel is refused (409) and changes nothing.
     */
    cancel(
      attendeeId: number,
      eventId: number,
      songId: string,
    ): Promise<GroupedSongRequest | null> {
      return apply(async (trx) => {
        const event = await repo.lockAndBump(trx, { eventId }, { requests: -1 });
        if (!event) throw notFound(REQUEST_MSG.eventNotFound);
        if (event.now_playing_song_id === songId) throw conflict(REQUEST_MSG.cannotCancelPlaying);
        if (!(await repo.deleteAttendeeRequest(trx, eventId, attendeeId, songId))) {
          const own = await repo.findAttendeeRequest(trx, eventId, attendeeId, songId);
          throw own ? conflict(REQUEST_MSG.cannotCancelPlayed) : notFound(REQUEST_MSG.notFound);
        }
        const entries = await repo.rebuildEntries(trx, eventId, [songId]);
        const songs = songChanges([songId], await shownEntries(trx, eventId, entries), 'host');
        const change: QueueChange = {
          eventId,
          seq: Number(event.seq),
          stats: statsOf(event),
          songs,
        };
        const stopped = await stopIfGone(trx, event, [songId], entries);
        if (stopped !== undefined) change.nowPlaying = stopped;
        return { result: songs[0]?.grouped ?? null, changes: [change] };
      });
    },

    /**
     * The host's marks on a song of their event (see MARK_AS in shared):
     * played / unplayed / delete (spec §4) and the booth's playing, later,
     * reject and restore, each one transaction and one seq. Someone else's
     * event, a deleted or missing one, a song nobody requested there and a
     * rejected song (for anything but restore, reject and delete) all answer
     * 404. A mark that changes nothing answers the entry as it is. Answers
     * the song's entry after the mark, or null when it left the queue
     * (deleted, rejected).
     */
    mark(
      hostId: number,
      eventId: number,
      songId: string,
      markAs: MarkAs,
    ): Promise<GroupedSongRequest | null> {
      const unchanged = async () => {
        if (markAs === 'reject') return null;
        const entry = await repo.findEntry(db, eventId, songId);
        if (!entry) throw notFound(REQUEST_MSG.notFound);
        return toGroupedSong(entry);
      };
      return apply(async (trx) => {
        const event = await repo.lockAndBump(trx, { eventId });
        if (!event || event.host_id !== hostId) throw notFound(REQUEST_MSG.eventNotFound);
        const entry = await repo.findEntry(trx, eventId, songId);
        const rejected = await repo.isRejected(trx, eventId, songId);
        const needsQueuedSong = markAs !== 'restore' && markAs !== 'delete';
        if (needsQueuedSong && (!entry || (rejected && markAs !== 'reject'))) {
          throw notFound(REQUEST_MSG.notFound);
        }
        // Every mark but restore stops the song when it was playing (playing X again is no change).
        const wasPlaying = event.now_playing_song_id === songId && markAs !== 'restore';
        /** Songs whose entry this mark changed (the room hears each). */
        const touched = new Set<string>([songId]);
        let played: RequestRow[] = [];
        let counters: { joined_count: number; request_count: number } = event;
        /** What plays after the mark: a song id, null for nothing, undefined when it did not move. */
        let pointer: string | null | undefined = wasPlaying ? null : undefined;
        let changed = wasPlaying;
        let rejectedBy: number[] | undefined;
        switch (markAs) {
          case 'playing': {
            if (wasPlaying) {
              changed = false;
              pointer = undefined;
              break;
            }
            const previous = event.now_playing_song_id;
            if (previous !== null) {
              played = await repo.markPlayed(trx, eventId, previous);
              touched.add(previous);
            }
            await repo.markUnplayed(trx, eventId, songId);
            // Playing a song put off with Later ends its Later; every other Later stays.
            await repo.setLater(trx, eventId, songId, false);
            pointer = songId;
            changed = true;
            break;
          }
          case 'played':
            played = await repo.markPlayed(trx, eventId, songId);
            changed ||= played.length > 0;
            break;
          case 'unplayed':
            changed = (await repo.markUnplayed(trx, eventId, songId)) > 0 || changed;
            break;
          case 'later':
            changed = (await repo.setLater(trx, eventId, songId, true)) || changed;
            break;
          case 'reject': {
            if (!(await repo.insertRejected(trx, eventId, songId))) break;
            changed = true;
            const requests = await repo.listRequestsOfSong(trx, eventId, songId);
            rejectedBy = requests.map((request) => request.attendee_id);
            break;
          }
          case 'restore': {
            const unrejected = await repo.deleteRejected(trx, eventId, songId);
            const unlater = entry ? await repo.setLater(trx, eventId, songId, false) : false;
            changed = unrejected || unlater;
            if (!changed && !entry) throw notFound(REQUEST_MSG.notFound);
            break;
          }
          case 'delete': {
            const removed = await repo.deleteSong(trx, eventId, songId);
            if (removed === 0) {
              if (!entry) throw notFound(REQUEST_MSG.notFound);
              break;
            }
            changed = true;
            counters = await repo.moveCounters(trx, eventId, { requests: -removed });
            break;
          }
        }
        if (!changed) throw new NothingChanged(unchanged);
        if (pointer !== undefined) await repo.setNowPlaying(trx, eventId, pointer);
        const entries =
          markAs === 'delete' ? [] : await repo.rebuildEntries(trx, eventId, [...touched]);
        // A rejected song leaves every screen's queue as if deleted.
        const shown = await shownEntries(trx, eventId, entries);
        // Every requester's own request changed: attendees' pages show its status.
        const songs = songChanges(touched, shown, 'room');
        const change: QueueChange = {
          eventId,
          seq: Number(event.seq),
          stats: statsOf(counters),
          songs,
        };
        if (played.length > 0) {
          change.played = { eventName: event.name, requests: played.map(toSongRequest) };
        }
        if (pointer !== undefined) change.nowPlaying = await readNowPlaying(trx, eventId);
        if (rejectedBy && entry) {
          change.rejected = {
            songId,
            songName: entry.song_name,
            eventName: event.name,
            attendeeIds: rejectedBy,
          };
        }
        const result = shown.find((row) => row.song_id === songId);
        return { result: result ? toGroupedSong(result) : null, changes: [change] };
      });
    },

    /**
     * Joins the live event holding the code (trimmed, any case). Joining
     * again changes nothing and answers the same. Ended events can be joined:
     * their page, host card and rating stay useful; requests are refused there.
     */
    join(userId: number, code: string): Promise<JoinOutcome> {
      const target = { code: code.trim() };
      const already = async (): Promise<JoinOutcome> => {
        const event = await repo.findLiveEvent(db, target);
        const attendance = event && (await repo.findAttendance(db, event.id, userId));
        if (!event || !attendance) throw notFound(ATTENDANCE_MSG.noEventForCode);
        return { event, joinedAt: attendance.joined_at, created: false };
      };
      return applyGrouped(`code:${target.code.toUpperCase()}`, async (writer) => {
        const added = await repo.insertAttendanceByCode(writer, target.code, userId);
        if (!added) throw new NothingChanged(already);
        const { joined_at: joinedAt, attendee_name: attendeeName, ...event } = added;
        return {
          result: { event, joinedAt, created: true },
          changes: [
            {
              eventId: event.id,
              seq: Number(event.seq),
              stats: statsOf(event),
              songs: [],
              joined: { attendeeId: userId, attendeeName },
            },
          ],
        };
      });
    },

    /**
     * Leaves a live event (by id or code). Leaving an event one had not
     * joined changes nothing. The attendee's unplayed requests leave the
     * queue with them; played ones stay as the event's history. Answers the
     * event's id and whether the user left.
     */
    leave(
      userId: number,
      target: { eventId: number } | { code: string },
    ): Promise<{ eventId: number; left: boolean }> {
      const missing =
        'code' in target ? ATTENDANCE_MSG.noEventForCode : ATTENDANCE_MSG.eventNotFound;
      const notJoined = async () => {
        const event = await repo.findLiveEvent(db, target);
        if (!event) throw notFound(missing);
        return { eventId: event.id, left: false };
      };
      return apply(async (trx) => {
        const event = await repo.lockAndBump(trx, target, { joined: -1 });
        if (!event) throw notFound(missing);
        if (!(await repo.deleteAttendance(trx, event.id, userId)))
          throw new NothingChanged(notJoined);
        // The song playing keeps the leaver's request: only the host's marks move it.
        const songIds = await repo.deleteRequestsOf(trx, event.id, userId, {
          waitingOnly: true,
          keep: event.now_playing_song_id,
        });
        const counters =
          songIds.length > 0
            ? await repo.moveCounters(trx, event.id, { requests: -songIds.length })
            : event;
        const entries = await repo.rebuildEntries(trx, event.id, songIds);
        const change: QueueChange = {
          eventId: event.id,
          seq: Number(event.seq),
          stats: statsOf(counters),
          songs: songChanges(songIds, await shownEntries(trx, event.id, entries), 'host'),
          left: { attendeeId: userId },
        };
        const stopped = await stopIfGone(trx, event, songIds, entries);
        if (stopped !== undefined) change.nowPlaying = stopped;
        return { result: { eventId: event.id, left: true }, changes: [change] };
      });
    },

    /**
     * A guest leaving for good (its logout deletes the account): every request
     * it made and every attendance leave their events' queues, in the caller's
     * transaction, events locked lowest id first. Answers the changes to
     * publish with `publishAll` once the caller committed.
     */
    async departEverywhere(trx: DbOrTrx, userId: number): Promise<QueueChange[]> {
      const changes: QueueChange[] = [];
      for (const eventId of await repo.listEventsTouchedBy(trx, userId)) {
        const event = await repo.lockAndBump(trx, { eventId });
        // A deleted event keeps no queue and nobody watches its room.
        if (!event) continue;
        const wasAttending = await repo.deleteAttendance(trx, eventId, userId);
        const songIds = await repo.deleteRequestsOf(trx, eventId, userId, { waitingOnly: false });
        const counters = await repo.moveCounters(trx, eventId, {
          joined: wasAttending ? -1 : 0,
          requests: -songIds.length,
        });
        const entries = await repo.rebuildEntries(trx, eventId, songIds);
        const change: QueueChange = {
          eventId,
          seq: Number(event.seq),
          stats: statsOf(counters),
          songs: songChanges(songIds, await shownEntries(trx, eventId, entries), 'host'),
        };
        const stopped = await stopIfGone(trx, event, songIds, entries);
        if (stopped !== undefined) change.nowPlaying = stopped;
        // The host hears every seq: a guest who only joined still leaves.
        if (wasAttending) change.left = { attendeeId: userId };
        changes.push(change);
      }
      return changes;
    },

    publishAll(changes: readonly QueueChange[]): void {
      for (const change of changes) publish(change);
    },

    /**
     * Empties a deleted event's queue in the caller's transaction (the caller
     * holds the event's lock and pushes `event:deleted` itself).
     */
    clear(trx: DbOrTrx, eventId: number): Promise<void> {
      return repo.deleteEventQueue(trx, eventId);
    },

    /** The first requesters' shown names of some songs, oldest first, at most `perSong` each. */
    firstRequesters(reader: DbOrTrx, eventId: number, songIds: readonly string[], perSong: number) {
      return repo.listFirstRequesters(reader, eventId, songIds, perSong);
    },

    /** The event's now-playing song, or null when nothing plays. */
    nowPlaying(reader: DbOrTrx, eventId: number): Promise<NowPlaying | null> {
      return readNowPlaying(reader, eventId);
    },

    /** The room's view of the waiting songs (`EventLine`); null for a missing or deleted event. */
    line(reader: DbOrTrx, eventId: number): Promise<EventLine | null> {
      return readEventLine(reader, eventId);
    },

    /** Who joined the host's event, newest first; 404 for someone else's event, a deleted or missing one. */
    async attendees(reader: DbOrTrx, hostId: number, eventId: number): Promise<EventAttendee[]> {
      const event = await repo.findLiveEvent(reader, { eventId });
      if (!event || event.host_id !== hostId) throw notFound(REQUEST_MSG.eventNotFound);
      const rows = await repo.listAttendees(reader, eventId);
      return rows.map((row) => ({
        attendee_id: row.user_id,
        name: row.name,
        joined_at: row.joined_at.toISOString(),
        request_count: Number(row.request_count ?? 0),
      }));
    },

    /**
     * The request side of the host's night summary: songs played, requests,
     * unique requesters, requests per bucket (empty ones filled in, from the
     * first request's bucket to the last one's) with the busiest, and the
     * most requested songs; 404 for someone else's event, a deleted or
     * missing one.
     */
    async nightFigures(
      reader: DbOrTrx,
      hostId: number,
      eventId: number,
      { bucketMinutes, top }: { bucketMinutes: number; top: number },
    ) {
      const event = await repo.findLiveEvent(reader, { eventId });
      if (!event || event.host_id !== hostId) throw notFound(REQUEST_MSG.eventNotFound);
      const bucketSeconds = bucketMinutes * 60;
      const [figures, topRows] = await Promise.all([
        repo.nightFigures(reader, eventId, bucketSeconds),
        repo.listTopEntries(reader, eventId, top),
      ]);
      const counts = new Map(figures.buckets.map((row) => [row.bucket, row.count]));
      const first = figures.buckets[0]?.bucket;
      const last = figures.buckets[figures.buckets.length - 1]?.bucket;
      const perBucket: Array<{ start: string; count: number }> = [];
      if (first !== undefined && last !== undefined) {
        for (let bucket = first; bucket <= last; bucket += 1) {
          const start = new Date(bucket * bucketSeconds * 1000).toISOString();
          perBucket.push({ start, count: counts.get(bucket) ?? 0 });
        }
      }
      const peak = perBucket.reduce<{ start: string; count: number } | null>(
        (best, bucket) => (best === null || bucket.count > best.count ? bucket : best),
        null,
      );
      return {
        songs_played: figures.played,
        requests_received: figures.requests,
        unique_requesters: figures.requesters,
        per_bucket: perBucket,
        peak,
        top_requested: topRows.map((row) => ({
          song_id: row.song_id,
          song_name: row.song_name,
          song_artist: row.song_artist,
          song_image: row.song_image,
          request_count: row.request_count,
        })),
      };
    },

    /** The event's grouped queue in the shared order (never a rejected song). */
    async groupedQueue(reader: DbOrTrx, eventId: number): Promise<GroupedSongRequest[]> {
      return (await repo.listEntries(reader, eventId)).map(toGroupedSong).sort(compareQueueEntries);
    },

    /** Every request of the event, oldest first. */
    async allRequests(reader: DbOrTrx, eventId: number): Promise<SongRequest[]> {
      return (await repo.listRequests(reader, eventId)).map(toSongRequest);
    },

    /**
     * Who asked for one song of the host's event, oldest first; 404 for
     * someone else's event, a deleted or missing one, and a song nobody requested.
     */
    async requestersOf(
      reader: DbOrTrx,
      hostId: number,
      eventId: number,
      songId: string,
    ): Promise<SongRequest[]> {
      const event = await repo.findLiveEvent(reader, { eventId });
      if (!event || event.host_id !== hostId) throw notFound(REQUEST_MSG.eventNotFound);
      const rows = await repo.listRequestsOfSong(reader, eventId, songId);
      if (rows.length === 0) throw notFound(REQUEST_MSG.notFound);
      return rows.map(toSongRequest);
    },

    /**
     * The host's set list: every played song in the order it was (last)
     * played, with its requests; 404 for someone else's event, a deleted or
     * missing one.
     */
    async setList(reader: DbOrTrx, hostId: number, eventId: number) {
      const event = await repo.findLiveEvent(reader, { eventId });
      if (!event || event.host_id !== hostId) throw notFound(REQUEST_MSG.eventNotFound);
      const played = await repo.listPlayedEntries(reader, eventId);
      return {
        event: { name: event.name, code: event.code, timezone: event.timezone },
        songs: played.map((entry) => ({
          song: toGroupedSong(entry),
          playedAt: entry.last_played_at as Date,
        })),
      };
    },

    /** When the user joined the event, or undefined when they have not. */
    attendanceOf(reader: DbOrTrx, eventId: number, userId: number) {
      return repo.findAttendance(reader, eventId, userId);
    },

    /**
     * The attendee's own requests in an event, oldest first: those in the
     * queue, and those for songs the host rejected (which the queue leaves out).
     */
    async ownRequests(
      reader: DbOrTrx,
      eventId: number,
      attendeeId: number,
    ): Promise<{ requests: SongRequest[]; rejected: SongRequest[] }> {
      const rows = await repo.listAttendeeRequests(reader, eventId, attendeeId);
      return {
        requests: rows.filter((row) => !row.rejected).map(toSongRequest),
        rejected: rows.filter((row) => row.rejected).map(toSongRequest),
      };
    },
  };
}

export type LiveQueue = ReturnType<typeof createLiveQueue>;
