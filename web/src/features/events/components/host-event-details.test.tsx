import { EVENT_PAGE_WORDS, MSG, type GroupedSongRequest } from '@floorfill/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectSocket, resetSocketForTests } from '@/lib/socket';
import { renderRoutes, stubApi } from '@/testing/render';
import { hostEventDetails } from '../testing/event-fixture';
import { HostEventDetails } from './host-event-details';
import { SongRequestCard } from './song-request-card';
import type * as SongRequestCardModule from './song-request-card';
import { openedSocket } from '@/features/realtime/testing/socket-io-mock';

vi.mock('socket.io-client', () => import('@/features/realtime/testing/socket-io-mock'));

// Each song's card, counted as it is drawn.
vi.mock('./song-request-card', async (importOriginal) => {
  const actual = await importOriginal<typeof SongRequestCardModule>();
  return { ...actual, SongRequestCard: vi.fn(actual.SongRequestCard) };
});

afterEach(() => {
  resetSocketForTests();
});

function song(overrides: Partial<GroupedSongRequest> = {}): GroupedSongRequest {
  return {
    event_id: 7,
    song_id: 'cat-42',
    song_name: 'A Very Long Song Title That Goes On',
    song_artist: 'The Band',
    album_name: 'Greatest Hits',
    song_image: null,
    song_link: null,
    song_duration: 200,
    status: 0,
    request_count: 2,
    first_requested_at: '2026-11-21T20:05:00.000Z',
    played_at: null,
    later: false,
    dedication_count: 0,
    turn: 1,
    boost_cents: 0,
    held: false,
    free_text: false,
    ...overrides,
  };
}

function renderDetails(id = 7) {
  return renderRoutes(
    [
      { path: '/host/event/:eventId', element: <HostEventDetails eventId={id} /> },
      { path: '/404', element: <p>{MSG.pageNotFound}</p> },
    ],
    `/host/event/${id}`,
  );
}

describe('host event details', () => {
  it('goes live without drawing the songs again', async () => {
    stubApi({
      '/api/v1/get-event-details': {
        body: {
          status: true,
          msg: '',
          data: hostEventDetails({ grouped_song_requests: [song(), song({ song_id: 'cat-7' })] }),
        },
      },
    });
    connectSocket();
    const socket = openedSocket();
    socket.answer = (event) =>
      event === 'event:subscribe' ? { ok: true, data: { seq: 1 } } : undefined;
    renderDetails();
    expect(await screen.findAllByText('A Very Long Song Title…')).toHaveLength(2);
    const drawn = vi.mocked(SongRequestCard).mock.calls.length;

    act(() => socket.serverConnect());

    expect(await screen.findByText(EVENT_PAGE_WORDS.liveOn)).toBeInTheDocument();
    expect(socket.sent('event:subscribe')).toHaveLength(1);
    expect(vi.mocked(SongRequestCard).mock.calls.length).toBe(drawn);
  });

  it("opens the 404 page for an event that is not the host's", async () => {
    stubApi({
      '/api/v1/get-event-details': {
        status: 404,
        body: { status: false, msg: 'Event not found.' },
      },
    });
    const { router } = renderDetails();

    expect(await screen.findByText(MSG.pageNotFound)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/404');
  });

  it('shows each song with its count and status, cut to length with the full text on hover', async () => {
    const bio = 'b'.repeat(140);
    stubApi({
      '/api/v1/get-event-details': {
        body: {
          status: true,
          msg: '',
          data: hostEventDetails({
            grouped_song_requests: [
              song(),
              song({ song_id: 'cat-7', status: 1, request_count: 1 }),
            ],
            host: { ...hostEventDetails().host, bio },
          }),
        },
      },
    });
    renderDetails();

    const titles = await screen.findAllByText('A Very Long Song Title…');
    expect(titles[0]).toHaveAttribute('title', 'A Very Long Song Title That Goes On');
    expect(screen.getByText('Requested by 2 attendees')).toBeInTheDocument();
    expect(screen.getByText('Requested by 1 attendee')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Not played' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Played' })).toBeInTheDocument();
    expect(screen.getByText(`${'b'.repeat(100)}…`)).toBeInTheDocument();
  });

  it('marks a song a guest typed as such, and only that one', async () => {
    stubApi({
      '/api/v1/get-event-details': {
        body: {
          status: true,
          msg: '',
          data: hostEventDetails({
            grouped_song_requests: [
              song(),
              song({
                song_id: 'typed-1',
                song_name: 'Our Song',
                song_artist: null,
                free_text: true,
              }),
            ],
          }),
        },
      },
    });
    renderDetails();

    const ours = (await screen.findByText('Our Song')).closest('li') as HTMLElement;
    expect(within(ours).getByText('Typed by guest')).toBeVisible();
    expect(screen.getAllByText('Typed by guest')).toHaveLength(1);
  });

  it('marks a song played only after the host confirms', async () => {
    const calls = stubApi({
      '/api/v1/get-event-details': {
        body: {
          status: true,
          msg: '',
          data: hostEventDetails({ grouped_song_requests: [song()] }),
        },
      },
      '/api/v1/mark-as-song-request': {
        body: { status: true, msg: 'Marked as played.', data: song({ status: 1 }) },
      },
    });
    const user = userEvent.setup({ delay: null });
    renderDetails();

    await user.click(
      await screen.findByRole('button', { name: /^Mark as played: A Very Long Song/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Mark as played?' });
    expect(calls.some((call) => call.path === '/api/v1/mark-as-song-request')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Mark as played' }));

    expect(await screen.findByText('Marked as played.')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/v1/mark-as-song-request')?.body).toEqual({
      event_id: 7,
      song_id: 'cat-42',
      mark_as: 'played',
    });
  });
});
