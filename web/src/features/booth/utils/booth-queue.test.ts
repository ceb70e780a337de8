import { describe, expect, it } from 'vitest';
import { groupedSong } from '@/features/realtime/testing/fixtures';
import { boothQueue, undoMarks } from './booth-queue';

const at = (minute: number) => `2026-11-21T20:${String(minute).padStart(2, '0')}:00.000Z`;

const hit = groupedSong({
  song_id: 'hit',
  song_name: 'Hit',
  request_count: 5,
  first_requested_at: at(9),
});
const early = groupedSong({
  song_id: 'early',
  song_name: 'Early',
  song_artist: 'Blondie',
  first_requested_at: at(1),
});
const late = groupedSong({ song_id: 'late', song_name: 'Late', first_requested_at: at(5) });
const putOff = groupedSong({
  song_id: 'off',
  song_name: 'Put Off',
  request_count: 9,
  later: true,
  first_requested_at: at(0),
});
const played = groupedSong({ song_id: 'done', song_name: 'Done', status: 1, played_at: at(30) });
const playedBefore = groupedSong({
  song_id: 'done-before',
  song_name: 'Done Before',
  status: 1,
  played_at: at(20),
});

const MOST_REQUESTED = { queue_order: 'most_requested', boost_order: 'off' } as const;

describe('the booth queue', () => {
  it('orders waiting songs by count then first request, with Later ones at the bottom whatever their count', () => {
    const queue = boothQueue([putOff, late, played, early, hit], null, '', MOST_REQUESTED);
    expect(queue.selectable.map((song) => song.song_id)).toEqual(['hit', 'early', 'late', 'off']);
    expect(queue.upNext.map((song) => song.song_id)).toEqual(['hit', 'early', 'late']);
    expect(queue.rest.map((song) => song.song_id)).toEqual(['off']);
  });

  it('leaves the playing song and the Later ones out of up next', () => {
    const playing = { ...hit, started_at: at(40), requested: true };
    const queue = boothQueue([putOff, late, early, hit], playing, '', MOST_REQUESTED);
    expect(queue.upNext.map((song) => song.song_id)).toEqual(['early', 'late']);
    expect(queue.selectable.map((song) => song.song_id)).toEqual(['early', 'late', 'off']);
  });

  it('narrows the waiting songs by title or artist, never the history', () => {
    const queue = boothQueue([early, late, played], null, '  bLoNd ', MOST_REQUESTED);
    expect(queue.selectable.map((song) => song.song_id)).toEqual(['early']);
    expect(queue.played).toHaveLength(1);
  });

  it('puts the most boosted song first when boosts order the queue, Later ones still last', () => {
    const boosted = { ...late, boost_cents: 500 };
    const boostedLater = { ...putOff, boost_cents: 900 };
    const queue = boothQueue([hit, early, boosted, boostedLater], null, '', {
      queue_order: 'most_requested',
      boost_order: 'orders',
    });
    expect(queue.selectable.map((song) => song.song_id)).toEqual(['late', 'hit', 'early', 'off']);
  });

  it('lets a boost break a tie only when boosts break ties', () => {
    const boosted = { ...late, boost_cents: 200 };
    const ties = boothQueue([hit, early, boosted], null, '', {
      queue_order: 'most_requested',
      boost_order: 'ties',
    });
    // Hit has more requests whatever the boost; Late's boost puts it ahead of Early, asked first.
    expect(ties.selectable.map((song) => song.song_id)).toEqual(['hit', 'late', 'early']);
    const off = boothQueue([hit, early, boosted], null, '', MOST_REQUESTED);
    expect(off.selectable.map((song) => song.song_id)).toEqual(['hit', 'early', 'late']);
  });

  it('lists played songs the latest first', () => {
    const queue = boothQueue([playedBefore, played], null, '', MOST_REQUESTED);
    expect(queue.played.map((song) => song.song_id)).toEqual(['done', 'done-before']);
  });
});

describe('undo', () => {
  it('takes back a play: the song waits again and the one playing before plays again', () => {
    expect(undoMarks({ action: 'play', song: early, previousSongId: 'hit' })).toEqual([
      { songId: 'early', markAs: 'unplayed' },
      { songId: 'hit', markAs: 'playing' },
    ]);
    expect(undoMarks({ action: 'play', song: early, previousSongId: null })).toEqual([
      { songId: 'early', markAs: 'unplayed' },
    ]);
  });

  it('takes back a play after a track nobody requested: the song waits again, the track stays ended', () => {
    expect(
      undoMarks({ action: 'play', song: early, previousSongId: 'deck-1764367200000' }),
    ).toEqual([{ songId: 'early', markAs: 'unplayed' }]);
  });

  it('takes back played, and plays the song again if it was playing', () => {
    expect(undoMarks({ action: 'played', song: early, previousSongId: 'hit' })).toEqual([
      { songId: 'early', markAs: 'unplayed' },
    ]);
    expect(undoMarks({ action: 'played', song: early, previousSongId: 'early' })).toEqual([
      { songId: 'early', markAs: 'unplayed' },
      { songId: 'early', markAs: 'playing' },
    ]);
  });

  it('restores a song put off or rejected', () => {
    expect(undoMarks({ action: 'later', song: late, previousSongId: null })).toEqual([
      { songId: 'late', markAs: 'restore' },
    ]);
    expect(undoMarks({ action: 'reject', song: late, previousSongId: 'late' })).toEqual([
      { songId: 'late', markAs: 'restore' },
      { songId: 'late', markAs: 'playing' },
    ]);
  });
});
