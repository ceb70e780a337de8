import { attendeeEventDetailsSchema, CLIENT_REQUEST_ID_PATTERN } from '@floorfill/shared';
import { Button } from '@mantine/core';
import { onlineManager, useQuery } from '@tanstack/react-query';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  attendeeEventDetails,
  catalogSong,
  groupedSong,
  songRequest,
} from '@/features/realtime/testing/fixtures';
import { api } from '@/lib/api-client';
import { renderWithProviders, stubApi } from '@/testing/render';
import { keptRequests, OUTBOX_MAX_AGE_MS, OUTBOX_STORAGE_KEY } from '../api/request-outbox';
import { OUTBOX_MSG, OUTBOX_RETRY_MS, useSendSongRequest } from '../api/song-requests';
import { songRequestPayload } from '../utils/song-request-payload';
import { OutboxRequests } from './outbox-requests';

/**
 * The outbox (issue 15): a request made without a connection is kept on the
 * device, shown as "Will send when you're back online", and sent once the
 * connection is back, with the key of its first try; a refusal ends it.
 */

const DETAILS_KEY = ['event-page', 7];
const SEND = '/api/v1/send-song-request';
const SONG = 'Bohemian Rhapsody';

/** The event page in small: its snapshot, a Request button (any screen's send), and the outbox. */
function EventPage() {
  const [live, setLive] = useState(false);
  const details = useQuery({
    queryKey: DETAILS_KEY,
    queryFn: async () =>
      (
        await api.get('/api/v1/get-attendee-event-details', {
          query: { id: 7 },
          schema: attendeeEventDetailsSchema,
        })
      ).data,
  });
  const send = useSendSongRequest(DETAILS_KEY);
  const [said, setSaid] = useState('');
  return (
    <>
      <Button
        onClick={() =>
          send.mutate(songRequestPayload(catalogSong(), 7, 5), {
            onSuccess: (outcome) => setSaid(`${outcome.kept ? 'kept' : 'sent'}: ${outcome.msg}`),
            onError: (error) => setSaid(`failed: ${error.message}`),
          })
        }
      >
        Request
      </Button>
      <p>{said}</p>
      <p>{details.data ? 'Details loaded' : 'Loading details'}</p>
      <Button onClick={() => setLive(true)}>Live connection back</Button>
      <ul aria-label="Your requests">
        {details.data?.song_requests.map((request) => (
          <li key={request.id}>{request.song_name}</li>
        ))}
      </ul>
      <OutboxRequests eventId={7} userId={5} detailsKey={DETAILS_KEY} live={live} />
    </>
  );
}

const sent = {
  status: 201,
  body: {
    status: true,
    msg: 'Song requested.',
    data: { song_request: songRequest(), grouped_song_request: groupedSong(), created: true },
  },
};

/** The server: `send` answers every send-song-request, and the snapshot holds what it took. */
function stubServer(send: (body: unknown) => { status?: number; body: unknown } = () => sent) {
  let taken = false;
  return stubApi({
    '/api/v1/get-attendee-event-details': () => ({
      body: {
        status: true,
        msg: '',
        data: attendeeEventDetails({ song_requests: taken ? [songRequest()] : [] }),
      },
    }),
    [SEND]: (body) => {
      const answer = send(body);
      taken ||= (answer.status ?? 200) < 300;
      return answer;
    },
  });
}

/** A send that never gets an HTTP answer (the connection dropped on the way). */
function noAnswer(): never {
  throw new TypeError('Failed to fetch');
}

const sends = (calls: ReturnType<typeof stubApi>) =>
  calls.filter((call) => call.path === SEND).map((call) => call.body as Record<string, unknown>);

let online = true;

beforeEach(() => {
  online = true;
  vi.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
});

afterEach(() => {
  // Unmounted first, so going back online sends nothing of this test's.
  cleanup();
  // React Query's idea of the connection outlives the page: leave it online.
  online = true;
  onlineManager.setOnline(true);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** What the browser does when the connection goes: `navigator.onLine` false, then `offline`. */
function goOffline() {
  online = false;
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
}

function goOnline() {
  online = true;
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

/** The page, once its snapshot is in (as a guest's page is before they can request). */
async function renderPage() {
  const view = renderWithProviders(<EventPage />);
  expect(await screen.findByText('Details loaded')).toBeInTheDocument();
  return view;
}

async function requestOnce() {
  await userEvent.click(await screen.findByRole('button', { name: 'Request' }));
}

describe('request outbox', () => {
  it('keeps a request made offline on the device, sends nothing, and says it will send later', async () => {
    const calls = stubServer();
    await renderPage();
    goOffline();

    await requestOnce();

    expect(await screen.findByText(`kept: ${OUTBOX_MSG.kept(SONG)}`)).toBeInTheDocument();
    expect(sends(calls)).toEqual([]);
    const waiting = screen.getByRole('list', { name: 'Waiting to send' });
    expect(within(waiting).getByText(SONG)).toBeInTheDocument();
    expect(within(waiting).getByText(OUTBOX_MSG.waiting)).toBeInTheDocument();
    // On the device, for this user and event: a reload finds it.
    const stored = JSON.parse(localStorage.getItem(OUTBOX_STORAGE_KEY) ?? '[]') as unknown[];
    expect(stored).toEqual([
      expect.objectContaining({
        userId: 5,
        eventId: 7,
        key: expect.stringMatching(CLIENT_REQUEST_ID_PATTERN),
      }),
    ]);
    expect(keptRequests(5, 8)).toEqual([]);
    expect(keptRequests(6, 7)).toEqual([]);
  });

  it('keeps one request for a song however often it is tapped offline', async () => {
    stubServer();
    await renderPage();
    goOffline();

    await requestOnce();
    await requestOnce();

    expect(keptRequests(5, 7)).toHaveLength(1);
    expect(screen.getAllByText(OUTBOX_MSG.waiting)).toHaveLength(1);
  });

  it('sends it once when the browser is back online, with the key it was kept with, and shows it sent', async () => {
    const calls = stubServer();
    await renderPage();
    goOffline();
    await requestOnce();
    const [kept] = keptRequests(5, 7);

    goOnline();

    expect(await screen.findByText(OUTBOX_MSG.sent(SONG))).toBeInTheDocument();
    expect(sends(calls)).toEqual([
      expect.objectContaining({ song_id: catalogSong().song_id, client_request_id: kept?.key }),
    ]);
    expect(screen.queryByRole('list', { name: 'Waiting to send' })).not.toBeInTheDocument();
    // In the guest's own list, also when the reconnect's refetch of the snapshot raced the send.
    expect(
      await within(screen.getByRole('list', { name: 'Your requests' })).findByText(SONG),
    ).toBeInTheDocument();
    expect(localStorage.getItem(OUTBOX_STORAGE_KEY)).toBeNull();

    // The live connection coming back a moment later sends nothing more.
    goOnline();
    await act(() => Promise.resolve());
    expect(sends(calls)).toHaveLength(1);
  });

  it('keeps a send that got no answer and tries it again with the same key', async () => {
    let answer: (body: unknown) => { status?: number; body: unknown } = noAnswer;
    const calls = stubServer((body) => answer(body));
    renderWithProviders(<EventPage />);

    await requestOnce();
    expect(await screen.findByText(`kept: ${OUTBOX_MSG.kept(SONG)}`)).toBeInTheDocument();
    const firstKey = sends(calls)[0]?.client_request_id;
    expect(firstKey).toMatch(CLIENT_REQUEST_ID_PATTERN);

    // Still nothing comes back when the live connection returns: kept, same key.
    await userEvent.click(screen.getByRole('button', { name: 'Live connection back' }));
    await waitFor(() => expect(sends(calls)).toHaveLength(2));
    expect(keptRequests(5, 7)).toHaveLength(1);

    // The server answers at last (its first answer to the key, had it taken the first try).
    answer = () => sent;
    goOnline();
    expect(await screen.findByText(OUTBOX_MSG.sent(SONG))).toBeInTheDocument();
    expect(sends(calls).map((body) => body.client_request_id)).toEqual([
      firstKey,
      firstKey,
      firstKey,
    ]);
    expect(keptRequests(5, 7)).toEqual([]);
  });

  it('drops a kept request the server refuses (4xx) and shows the server’s words', async () => {
    const calls = stubServer(() => ({
      status: 409,
      body: { status: false, msg: 'This event has ended.' },
    }));
    await renderPage();
    goOffline();
    await requestOnce();

    goOnline();

    expect(await screen.findByText('This event has ended.')).toBeInTheDocument();
    expect(sends(calls)).toHaveLength(1);
    expect(keptRequests(5, 7)).toEqual([]);
    expect(screen.queryByRole('list', { name: 'Waiting to send' })).not.toBeInTheDocument();
  });

  it('keeps it through a server error (5xx) and sends it on a later try', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status = 503;
    const calls = stubServer(() =>
      status === 503 ? { status, body: { status: false, msg: 'Busy, try again.' } } : sent,
    );
    await renderPage();
    goOffline();
    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(await screen.findByRole('button', { name: 'Request' }));

    goOnline();
    await waitFor(() => expect(sends(calls)).toHaveLength(1));
    expect(keptRequests(5, 7)).toHaveLength(1);

    status = 201;
    await act(() => vi.advanceTimersByTimeAsync(OUTBOX_RETRY_MS));
    expect(await screen.findByText(OUTBOX_MSG.sent(SONG))).toBeInTheDocument();
    expect(sends(calls)).toHaveLength(2);
    expect(new Set(sends(calls).map((body) => body.client_request_id)).size).toBe(1);
  });

  it('sends what a reload finds kept', async () => {
    stubServer();
    const first = await renderPage();
    goOffline();
    await requestOnce();
    first.unmount();

    goOnline();
    const calls = stubServer();
    renderWithProviders(<EventPage />);

    expect(await screen.findByText(OUTBOX_MSG.sent(SONG))).toBeInTheDocument();
    expect(sends(calls)).toHaveLength(1);
  });

  it('lets the guest cancel a kept request before it is sent', async () => {
    const calls = stubServer();
    await renderPage();
    goOffline();
    await requestOnce();

    await userEvent.click(await screen.findByRole('button', { name: `Don't send: ${SONG}` }));

    expect(screen.queryByRole('list', { name: 'Waiting to send' })).not.toBeInTheDocument();
    goOnline();
    await act(() => Promise.resolve());
    expect(sends(calls)).toEqual([]);
  });

  it('gives up a request kept for more than a day', async () => {
    stubServer();
    const first = await renderPage();
    goOffline();
    await requestOnce();
    first.unmount();
    goOnline();
    const stored = JSON.parse(localStorage.getItem(OUTBOX_STORAGE_KEY) ?? '[]') as Array<{
      keptAt: number;
    }>;
    localStorage.setItem(
      OUTBOX_STORAGE_KEY,
      JSON.stringify(stored.map((entry) => ({ ...entry, keptAt: Date.now() - OUTBOX_MAX_AGE_MS }))),
    );

    const calls = stubServer();
    renderWithProviders(<EventPage />);
    await screen.findByRole('button', { name: 'Request' });
    await act(() => Promise.resolve());

    expect(sends(calls)).toEqual([]);
    expect(localStorage.getItem(OUTBOX_STORAGE_KEY)).toBeNull();
  });

  it('ignores what it cannot read in storage', async () => {
    localStorage.setItem(OUTBOX_STORAGE_KEY, '{"not":"a list"');
    stubServer();
    renderWithProviders(<EventPage />);
    await screen.findByRole('button', { name: 'Request' });
    expect(screen.queryByRole('list', { name: 'Waiting to send' })).not.toBeInTheDocument();
    expect(keptRequests(5, 7)).toEqual([]);
  });
});
