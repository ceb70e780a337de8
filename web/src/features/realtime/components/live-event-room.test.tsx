import { EVENT_DETAILS_POLL_MS } from '@floorfill/shared';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectSocket, resetSocketForTests } from '@/lib/socket';
import { attendeeEventDetails } from '../testing/fixtures';
import { LIVE_ON, LIVE_OFF } from './live-status';
import { LiveEventRoom, RoomLiveStatus } from './live-event-room';
import { openedSocket as socket } from '../testing/socket-io-mock';

vi.mock('socket.io-client', () => import('@/features/realtime/testing/socket-io-mock'));

const EVENT_ID = 7;

/** The page's query, as the page and its room both observe it; fetches are counted. */
function snapshotQuery(fetches: { count: number }) {
  return {
    queryKey: ['attendance', 'details', EVENT_ID] as const,
    queryFn: () => {
      fetches.count += 1;
      return Promise.resolve(attendeeEventDetails({ id: EVENT_ID, seq: 1 }));
    },
  };
}

/** What the room needs around it: the theme (for the status) and a data cache. */
function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

beforeEach(() => {
  connectSocket();
  socket().answer = (event) =>
    event === 'event:subscribe' ? { ok: true, data: { seq: 1 } } : undefined;
});

afterEach(() => {
  vi.useRealTimers();
  resetSocketForTests();
});

describe('LiveEventRoom', () => {
  it('goes live without drawing the page inside it again', async () => {
    const fetches = { count: 0 };
    const pageRenders = vi.fn();
    function Page() {
      const details = useQuery(snapshotQuery(fetches));
      pageRenders(details.data?.seq);
      return <RoomLiveStatus />;
    }
    render(
      <Providers>
        <LiveEventRoom
          eventId={EVENT_ID}
          snapshot={snapshotQuery(fetches)}
          enabled
          onDeleted={() => undefined}
        >
          <Page />
        </LiveEventRoom>
      </Providers>,
    );
    expect(await screen.findByText(LIVE_OFF)).toBeInTheDocument();
    await waitFor(() => expect(pageRenders).toHaveBeenLastCalledWith(1));
    const rendersBefore = pageRenders.mock.calls.length;

    act(() => socket().serverConnect());

    expect(await screen.findByText(LIVE_ON)).toBeInTheDocument();
    expect(socket().sent('event:subscribe')).toHaveLength(1);
    expect(pageRenders).toHaveBeenCalledTimes(rendersBefore);
  });

  it('polls the snapshot every 5 s until live', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetches = { count: 0 };
    render(
      <Providers>
        <LiveEventRoom
          eventId={EVENT_ID}
          snapshot={snapshotQuery(fetches)}
          enabled
          onDeleted={() => undefined}
        >
          <RoomLiveStatus />
        </LiveEventRoom>
      </Providers>,
    );
    await waitFor(() => expect(fetches.count).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(EVENT_DETAILS_POLL_MS));
    expect(fetches.count).toBe(2);

    act(() => socket().serverConnect());
    expect(await screen.findByText(LIVE_ON)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(EVENT_DETAILS_POLL_MS * 2));
    expect(fetches.count).toBe(2);
  });
});
