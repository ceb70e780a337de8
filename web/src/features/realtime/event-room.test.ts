/** What a push or a reconnect's delta does to the event page's snapshot. */
import type { RoomDelta } from '@floorfill/shared';
import { describe, expect, it } from 'vitest';
import { hostEventDetails } from '@/features/events/testing/event-fixture';
import {
  applyRoomDelta,
  applyRoomPush,
  deltaFits,
  needsResync,
  sortQueue,
  withLine,
} from './event-room';
import { attendeeEventDetails, groupedSong, songRequest, upsertedPush } from './testing/fixtures';

describe('applyRoomPush', () => {
  it('groups a second requester into the same entry instead of adding one', () => {
    const snapshot = hostEventDetails({ seq: 1, grouped_song_requests: [groupedSong()] });
    const next = applyRoomPush(snapshot, upsertedPush(2, { request_count: 2 }));
    expect(next.grouped_song_requests).toEqual([groupedSong({ request_count: 2 })]);
  });

  it('keeps the queue in the server order: unplayed first, most wanted, oldest', () => {
    const queue = sortQueue(
      [
        groupedSong({ song_id: 'played', status: 1, request_count: 9 }),
        groupedSong({
          song_id: 'one',
          request_count: 1,
          first_requested_at: '2026-01-01T00:00:00Z',
        }),
        groupedSong({ song_id: 'three', request_count: 3 }),
        groupedSong({
          song_id: 'older',
          request_count: 1,
          first_requested_at: '2025-01-01T00:00:00Z',
        }),
      ],
      { queue_order: 'most_requested', boost_order: 'off' },
    );
    expect(queue.map((song) => song.song_id)).toEqual(['three', 'older', 'one', 'played']);
  });

  it("flips the status of the attendee's own request when its song is marked", () => {
    const snapshot = attendeeEventDetails({ seq: 3, song_requests: [songRequest()] });
    const next = applyRoomPush(snapshot, upsertedPush(4, { status: 1 }));
    expect(next.song_requests[0]?.status).toBe(1);
    expect(next).not.toHaveProperty('grouped_song_requests');
  });

  it('tells the attendee’s own request when its song was played, and forgets it when unplayed', () => {
    const snapshot = attendeeEventDetails({ seq: 3, song_requests: [songRequest()] });
    const playedAt = '2026-11-21T22:41:00.000Z';
    const played = applyRoomPush(snapshot, upsertedPush(4, { status: 1, played_at: playedAt }));
    expect(played.song_requests[0]).toMatchObject({ status: 1, played_at: playedAt });
    const again = applyRoomPush(played, upsertedPush(5, { status: 0, played_at: null }));
    expect(again.song_requests[0]).toMatchObject({ status: 0, played_at: null });
  });

  it('gives a rejected request back to the attendee’s requests when the host restores its song', () => {
    const rejected = songRequest({ id: 12, song_id: 'cat-2', created_at: '2026-11-21T20:00:00Z' });
    const snapshot = attendeeEventDetails({
      seq: 3,
      song_requests: [songRequest()],
      rejected_requests: [rejected],
    });
    const next = applyRoomPush(
      snapshot,
      upsertedPush(4, { song_id: 'cat-2', song_name: 'Roxanne' }),
    );
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
      recounted: [{ song_id: 'climbs', request_count: 5, dedication_count: 0, turn: 1 }],
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
        delta({
          recounted: [{ song_id: 'x', request_count: 2, dedication_count: 0, turn: 1 }],
        }),
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

describe('held words', () => {
  it('keep a guest’s own request as they typed it when the room hears the song in its neutral form', () => {
    const mine = songRequest({ song_id: 'typed-x', song_name: 'My Words', song_artist: 'Me' });
    const snapshot = attendeeEventDetails({ seq: 3, song_requests: [mine] });
    const next = applyRoomPush(snapshot, {
      type: 'request:upserted',
      eventId: 7,
      seq: 4,
      request: groupedSong({
        song_id: 'typed-x',
        song_name: 'A song request',
        song_artist: null,
        status: 1,
        held: true,
      }),
    });
    expect(next.song_requests[0]).toMatchObject({
      song_name: 'My Words',
      song_artist: 'Me',
      status: 1,
    });
  });
});

describe('event:settings', () => {
  it('takes the new request controls and moves the seq', () => {
    const snapshot = attendeeEventDetails({ seq: 3 });
    const settings = { ...snapshot.request_settings, requests_open: false };
    const next = applyRoomPush(snapshot, { type: 'event:settings', eventId: 7, seq: 4, settings });
    expect(next).toMatchObject({ seq: 4, request_settings: { requests_open: false } });
  });

  it('sorts the host’s queue again in the order the host chose', () => {
    const snapshot = hostEventDetails({
      seq: 3,
      grouped_song_requests: [
        groupedSong({ song_id: 'popular', request_count: 3, turn: 2 }),
        groupedSong({ song_id: 'someones-first', request_count: 1, turn: 1 }),
      ],
    });
    const settings = { ...snapshot.request_settings, queue_order: 'fair_share' as const };
    const next = applyRoomPush(snapshot, { type: 'event:settings', eventId: 7, seq: 4, settings });
    expect(next.grouped_song_requests.map((song) => song.song_id)).toEqual([
      'someones-first',
      'popular',
    ]);
    // A request in fair share lands in its turn, not by its count.
    const pushed = applyRoomPush(next, {
      type: 'request:upserted',
      eventId: 7,
      seq: 5,
      request: groupedSong({ song_id: 'third-turn', request_count: 9, turn: 3 }),
    });
    expect(pushed.grouped_song_requests.map((song) => song.song_id)).toEqual([
      'someones-first',
      'popular',
      'third-turn',
    ]);
  });

  it('puts boosted songs first once the host lets boosts order the queue, and keeps them there', () => {
    const snapshot = hostEventDetails({
      seq: 3,
      grouped_song_requests: [
        groupedSong({ song_id: 'popular', request_count: 3 }),
        groupedSong({ song_id: 'boosted', request_count: 1, boost_cents: 500 }),
      ],
    });
    const settings = { ...snapshot.request_settings, boost_order: 'orders' as const };
    const next = applyRoomPush(snapshot, { type: 'event:settings', eventId: 7, seq: 4, settings });
    expect(next.grouped_song_requests.map((song) => song.song_id)).toEqual(['boosted', 'popular']);
    // A boost on another song lands by its amount.
    const pushed = applyRoomPush(next, {
      type: 'request:upserted',
      eventId: 7,
      seq: 5,
      request: groupedSong({ song_id: 'bigger', request_count: 1, boost_cents: 900 }),
    });
    expect(pushed.grouped_song_requests.map((song) => song.song_id)).toEqual([
      'bigger',
      'boosted',
      'popular',
    ]);
  });
});

describe('event:now-playing', () => {
  const playing = { ...groupedSong(), started_at: '2026-11-21T21:00:00.000Z', requested: true };

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
