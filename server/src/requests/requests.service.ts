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
import type { SongRequestRow } from '../events/events.repository.ts';
import { groupSongRequests, toSongRequest, type EventsService } from '../events/events.service.ts';
import { conflict, fieldError, forbidden, notFound } from '../http/errors.ts';
import type { DbOrTrx } from '../infra/db.ts';
import type { QueueChange, SongChange, SongChangeAudience } from './request-pushes.ts';
import * as repo from './requests.repository.ts';
import type { NewSongRequest } from './requests.repository.ts';

/**
 * Song request rules. Every write checks the event without a lock, makes its
 * change, and only then bumps the event's seq: that takes the event's row
 * lock, so writes to one event queue up for as short a time as possible, and
 * what the write reads after the bump (the song's entry, the counts) includes
 * every write that bumped before it. The seq is bumped only when something
 * changed; the route pushes the outcome after commit.
 */

/** A song as a request stores it. */
export type RequestedSong = Omit<NewSongRequest, 'eventId' | 'attendeeId'>;

/** What a committed change pushes: the seq it bumped and the event's counts after it. */
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

/**
 * Events a user's departure touched, by id, each with the songs its removed
 * requests were for (none when the user had only joined it).
 */
export type RemovedRequests = Map<number, Set<string>>;

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

/** The song's entry from its rows (null when none are left), for the change's audience. */
function entryOf(
  songId: string,
  rows: readonly SongRequestRow[],
  audience: SongChangeAudience,
): SongChange {
  return { songId, grouped: groupSongRequests(rows)[0] ?? null, audience };
}

export function createRequestsService(events: EventsService) {
  /**
   * The song's entry in the queue now, or null when nobody requests it, after
   * an attendee's requests left it: only its count moved, so only the host hears it.
   */
  async function songChange(db: DbOrTrx, eventId: number, songId: string): Promise<SongChange> {
    const rows = await repo.listSongRequestsOfSong(db, eventId, songId);
    return entryOf(songId, rows, 'host');
  }

  /** Bumps the seq after a change; 404 (and so a rollback) when the event was deleted meanwhile. */
  async function bump(trx: DbOrTrx, eventId: number): Promise<number> {
    const seq = await events.bumpSeq(trx, eventId);
    if (seq === null) throw notFound(REQUEST_MSG.eventNotFound);
    return seq;
  }

  /** Bumps the seq, then reads the song's rows and the counts as of that seq. */
  async function commitSongChange(trx: DbOrTrx, eventId: number, songId: string) {
    const seq = await bump(trx, eventId);
    const { rows, stats } = await repo.readSongAndStats(trx, eventId, songId);
    return { seq, stats, rows };
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

    /**
     * The song a send-song-request names, checked before the transaction
     * opens (catalog rows never change under it): 422 for an unknown catalog id.
     */
    resolveSong: songOf,

    /** The attendee's own requests in an event, oldest first. */
    async listOwn(db: DbOrTrx, eventId: number, attendeeId: number): Promise<SongRequest[]> {
      return (await repo.listAttendeeRequests(db, eventId, attendeeId)).map(toSongRequest);
    },

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
      const event = await events.liveFacts(trx, eventId, attendeeId);
      if (!event) throw notFound(REQUEST_MSG.eventNotFound);
      if (!event.attending) throw forbidden(REQUEST_MSG.joinFirst);
      if (hasEnded(event)) throw conflict(REQUEST_MSG.eventEnded);

      const id = await repo.insertSongRequest(trx, { ...song, eventId, attendeeId });
      let change: CommittedChange | null = null;
      let rows: SongRequestRow[];
      if (id === undefined) {
        rows = await repo.listSongRequestsOfSong(trx, eventId, song.songId);
      } else {
        const committed = await commitSongChange(trx, eventId, song.songId);
        change = { seq: committed.seq, stats: committed.stats };
        rows = committed.rows;
      }
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
      const event = await events.liveFacts(trx, eventId);
      if (!event) throw notFound(REQUEST_MSG.eventNotFound);
      const deleted = await repo.deleteAttendeeSongRequest(trx, eventId, attendeeId, songId);
      if (!deleted) throw notFound(REQUEST_MSG.notFound);
      const { seq, stats, rows } = await commitSongChange(trx, eventId, songId);
      // Only the count moved (or the song left with its last requester): nobody else's request changed.
      return { song: entryOf(songId, rows, 'host'), change: { seq, stats } };
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
      const event = await events.liveFacts(trx, eventId);
      if (!event || event.host_id !== hostId) throw notFound(REQUEST_MSG.eventNotFound);
      if (!(await repo.songIsRequested(trx, eventId, songId))) throw notFound(REQUEST_MSG.notFound);

      let changed: boolean;
      let newlyPlayed: SongRequest[] = [];
      if (markAs === 'played') {
        const ids = await repo.markSongPlayed(trx, eventId, songId);
        changed = ids.length > 0;
        newlyPlayed = (await repo.listRequestsByIds(trx, eventId, ids)).map(toSongRequest);
      } else if (markAs === 'unplayed') {
        changed = (await repo.markSongUnplayed(trx, eventId, songId)) > 0;
      } else {
        changed = (await repo.deleteSongRequests(trx, eventId, songId)) > 0;
      }
      if (!changed) {
        const rows = await repo.listSongRequestsOfSong(trx, eventId, songId);
        return {
          song: entryOf(songId, rows, 'room'),
          change: null,
          eventName: event.name,
          newlyPlayed,
        };
      }
      const { seq, stats, rows } = await commitSongChange(trx, eventId, songId);
      // Every requester's own request changed: attendees' pages show its status.
      return {
        song: entryOf(songId, rows, 'room'),
        change: { seq, stats },
        eventName: event.name,
        newlyPlayed,
      };
    },

    /**
     * An attendee leaving takes their requests that were not played yet out
     * of the queue; played ones stay as the event's history. Deletes them
     * (call inside the leave's transaction, before its seq bump); read the
     * songs' entries with `songChange` after the bump.
     */
    removeUnplayedOf(trx: DbOrTrx, eventId: number, attendeeId: number): Promise<string[]> {
      return repo.deleteUnplayedAttendeeRequests(trx, eventId, attendeeId);
    },

    /**
     * Takes every request of a user out of every event, played or not (a
     * guest's logout, before its account goes). Call `commitRemovedRequests`
     * after the write's other changes (the guest's attendances go by cascade):
     * the counts it pushes must include them.
     */
    async removeAllRequestsOf(trx: DbOrTrx, userId: number): Promise<RemovedRequests> {
      const removed: RemovedRequests = new Map();
      for (const row of await repo.deleteAllAttendeeRequests(trx, userId)) {
        const songs = removed.get(row.event_id) ?? new Set<string>();
        songs.add(row.song_id);
        removed.set(row.event_id, songs);
      }
      return removed;
    },

    /**
     * Bumps the seq of each event the removed requests were in, lowest id
     * first (two such writes lock the events in the same order, so they
     * cannot deadlock), and reads its songs' entries and counts as of that seq.
     * An event deleted meanwhile is skipped: nobody watches its room any more.
     */
    async commitRemovedRequests(trx: DbOrTrx, removed: RemovedRequests): Promise<QueueChange[]> {
      const changes: QueueChange[] = [];
      const eventIds = [...removed.keys()].sort((a, b) => a - b);
      for (const eventId of eventIds) {
        const seq = await events.bumpSeq(trx, eventId);
        if (seq === null) continue;
        const songs: SongChange[] = [];
        for (const songId of removed.get(eventId) ?? []) {
          songs.push(await songChange(trx, eventId, songId));
        }
        changes.push({ eventId, seq, stats: await repo.countEventActivity(trx, eventId), songs });
      }
      return changes;
    },

    /** The event's counts now (read after a seq bump, they are the counts as of it). */
    stats(db: DbOrTrx, eventId: number): Promise<EventStats> {
      return repo.countEventActivity(db, eventId);
    },
  };
}

export type RequestsService = ReturnType<typeof createRequestsService>;
