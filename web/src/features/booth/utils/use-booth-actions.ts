import { isUnrequestedSongId, type GroupedSongRequest, type NowPlaying } from '@floorfill/shared';
import { useEffect, useState } from 'react';
import { useMarkSongRequest } from '@/features/events';
import { errorMessageOf } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import {
  ACTION_MARK,
  undoMarks,
  UNDO_WINDOW_MS,
  type BoothAction,
  type DoneAction,
} from './booth-queue';

/** P with no song playing: nothing to finish, and what to press instead. */
export const NOTHING_PLAYING_MSG = 'Nothing is playing. Enter plays the selected song.';

interface BoothActionsInput {
  eventId: number;
  /** The waiting songs in the order ↑/↓ move through them. */
  selectable: readonly GroupedSongRequest[];
  nowPlaying: NowPlaying | null;
}

export interface BoothActions {
  /** The song the next key acts on: the one picked, or else the first waiting. */
  selected: GroupedSongRequest | null;
  select: (songId: string) => void;
  /** ↑/↓: the selection one song up or down, stopping at either end. */
  move: (step: 1 | -1) => void;
  act: (action: BoothAction, song: GroupedSongRequest | null) => void;
  /** P: the song playing is played; with none playing, says so. */
  finish: () => void;
  /** The last action, while it can still be undone. */
  done: DoneAction | null;
  undo: () => void;
  /** Puts a played song back in the queue. */
  unplay: (song: GroupedSongRequest) => void;
  /** Lets the room see a held song's words (nothing to undo: the host read them). */
  allow: (song: GroupedSongRequest | null) => void;
  /** A mark is on its way: undo and unplay wait for it. */
  busy: boolean;
}

/**
 * The DJ's actions on the queue: the selection they act on, the marks they
 * send, and the undo offer for the last one, which lapses after its window.
 */
export function useBoothActions({
  eventId,
  selectable,
  nowPlaying,
}: BoothActionsInput): BoothActions {
  const mark = useMarkSongRequest();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [done, setDone] = useState<DoneAction | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => setDone(null), UNDO_WINDOW_MS);
    return () => clearTimeout(timer);
  }, [done]);

  const selected =
    selectable.find((song) => song.song_id === selectedId) ?? selectable.at(0) ?? null;

  async function send(
    songId: string,
    markAs: (typeof ACTION_MARK)[BoothAction] | 'unplayed' | 'allow',
  ) {
    await mark.mutateAsync({ event_id: eventId, song_id: songId, mark_as: markAs });
  }

  /** Runs the marks of one action, busy meanwhile; a failure is said, not thrown. */
  async function whileBusy(marks: () => Promise<void>) {
    setBusy(true);
    try {
      await marks();
    } catch (error) {
      notifyError(errorMessageOf(error));
    } finally {
      setBusy(false);
    }
  }

  // Every mark is its own transaction on the server, so a DJ's next key goes out at once
  // even while the last one is still on its way: a key is never dropped.
  function act(action: BoothAction, song: GroupedSongRequest | null) {
    if (!song) return;
    const previousSongId = nowPlaying?.song_id ?? null;
    // The selection moves on to the song below, so the next key acts on it.
    if (song.song_id === selected?.song_id) {
      const index = selectable.findIndex((entry) => entry.song_id === song.song_id);
      setSelectedId(selectable[index + 1]?.song_id ?? selectable[index - 1]?.song_id ?? null);
    }
    void whileBusy(async () => {
      await send(song.song_id, ACTION_MARK[action]);
      // A track nobody requested, once ended, is in no queue a mark could bring it back from.
      if (!isUnrequestedSongId(song.song_id)) setDone({ action, song, previousSongId });
    });
  }

  function undo() {
    if (!done || busy) return;
    void whileBusy(async () => {
      for (const step of undoMarks(done)) await send(step.songId, step.markAs);
      setSelectedId(done.song.song_id);
      setDone(null);
    });
  }

  function unplay(song: GroupedSongRequest) {
    if (busy) return;
    void whileBusy(() => send(song.song_id, 'unplayed'));
  }

  function allow(song: GroupedSongRequest | null) {
    if (!song?.held) return;
    void whileBusy(() => send(song.song_id, 'allow'));
  }

  function move(step: 1 | -1) {
    if (selectable.length === 0) return;
    const index = selected ? selectable.indexOf(selected) : -1;
    const next = Math.min(selectable.length - 1, Math.max(0, index + step));
    setSelectedId(selectable[next]?.song_id ?? null);
  }

  // P ends the song that is playing, never the selected one: a song is marked
  // played only when it played, or by the row's own "Mark played".
  function finish() {
    if (nowPlaying) act('played', nowPlaying);
    else notifyError(NOTHING_PLAYING_MSG);
  }

  return { selected, select: setSelectedId, move, act, finish, done, undo, unplay, allow, busy };
}
