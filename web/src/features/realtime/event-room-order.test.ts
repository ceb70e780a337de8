/** How pushes wait for their turn: a seq judged, held in order, drained once nothing is missing. */
import { describe, expect, it } from 'vitest';
import { hostEventDetails } from '@/features/events/testing/event-fixture';
import {
  bufferPush,
  drainBuffer,
  judgeSeq,
  MAX_HELD_PUSHES,
  type RoomBuffer,
  type RoomPush,
} from './event-room';
import { attendeeEventDetails, groupedSong, songRequest, upsertedPush } from './testing/fixtures';

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
    expect(held(bufferAll([joined(5), upsertedPush(4), joined(4), upsertedPush(5)]))).toEqual([
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
    const drained = drainBuffer(hostEventDetails({ seq: 4 }), [upsertedPush(5)]);
    expect(drained.snapshot?.seq).toBe(5);
    expect(drained.snapshot?.grouped_song_requests).toEqual([groupedSong()]);
    expect(drained.buffer).toEqual([]);
    expect(drained.needsRefetch).toBe(false);
  });

  it('holds a push that skips a seq, without fetching', () => {
    const snapshot = hostEventDetails({ seq: 4 });
    const drained = drainBuffer(snapshot, [upsertedPush(6)]);
    expect(drained.snapshot).toBe(snapshot);
    expect(held(drained.buffer)).toEqual(['6:request:upserted']);
    expect(drained.needsRefetch).toBe(false);
  });

  it('applies the held pushes in seq order once the missing one arrives', () => {
    const snapshot = hostEventDetails({ seq: 4 });
    const waiting = drainBuffer(
      snapshot,
      bufferAll([joined(7), upsertedPush(6), joined(6)]),
    ).buffer;
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
    const drained = drainBuffer(snapshot, [upsertedPush(12, { status: 1 })]);
    expect(drained.snapshot?.seq).toBe(12);
    expect(drained.snapshot?.song_requests[0]?.status).toBe(1);
    expect(drained.buffer).toEqual([]);
    expect(drained.needsRefetch).toBe(false);
  });

  it('ignores a push the snapshot already holds', () => {
    const snapshot = hostEventDetails({ seq: 9 });
    const drained = drainBuffer(snapshot, [upsertedPush(3)]);
    expect(drained.snapshot).toBe(snapshot);
    expect(drained.buffer).toEqual([]);
    expect(drained.needsRefetch).toBe(false);
  });

  it('asks for the snapshot when there is none yet, holding nothing', () => {
    expect(drainBuffer(undefined, [upsertedPush(1)])).toEqual({
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
