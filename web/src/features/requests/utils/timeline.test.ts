import type { EventLine } from '@floorfill/shared';
import { LINE_SIZE } from '@floorfill/shared';
import { describe, expect, it } from 'vitest';
import { groupedSong, songRequest } from '@/features/realtime/testing/fixtures';
import {
  formatWait,
  requestStage,
  stageLabel,
  timelineOf,
  TYPICAL_SONG_SECONDS,
  type RoomView,
} from './timeline';

const NOW = Date.parse('2026-11-21T22:00:00.000Z');
const mine = songRequest({ song_id: 'mine', song_name: 'Mine' });

function line(songs: Array<[string, number]>, more = false): EventLine {
  return { seq: 1, songs: songs.map(([id, seconds]) => [id, seconds, 1]), more, popular: [] };
}

/** Something plays, started `agoSeconds` ago and `seconds` long. */
function playing(songId: string, seconds: number, agoSeconds: number) {
  return {
    ...groupedSong({ song_id: songId, song_duration: seconds }),
    started_at: new Date(NOW - agoSeconds * 1000).toISOString(),
    requested: true,
  };
}

function room(overrides: Partial<RoomView> = {}): RoomView {
  return { nowPlaying: null, line: line([]), now: NOW, ...overrides };
}

const clock = (iso: string) => `@${iso.slice(11, 16)}`;

describe('requestStage', () => {
  it('counts the songs ahead and what is left of the one playing', () => {
    const view = room({
      nowPlaying: playing('other', 240, 60),
      line: line([
        ['a', 200],
        ['b', 300],
        ['mine', 180],
      ]),
    });
    // 180 s left of what plays, then 200 + 300.
    expect(requestStage(mine, false, view)).toEqual({
      kind: 'waiting',
      position: 3,
      waitSeconds: 680,
    });
    expect(stageLabel(requestStage(mine, false, view), clock)).toBe('#3 in line · in about 11 min');
  });

  it('is up next when first in line, with what is left of the song playing', () => {
    const view = room({ nowPlaying: playing('other', 200, 170), line: line([['mine', 180]]) });
    expect(stageLabel(requestStage(mine, false, view), clock)).toBe(
      'Up next · in less than a minute',
    );
    expect(
      stageLabel(requestStage(mine, false, room({ line: line([['mine', 180]]) })), clock),
    ).toBe('Up next');
  });

  it('leaves out of the line a song that started since it was read', () => {
    const view = room({
      nowPlaying: playing('a', 200, 0),
      line: line([
        ['a', 200],
        ['mine', 180],
      ]),
    });
    expect(requestStage(mine, false, view)).toEqual({ kind: 'up-next', waitSeconds: 200 });
  });

  it('counts a song of unknown length (the 5 s default) as a typical one, and an overrun as over', () => {
    const view = room({
      nowPlaying: playing('other', 200, 500),
      line: line([
        ['a', 5],
        ['mine', 180],
      ]),
    });
    expect(requestStage(mine, false, view)).toEqual({
      kind: 'waiting',
      position: 2,
      waitSeconds: TYPICAL_SONG_SECONDS,
    });
  });

  it('is playing now, played at its time, or not this time', () => {
    expect(requestStage(mine, false, room({ nowPlaying: playing('mine', 200, 10) }))).toEqual({
      kind: 'playing',
    });
    const played = { ...mine, status: 1 as const, played_at: '2026-11-21T21:41:00.000Z' };
    expect(stageLabel(requestStage(played, false, room()), clock)).toBe('Played at @21:41');
    expect(stageLabel(requestStage(mine, true, room()), clock)).toBe('Not this time');
  });

  it('says more than the line lists are ahead when the song is further back, without an estimate', () => {
    expect(
      stageLabel(requestStage(mine, false, room({ line: line([['a', 200]], true) })), clock),
    ).toBe(`Waiting · more than ${LINE_SIZE} songs ahead`);
    // Not in a short line: the next line is on its way.
    expect(requestStage(mine, false, room({ line: line([['a', 200]]) }))).toEqual({
      kind: 'queued',
    });
  });
});

describe('formatWait', () => {
  it('rounds to whole minutes, and says so under one', () => {
    expect(formatWait(59)).toBe('in less than a minute');
    expect(formatWait(89)).toBe('in about 1 min');
    expect(formatWait(720)).toBe('in about 12 min');
  });
});

describe('timelineOf', () => {
  it('puts what plays first, then the line’s order, then played (latest first), then rejected', () => {
    const request = (songId: string, extra: object = {}) =>
      songRequest({ song_id: songId, song_name: songId, ...extra });
    const items = timelineOf(
      [
        request('early-played', { status: 1, played_at: '2026-11-21T20:00:00Z' }),
        request('second'),
        request('late-played', { status: 1, played_at: '2026-11-21T21:00:00Z' }),
        request('first'),
        request('on'),
      ],
      [request('no')],
      room({
        nowPlaying: playing('on', 200, 0),
        line: line([
          ['first', 200],
          ['x', 200],
          ['second', 200],
        ]),
      }),
    );
    expect(items.map((item) => item.request.song_id)).toEqual([
      'on',
      'first',
      'second',
      'late-played',
      'early-played',
      'no',
    ]);
  });
});
