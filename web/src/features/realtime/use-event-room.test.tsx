import { deflateRawSync } from 'node:zlib';
import {
  DELTA_ENCODING,
  EVENT_DETAILS_POLL_MS,
  type HostEventDetails,
  type RoomDelta,
} from '@floorfill/shared';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hostEventDetails } from '@/features/events/testing/event-fixture';
import { connectSocket, resetSocketForTests } from '@/lib/socket';
import { MAX_HELD_PUSHES, type RoomSnapshot } from './event-room';
import { attendeeEventDetails, groupedSong } from './testing/fixtures';
import {
  LIVE_SAFETY_POLL_MS,
  REORDER_WINDOW_MS,
  RESYNC_RETRY_MS,
  useEventRoom,
} from './use-event-room';
import { openedSocket as socket } from './testing/socket-io-mock';

vi.mock('socket.io-client', () => import('@/features/realtime/testing/socket-io-mock'));

const EVENT_ID = 7;
const queryKey = ['events', 'details', EVENT_ID];

/**
 * The server's snapshot: tests move its seq, count how often it was fetched,
 * and may slow the answer down (it is read when the fetch starts).
 */
const server: { snapshot: RoomSnapshot; fetches: number; latencyMs: number } = {
  snapshot: hostEventDetails({ id: EVENT_ID, seq: 1 }),
  fetches: 0,
  latencyMs: 0,
};

function setup(options: { enabled?: boolean } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onDeleted = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const view = renderHook(
    ({ enabled }: { enabled: boolean }) => {
      const room = useEventRoom({ eventId: EVENT_ID, queryKey, enabled, onDeleted });
      const details = useQuery({
        queryKey,
        queryFn: async () => {
          server.fetches += 1;
          const { snapshot } = server;
          if (server.latencyMs > 0) await new Promise((done) => setTimeout(done, server.latencyMs));
          return snapshot;
        },
        refetchInterval: room.pollInterval,
      });
      return { room, details };
    },
    { wrapper, initialProps: { enabled: options.enabled ?? true } },
  );
  const cached = () => queryClient.getQueryData<HostEventDetails>(queryKey);
  return { ...view, queryClient, onDeleted, cached };
}

/** A push that only moves the seq (the host hears who joined): for the seq mechanics. */
function pushJoined(seq: number) {
  socket().push('attendee:joined', {
    eventId: EVENT_ID,
    seq,
    attendeeId: 40 + seq,
    attendeeName: `Fan ${seq}`,
  });
}

function pushUpserted(seq: number) {
  socket().push('request:upserted', { eventId: EVENT_ID, seq, request: groupedSong() });
}

async function connected(view: ReturnType<typeof setup>) {
  await waitFor(() => expect(view.result.current.details.data).toBeDefined());
  act(() => socket().serverConnect());
  await waitFor(() => expect(view.result.current.room.live).toBe(true));
}

beforeEach(() => {
  server.snapshot = hostEventDetails({ id: EVENT_ID, seq: 1 });
  server.fetches = 0;
  server.latencyMs = 0;
  connectSocket();
  socket().answer = (event) =>
    event === 'event:subscribe' ? { ok: true, data: { seq: server.snapshot.seq } } : undefined;
});

afterEach(() => {
  vi.useRealTimers();
  resetSocketForTests();
});

describe('useEventRoom', () => {
  it('subscribes once connected and then polls only as a slow safety net', async () => {
    const view = setup();
    await waitFor(() => expect(view.result.current.details.data).toBeDefined());
    expect(view.result.current.room).toEqual({ live: false, pollInterval: EVENT_DETAILS_POLL_MS });
    expect(socket().sent('event:subscribe')).toEqual([]);

    await connected(view);
    // The snapshot is cached by then: its seq asks for a delta, should the room have moved.
    expect(socket().sent('event:subscribe')).toEqual([
      { eventId: EVENT_ID, since: 1, inflate: DELTA_ENCODING },
    ]);
    expect(view.result.current.room.pollInterval).toBe(LIVE_SAFETY_POLL_MS);
    expect(server.fetches).toBe(1);
  });

  it('applies an in-order push to the cached snapshot without fetching', async () => {
    const view = setup();
    await connected(view);
    act(() =>
      socket().push('request:upserted', { eventId: EVENT_ID, seq: 2, request: groupedSong() }),
    );
    act(() =>
      socket().push('event:stats', {
        eventId: EVENT_ID,
        seq: 2,
        stats: { joined: 1, requests: 1 },
      }),
    );
    expect(view.cached()).toMatchObject({
      seq: 2,
      grouped_song_requests: [groupedSong()],
      song_requests_count: 1,
    });
    expect(server.fetches).toBe(1);
  });

  it('keeps newer counts without a fetch, whatever seq they carry (they come coalesced)', async () => {
    const view = setup();
    await connected(view);
    vi.useFakeTimers();
    act(() =>
      socket().push('event:stats', {
        eventId: EVENT_ID,
        seq: 9,
        stats: { joined: 4, requests: 9 },
      }),
    );
    expect(view.cached()).toMatchObject({
      seq: 1,
      song_requests_count: 9,
      enrolled_users_count: 4,
    });
    await act(() => vi.advanceTimersByTimeAsync(REORDER_WINDOW_MS * 2));
    expect(server.fetches).toBe(1);
  });

  it('ignores pushes about other events', async () => {
    const view = setup();
    await connected(view);
    act(() => socket().push('request:upserted', { eventId: 99, seq: 2, request: groupedSong() }));
    expect(view.cached()?.seq).toBe(1);
  });

  it('applies pushes that arrive out of order in seq order, without fetching', async () => {
    const view = setup();
    await connected(view);
    vi.useFakeTimers();
    act(() => pushJoined(3));
    expect(view.cached()?.seq).toBe(1);
    act(() => pushUpserted(2));
    expect(view.cached()).toMatchObject({ seq: 3, grouped_song_requests: [groupedSong()] });
    await act(() => vi.advanceTimersByTimeAsync(REORDER_WINDOW_MS * 2));
    expect(server.fetches).toBe(1);
  });

  it('fetches the snapshot when a skipped seq does not arrive within the window', async () => {
    const view = setup();
    await connected(view);
    vi.useFakeTimers();
    server.snapshot = hostEventDetails({ id: EVENT_ID, seq: 3, song_requests_count: 3 });
    act(() => pushJoined(3));
    await act(() => vi.advanceTimersByTimeAsync(REORDER_WINDOW_MS - 1));
    expect(server.fetches).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(server.fetches).toBe(2);
    expect(view.cached()).toMatchObject({ seq: 3, song_requests_count: 3 });
  });

  it('gives each missing seq a window of its own', async () => {
    const view = setup();
    await connected(view);
    vi.useFakeTimers();
    act(() => pushJoined(3));
    act(() => pushJoined(5));
    await act(() => vi.advanceTimersByTimeAsync(REORDER_WINDOW_MS - 50));
    act(() => pushJoined(2));
    expect(view.cached()?.seq).toBe(3);
    await act(() => vi.advanceTimersByTimeAsync(REORDER_WINDOW_MS - 50));
    act(() => pushJoined(4));
    expect(view.cached()?.seq).toBe(5);
    expect(server.fetches).toBe(1);
  });

  it('fetches at once when too many pushes wait for a skipped seq', async () => {
    const view = setup();
    await connected(view);
    vi.useFakeTimers();
    act(() => {
      for (let seq = 3; seq <= 3 + MAX_HELD_PUSHES; seq += 1) pushJoined(seq);
    });
    expect(server.fetches).toBe(2);
  });

  it('applies the held pushes that follow a fetched snapshot instead of fetching again', async () => {
    const view = setup();
    await connected(view);
    vi.useFakeTimers();
    // Seqs 2 and 3 never arrive. The fetch reads seq 4 and is slow: seq 5 is pushed,
    // and waits longer than a window, while it is under way.
    server.latencyMs = 1000;
    server.snapshot = hostEventDetails({ id: EVENT_ID, seq: 4, song_requests_count: 4 });
    act(() => pushJoined(4));
    await act(() => vi.advanceTimersByTimeAsync(REORDER_WINDOW_MS));
    expect(server.fetches).toBe(2);
    act(() => pushJoined(5));
    await act(() => vi.advanceTimersByTimeAsync(server.latencyMs));
    expect(view.cached()).toMatchObject({ seq: 5, song_requests_count: 4 });
    await act(() => vi.advanceTimersByTimeAsync(RESYNC_RETRY_MS * 2));
    expect(server.fetches).toBe(2);
  });

  it('lets a slow fetch finish instead of starting over when another gap shows up', async () => {
    const view = setup();
    await connected(view);
    vi.useFakeTimers();
    server.latencyMs = 1000;
    server.snapshot = hostEventDetails({ id: EVENT_ID, seq: 5 });
    act(() => pushJoined(3));
    await act(() => vi.advanceTimersByTimeAsync(REORDER_WINDOW_MS));
    expect(server.fetches).toBe(2);

    // Seq 4 is lost too: the next window ends while the first fetch is still under way.
    act(() => pushJoined(5));
    await act(() => vi.advanceTimersByTimeAsync(REORDER_WINDOW_MS));
    expect(server.fetches).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(server.latencyMs));
    expect(view.cached()?.seq).toBe(5);
    expect(server.fetches).toBe(2);
  });

  it('fetches again when a fetched snapshot is older than a push already seen', async () => {
    const view = setup();
    await connected(view);
    vi.useFakeTimers();
    // The window's fetch answers seq 2 although seq 4 was pushed: one more fetch follows.
    server.snapshot = hostEventDetails({ id: EVENT_ID, seq: 2 });
    act(() => pushJoined(4));
    await act(() => vi.advanceTimersByTimeAsync(REORDER_WINDOW_MS));
    expect(server.fetches).toBe(2);
    expect(view.cached()?.seq).toBe(2);

    server.snapshot = hostEventDetails({ id: EVENT_ID, seq: 4 });
    await act(() => vi.advanceTimersByTimeAsync(RESYNC_RETRY_MS));
    expect(server.fetches).toBe(3);
    expect(view.cached()?.seq).toBe(4);
  });

  it('on reconnect subscribes again and fetches only if the room moved meanwhile', async () => {
    const view = setup();
    await connected(view);

    act(() => socket().serverDisconnect());
    expect(view.result.current.room).toEqual({ live: false, pollInterval: EVENT_DETAILS_POLL_MS });
    act(() => socket().serverConnect());
    await waitFor(() => expect(view.result.current.room.live).toBe(true));
    expect(socket().sent('event:subscribe')).toHaveLength(2);
    expect(server.fetches).toBe(1);

    act(() => socket().serverDisconnect());
    server.snapshot = hostEventDetails({ id: EVENT_ID, seq: 4 });
    act(() => socket().serverConnect());
    await waitFor(() => expect(view.cached()?.seq).toBe(4));
    expect(socket().sent('event:subscribe')).toHaveLength(3);
    expect(server.fetches).toBe(2);
  });

  it('on reconnect applies the delta of what it missed instead of fetching the snapshot', async () => {
    const view = setup();
    await connected(view);
    act(() => socket().serverDisconnect());

    // Away: the song was requested twice more and a new one came in (seqs 2–4).
    const moved = groupedSong({ request_count: 3 });
    const added = groupedSong({ song_id: 'cat-black-lace--agadoo', request_count: 1 });
    socket().answer = (event, payload) =>
      event === 'event:subscribe'
        ? {
            ok: true,
            data: {
              seq: 4,
              delta: {
                fromSeq: (payload as { since: number }).since,
                toSeq: 4,
                upserted: [moved, added],
                recounted: [],
                removed: [],
                stats: { joined: 2, requests: 4 },
              },
            },
          }
        : undefined;
    act(() => socket().serverConnect());
    await waitFor(() => expect(view.cached()?.seq).toBe(4));
    expect(socket().sent('event:subscribe').at(-1)).toEqual({
      eventId: EVENT_ID,
      since: 1,
      inflate: DELTA_ENCODING,
    });
    expect(view.cached()?.grouped_song_requests).toEqual([moved, added]);
    expect(view.cached()).toMatchObject({ enrolled_users_count: 2, song_requests_count: 4 });
    expect(server.fetches).toBe(1);

    // A push of the next write follows the delta without a gap.
    act(() => pushJoined(5));
    expect(view.cached()?.seq).toBe(5);
    expect(server.fetches).toBe(1);
  });

  it('inflates a big delta that came deflated, and fetches the snapshot when it cannot', async () => {
    const view = setup();
    await connected(view);
    act(() => socket().serverDisconnect());
    const moved = groupedSong({ request_count: 7 });
    const delta: RoomDelta = {
      fromSeq: 1,
      toSeq: 3,
      upserted: [moved],
      recounted: [],
      removed: [],
      stats: { joined: 1, requests: 7 },
    };
    // What Socket.IO hands the browser for a Buffer: an ArrayBuffer.
    const packed = Uint8Array.from(deflateRawSync(JSON.stringify(delta))).buffer;
    socket().answer = (event) =>
      event === 'event:subscribe'
        ? { ok: true, data: { seq: 3, deltaDeflated: packed } }
        : undefined;
    act(() => socket().serverConnect());
    await waitFor(() => expect(view.cached()?.seq).toBe(3));
    expect(view.cached()?.grouped_song_requests).toEqual([moved]);
    expect(server.fetches).toBe(1);

    // Bytes that do not inflate count as no delta: the snapshot is fetched whole.
    act(() => socket().serverDisconnect());
    server.snapshot = hostEventDetails({ id: EVENT_ID, seq: 5 });
    socket().answer = (event) =>
      event === 'event:subscribe'
        ? { ok: true, data: { seq: 5, deltaDeflated: new Uint8Array([1, 2, 3]).buffer } }
        : undefined;
    act(() => socket().serverConnect());
    await waitFor(() => expect(view.cached()?.seq).toBe(5));
    expect(server.fetches).toBe(2);
  });

  it('fetches the snapshot when the delta is for another seq than the one held', async () => {
    const view = setup();
    await connected(view);
    act(() => socket().serverDisconnect());
    server.snapshot = hostEventDetails({ id: EVENT_ID, seq: 6 });
    socket().answer = (event) =>
      event === 'event:subscribe'
        ? {
            ok: true,
            data: {
              seq: 6,
              delta: {
                fromSeq: 3,
                toSeq: 6,
                upserted: [],
                recounted: [],
                removed: [],
                stats: { joined: 0, requests: 0 },
              },
            },
          }
        : undefined;
    act(() => socket().serverConnect());
    await waitFor(() => expect(view.cached()?.seq).toBe(6));
    expect(server.fetches).toBe(2);
  });

  it('polls every 5 s while the socket is down, and not while live', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const view = setup();
    await waitFor(() => expect(server.fetches).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(EVENT_DETAILS_POLL_MS));
    expect(server.fetches).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(EVENT_DETAILS_POLL_MS));
    expect(server.fetches).toBe(3);

    act(() => socket().serverConnect());
    await waitFor(() => expect(view.result.current.room.live).toBe(true));
    await act(() => vi.advanceTimersByTimeAsync(EVENT_DETAILS_POLL_MS * 3));
    expect(server.fetches).toBe(3);

    act(() => socket().serverDisconnect());
    await act(() => vi.advanceTimersByTimeAsync(EVENT_DETAILS_POLL_MS));
    expect(server.fetches).toBe(4);
  });

  it('stays on the poll when the server refuses the room (not joined yet)', async () => {
    socket().answer = () => ({ ok: false, error: 'Not found.' });
    const view = setup();
    await waitFor(() => expect(view.result.current.details.data).toBeDefined());
    act(() => socket().serverConnect());
    await waitFor(() => expect(socket().sent('event:subscribe')).toHaveLength(1));
    await act(() => Promise.resolve());
    expect(view.result.current.room.live).toBe(false);
  });

  it('subscribes only once enabled (after joining) and leaves the room when disabled', async () => {
    const view = setup({ enabled: false });
    await waitFor(() => expect(view.result.current.details.data).toBeDefined());
    act(() => socket().serverConnect());
    expect(socket().sent('event:subscribe')).toEqual([]);

    view.rerender({ enabled: true });
    await waitFor(() => expect(view.result.current.room.live).toBe(true));

    view.rerender({ enabled: false });
    expect(view.result.current.room.live).toBe(false);
    expect(socket().sent('event:unsubscribe')).toEqual([{ eventId: EVENT_ID }]);
  });

  it('tells the page when the host deletes the event', async () => {
    const view = setup();
    await connected(view);
    act(() => socket().push('event:deleted', { eventId: 99, seq: 5 }));
    expect(view.onDeleted).not.toHaveBeenCalled();
    act(() => socket().push('event:deleted', { eventId: EVENT_ID, seq: 5 }));
    expect(view.onDeleted).toHaveBeenCalledOnce();
  });

  it('stops listening and leaves the room when unmounted', async () => {
    const view = setup();
    await connected(view);
    expect(socket().listenerCount('request:upserted')).toBe(1);
    view.unmount();
    expect(socket().listenerCount('request:upserted')).toBe(0);
    expect(socket().sent('event:unsubscribe')).toEqual([{ eventId: EVENT_ID }]);
  });

  it('keeps the newest line an attendee’s room sends, and fetches again when the host rejects one of their songs', async () => {
    const line = (seq: number, songId: string) => ({
      seq,
      songs: [[songId, 200, 1] as [string, number, number]],
      more: false,
      popular: [],
    });
    server.snapshot = attendeeEventDetails({ id: EVENT_ID, seq: 3, line: line(3, 'first') });
    const view = setup();
    await connected(view);
    const lineNow = () => (view.cached() as RoomSnapshot | undefined)?.line;

    act(() => socket().push('event:line', { eventId: EVENT_ID, line: line(5, 'newer') }));
    expect(lineNow()).toEqual(line(5, 'newer'));
    // Older (another node's, late) or another event's: not taken.
    act(() => socket().push('event:line', { eventId: EVENT_ID, line: line(4, 'older') }));
    act(() => socket().push('event:line', { eventId: 99, line: line(9, 'elsewhere') }));
    expect(lineNow()).toEqual(line(5, 'newer'));
    expect(view.cached()?.seq).toBe(3);

    const fetches = server.fetches;
    act(() =>
      socket().push('request:rejected', {
        eventId: EVENT_ID,
        seq: 4,
        songId: 'first',
        songName: 'First',
        eventName: 'Neon Nights',
      }),
    );
    await waitFor(() => expect(server.fetches).toBe(fetches + 1));
  });
});
