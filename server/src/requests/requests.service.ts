import {
  CATALOG_SONG_ID_PREFIX,
  DEFAULT_ALBUM_NAME,
  DEFAULT_SONG_DURATION,
  MSG,
  REQUEST_MSG,
  type EventStats,
  type GroupedSongRequest,
  type MarkAs,
  type SendSongRequestBody,
  type SongRequest,
} from '@floorfill/shared';
import { groupSongRequests, toSongRequest, type EventsService } from '../events/events.service.ts';
import { conflict, fieldError, forbidden, notFound } from '../http/errors.ts';
import type { DbOrTrx } from '../infra/db.ts';
import type { SongChange } from './request-pushes.ts';
import * as repo from './requests.repository.ts';
import type { NewSongRequest } from './requests.repository.ts';

/**
 * Song request rules. Every write takes the route's transaction, locks the
 * event first (so writes to one event queue up and each sees the one before
 * it), bumps the event's seq only when something changed, and answers what
 * the route pushes after commit.
 */

/** What a committed change pushes: the seq it bumped and the event's counts after it. */
/** A song as a request stores it. */
export type RequestedSong = Omit<NewSongRequest, 'eventId' | 'attendeeId'>;

export interface CommittedChange {
  seq: number;
  stats: EventStats;
}

export interface SendOutcome {
  request: SongRequest;
  grouped: GroupedSongRequest;
  /** Null when the attendee had already requested the song (nothing changed, nothing to push). */
  change: CommittedChange | null;
}

export interface CancelOutcome {
  song: SongChange;
  change: CommittedChange;
}

export interface MarkOutcome {
  song: SongChange;
  /** Null when the mark changed nothing (already played, already unplayed). */
  change: CommittedChange | null;
  eventName: string;
  /** The requests this mark turned to played, for `request:played` to each requester. */
  newlyPlayed: SongRequest[];
}

function hasEnded(event: { end_time: Date }, now = Date.now()): boolean {
  return event.end_time.getTime() <= now;
}

export function isCatalogSongId(songId: string): boolean {
  return songId.startsWith(CATALOG_SONG_ID_PREFIX);
}

export function createRequestsService(events: EventsService) {
  /** The song's entry in the queue now, or null when nobody requests it. */
  async function songChange(db: DbOrTrx, eventId: number, songId: string): Promise<SongChange> {
    const rows = await repo.listSongRequestsOfSong(db, eventId, songId);
    return { songId, grouped: groupSongRequests(rows)[0] ?? null };
  }

  function commitChange(trx: DbOrTrx, eventId: number): Promise<CommittedChange> {
    return events.bumpSeq(trx, eventId);
  }

  /**
   * The song as it will be stored: a built-in catalog song as the catalog
   * has it (the client cannot rename it), any other song as sent, with the
   * spec's defaults.
   */
  async function songOf(db: DbOrTrx, body: SendSongRequestBody): Promise<RequestedSong> {
    if (isCatalogSongId(body.song_id)) {
      const song = await repo.findCatalogSong(db, body.song_id);
      if (!song) throw fieldError('song_id', REQUEST_MSG.unknownSong);
      return {
        songId: song.id,
        songName: song.title,
        songArtist: song.artist,
        albumName: song.album.trim() || DEFAULT_ALBUM_NAME,
        songImage: null,
        songLink: null,
        songDuration: song.duration_seconds || DEFAULT_SONG_DURATION,
      };
    }
    if (!body.song_name) throw fieldError('song_name', MSG.fieldRequired);
    return {
      songId: body.song_id,
      songName: body.song_name,
      songArtist: body.song_artist,
      albumName: body.album_name ?? DEFAULT_ALBUM_NAME,
      songImage: body.song_image ?? null,
      songLink: body.song_link ?? null,
      songDuration: body.song_duration ?? DEFAULT_SONG_DURATION,
    };
  }

  return {
    songChange,

    /** The attendee's own requests in an event, oldest first. */
    async listOwn(db: DbOrTrx, eventId: number, attendeeId: number): Promise<SongRequest[]> {
      return (await repo.listAttendeeRequests(db, eventId, attendeeId)).map(toSongRequest);
    },

    /**
     * The song a send-song-request names, checked before the transaction
     * opens (catalog rows never change under it): 422 for an unknown catalog id.
     */
    resolveSong: songOf,

    /**
     * Adds the attendee's request for a song, once: a repeat answers the
     * request they already have. Refused for a missing or deleted event (404),
     * one the attendee has not joined (403) and one that has ended (409).
     */
    async send(
      trx: DbOrTrx,
      attendeeId: number,
      eventId: number,
      song: RequestedSong,
    ): Promise<SendOutcome> {
      const event = await events.lockLive(trx, eventId, attendeeId);
      if (!event) throw notFound(REQUEST_MSG.eventNotFound);
      if (!event.attending) throw forbidden(REQUEST_MSG.joinFirst);
      if (hasEnded(event)) throw conflict(REQUEST_MSG.eventEnded);

      const id = await repo.insertSongRequest(trx, { ...song, eventId: event.id, attendeeId });
      const change = id === undefined ? null : await commitChange(trx, event.id);
      const rows = await repo.listSongRequestsOfSong(trx, event.id, song.songId);
      const own = rows.find((row) => row.attendee_id === attendeeId);
      const grouped = groupSongRequests(rows)[0];
      if (!own || !grouped) throw new Error('a song request vanished inside its own transaction');
      return { request: toSongRequest(own), grouped, change };
    },

    /** Removes the attendee's own request for a song; someone else's is simply not found. */
    async cancel(
      trx: DbOrTrx,
      attendeeId: number,
      eventId: number,
      songId: string,
    ): Promise<CancelOutcome> {
      const event = await events.lockLive(trx, eventId);
      if (!event) throw notFound(REQUEST_MSG.eventNotFound);
      const deleted = await repo.deleteAttendeeSongRequest(trx, event.id, attendeeId, songId);
      if (!deleted) throw notFound(REQUEST_MSG.notFound);
      const change = await commitChange(trx, event.id);
      return { song: await songChange(trx, event.id, songId), change };
    },

    /**
     * The host marks every request of a song played, unplayed, or deletes
     * them. Someone else's event, a deleted or missing one, and a song nobody
     * requested there all answer 404.
     */
    async mark(
      trx: DbOrTrx,
      hostId: number,
      eventId: number,
      songId: string,
      markAs: MarkAs,
    ): Promise<MarkOutcome> {
      const event = await events.lockLive(trx, eventId);
      if (!event || event.host_id !== hostId) throw notFound(REQUEST_MSG.eventNotFound);
      if (!(await repo.songIsRequested(trx, event.id, songId)))
        throw notFound(REQUEST_MSG.notFound);

      let changed: boolean;
      let newlyPlayed: SongRequest[] = [];
      if (markAs === 'played') {
        const ids = await repo.markSongPlayed(trx, event.id, songId);
        changed = ids.length > 0;
        newlyPlayed = (await repo.listRequestsByIds(trx, event.id, ids)).map(toSongRequest);
      } else if (markAs === 'unplayed') {
        changed = (await repo.markSongUnplayed(trx, event.id, songId)) > 0;
      } else {
        changed = (await repo.deleteSongRequests(trx, event.id, songId)) > 0;
      }
      const change = changed ? await commitChange(trx, event.id) : null;
      return {
        song: await songChange(trx, event.id, songId),
        change,
        eventName: event.name,
        newlyPlayed,
      };
    },

    /**
     * An attendee leaving takes their requests that were not played yet out
     * of the queue; played ones stay as the event's history. Answers the
     * songs whose entries changed. Call inside the leave's transaction.
     */
    async removeUnplayedOf(
      trx: DbOrTrx,
      eventId: number,
      attendeeId: number,
    ): Promise<SongChange[]> {
      const songIds = await repo.deleteUnplayedAttendeeRequests(trx, eventId, attendeeId);
      const changes: SongChange[] = [];
      for (const songId of new Set(songIds)) changes.push(await songChange(trx, eventId, songId));
      return changes;
    },
  };
}

export type RequestsService = ReturnType<typeof createRequestsService>;
