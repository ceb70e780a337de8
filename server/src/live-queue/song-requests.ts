import {
  REQUEST_MSG,
  isFreeTextSongId,
  type GroupedSongRequest,
  type SendSongRequestData,
  type SongRequest,
} from '@floorfill/shared';
import { conflict, forbidden, notFound, ValidationError } from '../http/errors.ts';
import { isUniqueViolation, type Db } from '../infra/db.ts';
import { createTextScreen } from '../moderation/text-screen.ts';
import { lockAndBump } from './queue-event.repository.ts';
import { rebuildEntries, findEntry } from './queue-entries.repository.ts';
import { shownEntries, songChanges, statsOf, stopIfGone } from './queue-changes.ts';
import type { QueueChange, SongChange } from './queue-pushes.ts';
import { toGroupedSong, toSongRequest } from './queue-shapes.ts';
import { hasEnded, hasRules, ruleRefusal, songRefusal } from './request-rules.ts';
import {
  findRequestKey,
  findRequestRefusal,
  insertRequest,
  keepRequestAnswer,
  lockGuest,
  readRequestRules,
  type InsertedRequest,
  type KeptAnswer,
  type RequestedSong,
  type RequestKey,
} from './send-request.repository.ts';
import { deleteAttendeeRequest, findAttendeeRequest } from './song-requests.repository.ts';
import { NothingChanged, writeError, type WritePath } from './write-path.ts';

const screen = createTextScreen();

/**
 * Whether a song's words (title, artist, album — a guest may have typed or
 * sent any of them) wait for the host before the big screen and other
 * guests see them (issue 29). Decided when its entry is made.
 */
function heldWords(song: RequestedSong): boolean {
  return screen.holds([song.songName, song.songArtist ?? '', song.albumName].join('\n'));
}

/**
 * A guest's song requests: sending one (one statement, committed with its
 * event's others; the careful path under the host's controls; idempotency
 * keys and their kept answers) and cancelling one.
 */

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
function keptAnswerOf(kept: KeptAnswer): RequestAnswer {
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

export function createSongRequests(db: Db, { apply, applyGrouped }: WritePath) {
  /**
   * The answer and the pushes of a request that went in; with a key, the
   * answer is the one the statement kept with it.
   */
  function requestInserted(
    attendeeId: number,
    eventId: number,
    song: RequestedSong,
    message: string | null,
    row: InsertedRequest,
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
    const kept = await findRequestKey(db, attendeeId, keyId);
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
      const kept = await keepRequestAnswer(db, attendeeId, keyId, {
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
  function requestKey(keyId?: string): RequestKey | undefined {
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
      if (!(await lockGuest(trx, eventId, attendeeId))) throw forbidden(REQUEST_MSG.joinFirst);
      const rules = await readRequestRules(trx, eventId, attendeeId, song.songId);
      if (!rules) throw notFound(REQUEST_MSG.eventNotFound);
      const refusedSong = songRefusal(rules, song);
      if (refusedSong) throw new ValidationError({ song_id: [refusedSong] }, refusedSong);
      if (rules.already_requested) {
        throw new NothingChanged(() => repeatAnswer(attendeeId, eventId, song.songId, keyId));
      }
      const refusal = ruleRefusal(rules, song);
      if (refusal) throw new ValidationError({ song_id: [refusal] }, refusal);
      const row = await insertRequest(trx, eventId, attendeeId, song, {
        rulesChecked: true,
        message,
        key: requestKey(keyId),
        held: heldWords(song),
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

  async function ownRequestAnswer(
    attendeeId: number,
    eventId: number,
    songId: string,
  ): Promise<RequestOutcome> {
    const [own, entry] = await Promise.all([
      findAttendeeRequest(db, eventId, attendeeId, songId),
      findEntry(db, eventId, songId),
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
     * One statement when it goes in (see `insertRequest`); the reasons
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
        const event = await findRequestRefusal(db, eventId, attendeeId, song.songId);
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
          const row = await insertRequest(writer, eventId, attendeeId, song, {
            rulesChecked: false,
            message,
            key: requestKey(keyId),
            held: heldWords(song),
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
        const event = await lockAndBump(trx, { eventId }, { requests: -1 });
        if (!event) throw notFound(REQUEST_MSG.eventNotFound);
        if (event.now_playing_song_id === songId) throw conflict(REQUEST_MSG.cannotCancelPlaying);
        if (!(await deleteAttendeeRequest(trx, eventId, attendeeId, songId))) {
          const own = await findAttendeeRequest(trx, eventId, attendeeId, songId);
          throw own ? conflict(REQUEST_MSG.cannotCancelPlayed) : notFound(REQUEST_MSG.notFound);
        }
        const entries = await rebuildEntries(trx, eventId, [songId]);
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
  };
}
