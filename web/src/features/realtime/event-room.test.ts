import type { RoomDelta } from '@floorfill/shared';
import { describe, expect, it } from 'vitest';
import { hostEventDetails } from '@/features/events/testing/event-fixture';
import {
  applyRoomDelta,
  applyRoomPush,
  bufferPush,
  deltaFits,
  drainBuffer,
  judgeSeq,
  MAX_HELD_PUSHES,
  needsResync,
  sortQueue,
  withLine,
  type RoomBuffer,
  type RoomPush,
} from './event-room';
import { attendeeEventDetails, groupedSong, songRequest } from './testing/fixtures';

const upserted = (seq: number, overrides: Parameters<typeof groupedSong>[0] = {}): RoomPush => ({
  type: 'request:upserted',
  eventId: 7,
  seq,
  request: groupedSong(overrides),
});

describe('judgeSeq', () => {
  it('applies the next write and the other pushes of the write already applied', () => {
    expect(judgeSeq(4, 5)).toBe('apply');
    expect(judgeSeq(5, 5)).toBe('apply');
  });

  it('ignores pushes the snapshot already holds', () => {
    expect(judgeSeq(5, 3)).toBe('stale');
  });

  it('calls a skipped seq a gap', () => {
    expect(judgeSeq(4, 6)).toBe('gap');
  });

  it('applies any newer push to a snapshot that hears only some writes (an attendee’s)', () => {
    expect(judgeSeq(4, 9, false)).toBe('apply');
    expect(judgeSeq(9, 4, false)).toBe('stale');
  });
});

/** A push that only moves the seq (the host hears who joined): the seq mechanics below. */
const joined = (seq: number): RoomPush => ({
  type: 'attendee:joined',
  eventId: 7,
  seq,
  attendeeId: 40 + seq,
  attendeeName: `Fan ${seq}`,
});

const stats = (seq: number, requests = seq): RoomPush => ({
  type: 'event:stats',
  eventId: 7,
  seq,
  stats: { joined: 1, requests },
});

/** The held pushes, as `seq:type`, to compare order at a glance. */
const held = (buffer: RoomBuffer) => buffer.map((push) => `${push.seq}:${push.type}`);

function bufferAll(pushes: RoomPush[]): RoomBuffer {
  return pushes.reduce<RoomBuffer>(bufferPush, []);
}

describe('bufferPush', () => {
  it('holds pushes in seq order whatever order they arrive in', () => {
    expect(held(bufferAll([joined(6), joined(4), joined(5)]))).toEqual([
      '4:attendee:joined',
      '5:attendee:joined',
      '6:attendee:joined',
    ]);
  });

  it('keeps the pushes of one write in their arrival order', () => {
    expect(held(bufferAll([joined(5), upserted(4), joined(4), upserted(5)]))).toEqual([
      '4:request:upserted',
      '4:attendee:joined',
      '5:attendee:joined',
      '5:request:upserted',
    ]);
  });

  it('leaves the buffer it was given alone', () => {
    const buffer = bufferAll([joined(5)]);
    bufferPush(buffer, joined(4));
    expect(held(buffer)).toEqual(['5:attendee:joined']);
  });
});

describe('drainBuffer', () => {
  it('applies an in-order push at once and holds nothing', () => {
    const drained = drainBuffer(hostEventDetails({ seq: 4 }), [upserted(5)]);
    expect(drained.snapshot?.seq).toBe(5);
    expect(drained.snapshot?.grouped_song_requests).toEqual([groupedSong()]);
    expect(drained.buffer).toEqual([]);
    expect(drained.needsRefetch).toBe(false);
  });

  it('holds a push that skips a seq, without fetching', () => {
    const snapshot = hostEventDetails({ seq: 4 });
    const drained = drainBuffer(snapshot, [upserted(6)]);
    expect(drained.snapshot).toBe(snapshot);
    expect(held(drained.buffer)).toEqual(['6:request:upserted']);
    expect(drained.needsRefetch).toBe(false);
  });

  it('applies the held pushes in seq order once the missing one arrives', () => {
    const snapshot = hostEventDetails({ seq: 4 });
    const waiting = drainBuffer(snapshot, bufferAll([joined(7), upserted(6), joined(6)])).buffer;
    const drained = drainBuffer(snapshot, bufferPush(waiting, joined(5)));
    expect(drained.snapshot).toMatchObject({ seq: 7, grouped_song_requests: [groupedSong()] });
    expect(drained.buffer).toEqual([]);
  });

  it('applies what follows without a gap and keeps waiting for the next missing seq', () => {
    const drained = drainBuffer(hostEventDetails({ seq: 4 }), bufferAll([joined(5), joined(7)]));
    expect(drained.snapshot?.seq).toBe(5);
    expect(held(drained.buffer)).toEqual(['7:attendee:joined']);
    expect(drained.needsRefetch).toBe(false);
  });

  it('against a fresh snapshot drops what it holds and applies what follows it', () => {
    const buffer = bufferAll([joined(5), joined(6), joined(8), joined(9)]);
    const drained = drainBuffer(hostEventDetails({ seq: 7 }), buffer);
    expect(drained.snapshot).toMatchObject({ seq: 9 });
    expect(drained.buffer).toEqual([]);
  });

  it('against a fresh snapshot still behind a held push keeps that push waiting', () => {
    const drained = drainBuffer(hostEventDetails({ seq: 6 }), bufferAll([joined(5), joined(8)]));
    expect(drained.snapshot?.seq).toBe(6);
    expect(held(drained.buffer)).toEqual(['8:attendee:joined']);
  });

  it('keeps newer counts without moving the seq, drops older ones, and never waits for counts', () => {
    const snapshot = hostEventDetails({ seq: 6, song_requests_count: 6 });
    const newer = drainBuffer(snapshot, [stats(9, 30)]);
    expect(newer.snapshot).toMatchObject({ seq: 6, song_requests_count: 30 });
    expect(newer.buffer).toEqual([]);
    const older = drainBuffer(snapshot, [stats(4, 2)]);
    expect(older.snapshot).toMatchObject({ seq: 6, song_requests_count: 6 });
  });

  it('applies a newer push to an attendee’s snapshot across seqs it never hears', () => {
    const snapshot = attendeeEventDetails({ seq: 4, song_requests: [songRequest()] });
    const drained = drainBuffer(snapshot, [upserted(12, { status: 1 })]);
    expect(drained.snapshot?.seq).toBe(12);
    expect(drained.snapshot?.song_requests[0]?.status).toBe(1);
    expect(drained.buffer).toEqual([]);
    expect(drained.needsRefetch).toBe(false);
  });

  it('ignores a push the snapshot already holds', () => {
    const snapshot = hostEventDetails({ seq: 9 });
    const drained = drainBuffer(snapshot, [upserted(3)]);
    expect(drained.snapshot).toBe(snapshot);
    expect(drained.buffer).toEqual([]);
    expect(drained.needsRefetch).toBe(false);
  });

  it('asks for the snapshot when there is none yet, holding nothing', () => {
    expect(drainBuffer(undefined, [upserted(1)])).toEqual({
      snapshot: undefined,
      buffer: [],
      needsRefetch: true,
    });
  });

  it('gives up waiting and asks for the snapshot when too many pushes are held', () => {
    const snapshot = hostEventDetails({ seq: 1 });
    const full = Array.from({ length: MAX_HELD_PUSHES }, (_, index) => joined(3 + index));
    expect(drainBuffer(snapshot, bufferAll(full)).needsRefetch).toBe(false);
    const over = drainBuffer(snapshot, bufferAll([...full, joined(3 + MAX_HELD_PUSHES)]));
    expect(over).toEqual({ snapshot, buffer: [], needsRefetch: true });
  });
});

describe('applyRoomPush', () => {
  it('groups a second requester into the same entry instead of adding one', () => {
    const snapshot = hostEventDetails({ seq: 1, grouped_song_requests: [groupedSong()] });
    const next = applyRoomPush(snapshot, upserted(2, { request_count: 2 }));
    expect(next.grouped_song_requests).toEqual([groupedSong({ request_count: 2 })]);
  });

  it('keeps the queue in the server order: unplayed first, most wanted, oldest', () => {
    const queue = sortQueue([
      groupedSong({ song_id: 'played', status: 1, request_count: 9 }),
      groupedSong({ song_id: 'one', request_count: 1, first_requested_at: '2026-01-01T00:00:00Z' }),
      groupedSong({ song_id: 'three', request_count: 3 }),
      groupedSong({
        song_id: 'older',
        request_count: 1,
        first_requested_at: '2025-01-01T00:00:00Z',
      }),
    ]);
    expect(queue.map((song) => song.song_id)).toEqual(['three', 'older', 'one', 'played']);
  });

  it("flips the status of the attendee's own request when its song is marked", () => {
    const snapshot = attendeeEventDetails({ seq: 3, song_requests: [songRequest()] });
    const next = applyRoomPush(snapshot, upserted(4, { status: 1 }));
    expect(next.song_requests[0]?.status).toBe(1);
    expect(next).not.toHaveProperty('grouped_song_requests');
  });

  it('tells the attendee’s own request when its song was played, and forgets it when unplayed', () => {
    const snapshot = attendeeEventDetails({ seq: 3, song_requests: [songRequest()] });
    const playedAt = '2026-11-21T22:41:00.000Z';
    const played = applyRoomPush(snapshot, upserted(4, { status: 1, played_at: playedAt }));
    expect(played.song_requests[0]).toMatchObject({ status: 1, played_at: playedAt });
    const again = applyRoomPush(played, upserted(5, { status: 0, played_at: null }));
    expect(again.song_requests[0]).toMatchObject({ status: 0, played_at: null });
  });

  it('gives a rejected request back to the attendee’s requests when the host restores its song', () => {
    const rejected = songRequest({ id: 12, song_id: 'cat-2', created_at: '2026-11-21T20:00:00Z' });
    const snapshot = attendeeEventDetails({
      seq: 3,
      song_requests: [songRequest()],
      rejected_requests: [rejected],
    });
    const next = applyRoomPush(snapshot, upserted(4, { song_id: 'cat-2', song_name: 'Roxanne' }));
    expect(next.rejected_requests).toEqual([]);
    // In the order they were asked for.
    expect(next.song_requests.map((request) => request.song_id)).toEqual([
      'cat-2',
      'cat-queen--bohemian-rhapsody',
    ]);
    expect(next.song_requests[0]).toMatchObject({ song_name: 'Roxanne', status: 0 });
  });

  it('applies a played push to the matching own request', () => {
    const snapshot = attendeeEventDetails({ seq: 3, song_requests: [songRequest()] });
    const next = applyRoomPush(snapshot, {
      type: 'request:played',
      eventId: 7,
      seq: 4,
      eventName: 'Neon Nights',
      request: songRequest({ status: 1 }),
    });
    expect(next.song_requests).toEqual([songRequest({ status: 1 })]);
    expect(next.seq).toBe(4);
  });

  it('removes a song from the queue and from the requests', () => {
    const snapshot = hostEventDetails({
      seq: 1,
      grouped_song_requests: [groupedSong(), groupedSong({ song_id: 'other' })],
      song_requests: [songRequest()],
    });
    const next = applyRoomPush(snapshot, {
      type: 'request:removed',
      eventId: 7,
      seq: 2,
      songId: 'cat-queen--bohemian-rhapsody',
    });
    expect(next.grouped_song_requests?.map((song) => song.song_id)).toEqual(['other']);
    expect(next.song_requests).toEqual([]);
  });

  it('takes the counts from a stats push, leaving the seq as it is', () => {
    const next = applyRoomPush(hostEventDetails({ seq: 1 }), {
      type: 'event:stats',
      eventId: 7,
      seq: 2,
      stats: { joined: 12, requests: 30 },
    });
    expect(next.enrolled_users_count).toBe(12);
    expect(next.song_requests_count).toBe(30);
    expect(next.seq).toBe(1);
  });

  it('takes a renamed event but keeps what only the snapshot knows', () => {
    const snapshot = attendeeEventDetails({ seq: 1, joined: true, is_rated: true });
    const {
      joined: _joined,
      is_rated: _rated,
      seq: _seq,
      song_requests: _r,
      host: _h,
      ...summary
    } = snapshot;
    const next = applyRoomPush(snapshot, {
      type: 'event:updated',
      eventId: 7,
      seq: 2,
      event: { ...summary, name: 'Renamed' },
    });
    expect(next).toMatchObject({ name: 'Renamed', joined: true, is_rated: true, seq: 2 });
  });

  it('moves only the seq for a join or a leave (the counts come as stats)', () => {
    const snapshot = hostEventDetails({ seq: 1, enrolled_users_count: 3 });
    const next = applyRoomPush(snapshot, {
      type: 'attendee:joined',
      eventId: 7,
      seq: 2,
      attendeeId: 9,
      attendeeName: 'Bo',
    });
    expect(next).toEqual({ ...snapshot, seq: 2 });
  });
});

describe('needsResync', () => {
  it('is true when the room is ahead of the snapshot or there is none', () => {
    expect(needsResync(hostEventDetails({ seq: 3 }), 4)).toBe(true);
    expect(needsResync(undefined, 0)).toBe(true);
  });

  it('is false when the snapshot is as new as the room', () => {
    expect(needsResync(hostEventDetails({ seq: 4 }), 4)).toBe(false);
  });
});

describe('applyRoomDelta', () => {
  const stats = { joined: 5, requests: 9 };
  const delta = (overrides: Partial<RoomDelta> = {}): RoomDelta => ({
    fromSeq: 3,
    toSeq: 8,
    upserted: [],
    recounted: [],
    removed: [],
    stats,
    ...overrides,
  });

  it('fits only the snapshot it was asked for', () => {
    expect(deltaFits(hostEventDetails({ seq: 3 }), delta())).toBe(true);
    expect(deltaFits(hostEventDetails({ seq: 4 }), delta())).toBe(false);
    expect(deltaFits(undefined, delta())).toBe(false);
    expect(deltaFits(hostEventDetails({ seq: 3 }), undefined)).toBe(false);
  });

  it('brings the host’s queue, counts and seq to where the room is, in the queue order', () => {
    const snapshot = hostEventDetails({
      seq: 3,
      grouped_song_requests: [
        groupedSong({ song_id: 'stays', request_count: 2 }),
        groupedSong({ song_id: 'gone', request_count: 1 }),
        groupedSong({ song_id: 'climbs', request_count: 1 }),
      ],
    });
    const next = applyRoomDelta(
      snapshot,
      delta({
        upserted: [
          groupedSong({ song_id: 'climbs', request_count: 4 }),
          groupedSong({
            song_id: 'new',
            request_count: 1,
            first_requested_at: '2026-11-21T23:00:00.000Z',
          }),
        ],
        removed: ['gone'],
      }),
    );
    expect(next.grouped_song_requests.map((song) => [song.song_id, song.request_count])).toEqual([
      ['climbs', 4],
      ['stays', 2],
      ['new', 1],
    ]);
    expect(next).toMatchObject({ seq: 8, enrolled_users_count: 5, song_requests_count: 9 });
  });

  it('gives a song that only got more requests its new count, keeping the rest of its entry', () => {
    const snapshot = hostEventDetails({
      seq: 3,
      grouped_song_requests: [
        groupedSong({ song_id: 'first', request_count: 3 }),
        groupedSong({ song_id: 'climbs', request_count: 1, song_name: 'Climbs' }),
      ],
    });
    const recounted = delta({
      recounted: [{ song_id: 'climbs', request_count: 5, dedication_count: 0 }],
    });
    expect(deltaFits(snapshot, recounted)).toBe(true);
    const next = applyRoomDelta(snapshot, recounted);
    expect(next.grouped_song_requests).toEqual([
      groupedSong({ song_id: 'climbs', request_count: 5, song_name: 'Climbs' }),
      groupedSong({ song_id: 'first', request_count: 3 }),
    ]);
  });

  it('does not fit a host’s queue that lacks a song it recounts: the snapshot is fetched', () => {
    const snapshot = hostEventDetails({ seq: 3, grouped_song_requests: [] });
    expect(
      deltaFits(
        snapshot,
        delta({ recounted: [{ song_id: 'x', request_count: 2, dedication_count: 0 }] }),
      ),
    ).toBe(false);
  });

  it('gives an attendee’s own requests their songs’ new state and the event’s new details', () => {
    const snapshot = attendeeEventDetails({
      seq: 3,
      song_requests: [songRequest(), songRequest({ id: 12, song_id: 'gone' })],
    });
    const next = applyRoomDelta(
      snapshot,
      delta({
        upserted: [groupedSong({ status: 1 })],
        removed: ['gone'],
        event: { ...snapshot, name: 'Renamed' },
      }),
    );
    expect(next.song_requests).toEqual([songRequest({ status: 1 })]);
    expect(next).toMatchObject({ name: 'Renamed', seq: 8, enrolled_users_count: 5 });
    expect(next).not.toHaveProperty('grouped_song_requests');
  });

  it('shows a request the host rejected while the attendee was away as rejected, not gone', () => {
    const turnedDown = songRequest({ id: 12, song_id: 'turned-down', song_name: 'Agadoo' });
    const snapshot = attendeeEventDetails({
      seq: 3,
      song_requests: [songRequest(), turnedDown],
      rejected_requests: [],
    });
    const next = applyRoomDelta(
      snapshot,
      delta({ removed: ['turned-down'], rejected: [turnedDown] }),
    );
    expect(next.song_requests).toEqual([songRequest()]);
    expect(next.rejected_requests).toEqual([turnedDown]);
  });
});

describe('withLine', () => {
  const line = (seq: number, songId = 'cat-1') => ({
    seq,
    songs: [[songId, 200, 1] as [string, number, number]],
    more: false,
    popular: [],
  });

  it('keeps the newer line and drops an older one, leaving the seq alone', () => {
    const snapshot = attendeeEventDetails({ seq: 9, line: line(5) });
    const newer = withLine(snapshot, line(7, 'cat-2'));
    expect(newer.line).toEqual(line(7, 'cat-2'));
    expect(newer.seq).toBe(9);
    expect(withLine(newer, line(6, 'cat-3')).line).toEqual(line(7, 'cat-2'));
  });

  it('leaves a snapshot without a line (the host’s) without one', () => {
    expect(withLine(hostEventDetails(), line(3))).not.toHaveProperty('line');
  });

  it('comes with a reconnect’s delta', () => {
    const snapshot = attendeeEventDetails({ seq: 3, line: line(2) });
    const next = applyRoomDelta(snapshot, {
      fromSeq: 3,
      toSeq: 8,
      upserted: [],
      recounted: [],
      removed: [],
      stats: { joined: 1, requests: 1 },
      line: line(8, 'cat-4'),
    });
    expect(next.line).toEqual(line(8, 'cat-4'));
  });
});

describe('event:settings', () => {
  it('takes the new request controls and moves the seq', () => {
    const snapshot = attendeeEventDetails({ seq: 3 });
    const settings = { ...snapshot.request_settings, requests_open: false };
    const next = applyRoomPush(snapshot, { type: 'event:settings', eventId: 7, seq: 4, settings });
    expect(next).toMatchObject({ seq: 4, request_settings: { requests_open: false } });
  });
});

describe('event:now-playing', () => {
  const playing = { ...groupedSong(), started_at: '2026-11-21T21:00:00.000Z' };

  it('sets what the DJ plays now, and clears it', () => {
    const snapshot = hostEventDetails({ seq: 3 });
    const started = applyRoomPush(snapshot, {
      type: 'event:now-playing',
      eventId: 7,
      seq: 4,
      nowPlaying: playing,
    });
    expect(started).toMatchObject({ seq: 4, now_playing: playing });
    const stopped = applyRoomPush(started, {
      type: 'event:now-playing',
      eventId: 7,
      seq: 5,
      nowPlaying: null,
    });
    expect(stopped).toMatchObject({ seq: 5, now_playing: null });
  });

  it('comes back with a reconnect’s delta only when it changed', () => {
    const snapshot = hostEventDetails({ seq: 3, now_playing: playing });
    const stats = { joined: 0, requests: 0 };
    const same = applyRoomDelta(snapshot, {
      fromSeq: 3,
      toSeq: 4,
      upserted: [],
      recounted: [],
      removed: [],
      stats,
    });
    expect(same.now_playing).toEqual(playing);
    const stopped = applyRoomDelta(snapshot, {
      fromSeq: 3,
      toSeq: 5,
      upserted: [],
      recounted: [],
      removed: [],
      nowPlaying: null,
      stats,
    });
    expect(stopped.now_playing).toBeNull();
  });
});
