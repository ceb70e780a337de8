import {
  REQUEST_MSG,
  isUnrequestedSongId,
  type GroupedSongRequest,
  type MarkAs,
  type NowPlaying,
} from '@floorfill/shared';
import { notFound } from '../http/errors.ts';
import type { Db } from '../infra/db.ts';
import { findEntry, rebuildEntries, setEntryFlag } from './queue-entries.repository.ts';
import {
  lockAndBump,
  moveCounters,
  setNowPlaying,
  type UnrequestedTrack,
} from './queue-event.repository.ts';
import { shownEntries, songChanges, statsOf } from './queue-changes.ts';
import type { QueueChange } from './queue-pushes.ts';
import { readNowPlaying } from './queue-reads.ts';
import { toGroupedSong, toSongRequest } from './queue-shapes.ts';
import { deleteRejected, insertRejected, isRejected } from './rejected-songs.repository.ts';
import {
  deleteSong,
  listRequestsOfSong,
  markPlayed,
  markUnplayed,
  type RequestRow,
} from './song-requests.repository.ts';
import { NothingChanged, type WritePath } from './write-path.ts';

/** The host's marks on a song of their event: the booth's buttons and the dashboard's. */
export function createHostMarks(db: Db, { apply }: WritePath) {
  /**
   * A track nobody requested that plays now takes one mark, played: nothing
   * plays any more. It is in no queue, so any other mark, or one for a track
   * that no longer plays, answers 404.
   */
  function endUnrequested(hostId: number, eventId: number, songId: string, markAs: MarkAs) {
    return apply(async (trx) => {
      const event = await lockAndBump(trx, { eventId });
      if (!event || event.host_id !== hostId) throw notFound(REQUEST_MSG.eventNotFound);
      const playing = await readNowPlaying(trx, eventId);
      if (markAs !== 'played' || playing?.song_id !== songId) throw notFound(REQUEST_MSG.notFound);
      await setNowPlaying(trx, eventId, null);
      const change: QueueChange = {
        eventId,
        seq: Number(event.seq),
        stats: statsOf(event),
        songs: [],
        nowPlaying: null,
      };
      return { result: null, changes: [change] };
    });
  }

  return {
    /**
     * The decks play a track nobody requested (issue 28): it plays now, and
     * the song that was playing has played, as when the DJ plays the next
     * song in the booth. Answers the track as the event's now playing.
     */
    playUnrequested(hostId: number, eventId: number, track: UnrequestedTrack): Promise<NowPlaying> {
      return apply(async (trx) => {
        const event = await lockAndBump(trx, { eventId });
        if (!event || event.host_id !== hostId) throw notFound(REQUEST_MSG.eventNotFound);
        const previous = event.now_playing_song_id;
        const played = previous === null ? [] : await markPlayed(trx, eventId, previous);
        await setNowPlaying(trx, eventId, track);
        const touched = previous === null ? [] : [previous];
        const entries = touched.length > 0 ? await rebuildEntries(trx, eventId, touched) : [];
        const shown = await shownEntries(trx, eventId, entries);
        const nowPlaying = await readNowPlaying(trx, eventId);
        if (!nowPlaying) throw new Error('the track just set as now playing was not read back');
        const change: QueueChange = {
          eventId,
          seq: Number(event.seq),
          stats: statsOf(event),
          songs: songChanges(touched, shown, 'room'),
          nowPlaying,
        };
        if (played.length > 0) {
          change.played = { eventName: event.name, requests: played.map(toSongRequest) };
        }
        return { result: nowPlaying, changes: [change] };
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
        const entry = await findEntry(db, eventId, songId);
        if (!entry) throw notFound(REQUEST_MSG.notFound);
        return toGroupedSong(entry);
      };
      if (isUnrequestedSongId(songId)) {
        return endUnrequested(hostId, eventId, songId, markAs);
      }
      return apply(async (trx) => {
        const event = await lockAndBump(trx, { eventId });
        if (!event || event.host_id !== hostId) throw notFound(REQUEST_MSG.eventNotFound);
        const entry = await findEntry(trx, eventId, songId);
        const rejected = await isRejected(trx, eventId, songId);
        const needsQueuedSong = markAs !== 'restore' && markAs !== 'delete';
        if (needsQueuedSong && (!entry || (rejected && markAs !== 'reject'))) {
          throw notFound(REQUEST_MSG.notFound);
        }
        // Every mark but restore and allow stops the song when it was playing (playing X again is no change).
        const wasPlaying =
          event.now_playing_song_id === songId && markAs !== 'restore' && markAs !== 'allow';
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
              played = await markPlayed(trx, eventId, previous);
              touched.add(previous);
            }
            await markUnplayed(trx, eventId, songId);
            // Playing a song put off with Later ends its Later; every other Later stays.
            await setEntryFlag(trx, eventId, songId, 'later', false);
            pointer = songId;
            changed = true;
            break;
          }
          case 'played':
            played = await markPlayed(trx, eventId, songId);
            changed ||= played.length > 0;
            break;
          case 'unplayed':
            changed = (await markUnplayed(trx, eventId, songId)) > 0 || changed;
            break;
          case 'later':
            changed = (await setEntryFlag(trx, eventId, songId, 'later', true)) || changed;
            break;
          case 'reject': {
            if (!(await insertRejected(trx, eventId, songId))) break;
            changed = true;
            const requests = await listRequestsOfSong(trx, eventId, songId);
            rejectedBy = requests.map((request) => request.attendee_id);
            break;
          }
          case 'allow':
            // The host read the words: the room may see them.
            changed = (await setEntryFlag(trx, eventId, songId, 'held', false)) || changed;
            break;
          case 'restore': {
            const unrejected = await deleteRejected(trx, eventId, songId);
            const unlater = entry
              ? await setEntryFlag(trx, eventId, songId, 'later', false)
              : false;
            changed = unrejected || unlater;
            if (!changed && !entry) throw notFound(REQUEST_MSG.notFound);
            break;
          }
          case 'delete': {
            const removed = await deleteSong(trx, eventId, songId);
            if (removed === 0) {
              if (!entry) throw notFound(REQUEST_MSG.notFound);
              break;
            }
            changed = true;
            counters = await moveCounters(trx, eventId, { requests: -removed });
            break;
          }
        }
        if (!changed) throw new NothingChanged(unchanged);
        if (pointer !== undefined) await setNowPlaying(trx, eventId, pointer);
        const entries = markAs === 'delete' ? [] : await rebuildEntries(trx, eventId, [...touched]);
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
  };
}
