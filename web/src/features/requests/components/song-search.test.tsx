import {
  attendeeEventDetailsSchema,
  type AttendeeEventDetails,
  CLIENT_REQUEST_ID_PATTERN,
  freeTextSongId,
  SONG_SEARCH_DEBOUNCE_MS,
  TRUNCATE,
} from '@floorfill/shared';
import { onlineManager, useQuery } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  attendeeEventDetails,
  catalogSong,
  songRequest,
} from '@/features/realtime/testing/fixtures';
import { api } from '@/lib/api-client';
import { renderWithProviders, stubApi } from '@/testing/render';
import { OUTBOX_MSG } from '../api/song-requests';
import { requestedSongIds } from '../utils/own-requests';
import { CANCEL_SETTLE_MS } from '../utils/use-settled-cancel';
import { askAnywayLabel } from './ask-anyway';
import {
  CANCEL_FROM_RESULTS,
  NO_SONGS_FOUND,
  SEARCH_NEEDS_CONNECTION,
  SongSearch,
} from './song-search';

const LONG_TITLE = 'Bohemian Rhapsody (Remastered 2011 Version)';

/** Where the harness caches the event page's snapshot; the search is told so, as the page tells it. */
const DETAILS_KEY = ['event-page', 7];

/** The search as the event page mounts it: what was requested comes from the page's snapshot. */
function EventPageHarness() {
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
  const requested = requestedSongIds(details.data?.song_requests ?? []);
  return (
    <SongSearch
      eventId={7}
      attendeeId={5}
      detailsKey={DETAILS_KEY}
      requested={requested}
      canRequest
      firstRequest={requested.size === 0}
      autoFocus
      room={
        details.data && {
          requests: details.data.song_requests,
          nowPlaying: details.data.now_playing,
          line: details.data.line,
          timeZone: details.data.timezone,
        }
      }
    />
  );
}

function stubServer(
  options: {
    requested?: boolean;
    songs?: ReturnType<typeof catalogSong>[];
    line?: AttendeeEventDetails['line'];
  } = {},
) {
  const song = catalogSong();
  return stubApi({
    '/api/v1/get-attendee-event-details': {
      body: {
        status: true,
        msg: '',
        data: attendeeEventDetails({
          song_requests: options.requested ? [songRequest()] : [],
          ...(options.line ? { line: options.line } : {}),
        }),
      },
    },
    '/api/v1/get-search-song-list': {
      body: { status: true, msg: '', data: options.songs ?? [song] },
    },
    '/api/v1/send-song-request': {
      status: 201,
      body: {
        status: true,
        msg: 'Song requested.',
        data: {
          song_request: songRequest(),
          grouped_song_request: {
            ...songRequest(),
            request_count: 1,
            first_requested_at: songRequest().created_at,
            played_at: null,
            later: false,
            dedication_count: 0,
            turn: 1,
            boost_cents: 0,
            held: false,
            free_text: false,
          },
          created: true,
        },
      },
    },
    '/api/v1/cancel-song-request': {
      body: {
        status: true,
        msg: 'Song request cancelled.',
        data: { event_id: 7, song_id: song.song_id, grouped_song_request: null },
      },
    },
  });
}

const searches = (calls: ReturnType<typeof stubApi>) =>
  calls.filter((call) => call.path === '/api/v1/get-search-song-list');

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
});

function user() {
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

async function pause(ms = SONG_SEARCH_DEBOUNCE_MS) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

describe('the song search on the event page', () => {
  it('has the cursor when the page opens, and does not search for an empty or blank term', async () => {
    const calls = stubServer();
    renderWithProviders(<EventPageHarness />);
    const input = await screen.findByLabelText('Search songs');
    expect(input).toHaveFocus();

    await user().type(input, '   ');
    await pause(SONG_SEARCH_DEBOUNCE_MS * 2);
    expect(searches(calls)).toHaveLength(0);
    expect(screen.queryByRole('list', { name: 'Search results' })).not.toBeInTheDocument();
  });

  it('searches once typing has paused for a moment, with the last term', async () => {
    const calls = stubServer();
    renderWithProviders(<EventPageHarness />);
    await user().type(await screen.findByLabelText('Search songs'), 'bohem');
    expect(searches(calls)).toHaveLength(0);
    expect(screen.getByText('Searching…')).toBeInTheDocument();

    await pause(SONG_SEARCH_DEBOUNCE_MS - 100);
    expect(searches(calls)).toHaveLength(0);
    await pause(100);
    expect(searches(calls).map((call) => call.search)).toEqual(['?q=bohem']);
    expect(await screen.findByText('Bohemian Rhapsody')).toBeInTheDocument();
  });

  it('turns Request into Cancel and back, sending the spec payload in snake_case', async () => {
    const calls = stubServer();
    renderWithProviders(<EventPageHarness />);
    const typist = user();
    await typist.type(await screen.findByLabelText('Search songs'), 'queen');
    await pause();

    await typist.click(
      await screen.findByRole('button', { name: 'Request Bohemian Rhapsody by Queen' }),
    );
    const cancel = await screen.findByRole('button', {
      name: 'Cancel request for Bohemian Rhapsody by Queen',
    });
    expect(calls.find((call) => call.path === '/api/v1/send-song-request')?.body).toEqual({
      event_id: 7,
      attendee_id: 5,
      song_id: 'cat-queen--bohemian-rhapsody',
      song_name: 'Bohemian Rhapsody',
      song_image: null,
      song_link: null,
      song_duration: 354,
      album_name: 'A Night at the Opera',
      song_artist: 'Queen',
      message: null,
      explicit: false,
      free_text: null,
      // A fresh idempotency key: a retry of this request would carry the same one.
      client_request_id: expect.stringMatching(CLIENT_REQUEST_ID_PATTERN),
    });

    // The second tap of a double tap lands on Cancel at once: it does nothing.
    await typist.click(cancel);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/v1/cancel-song-request')).toBe(false);

    // A deliberate Cancel asks first, as the × in "Your requests" does.
    await pause(CANCEL_SETTLE_MS);
    await typist.click(cancel);
    const confirm = await screen.findByRole('dialog', { name: CANCEL_FROM_RESULTS.title });
    expect(calls.some((call) => call.path === '/api/v1/cancel-song-request')).toBe(false);
    await typist.click(within(confirm).getByRole('button', { name: CANCEL_FROM_RESULTS.confirm }));
    expect(
      await screen.findByRole('button', { name: 'Request Bohemian Rhapsody by Queen' }),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/v1/cancel-song-request')?.body).toEqual({
      event_id: 7,
      song_id: 'cat-queen--bohemian-rhapsody',
    });
  });

  it('sends a dedication only when one was added, folded away until asked for', async () => {
    const calls = stubServer();
    renderWithProviders(<EventPageHarness />);
    const typist = user();
    const fold = await screen.findByRole('button', { name: 'Add a dedication (optional)' });
    expect(fold).toHaveAttribute('aria-expanded', 'false');
    await typist.click(fold);
    expect(fold).toHaveAttribute('aria-expanded', 'true');
    await typist.type(screen.getByLabelText('Dedication'), '  For Sam!  ');
    await typist.type(screen.getByLabelText('Search songs'), 'queen');
    await pause();
    await typist.click(
      await screen.findByRole('button', { name: 'Request Bohemian Rhapsody by Queen' }),
    );
    await screen.findByRole('button', { name: 'Cancel request for Bohemian Rhapsody by Queen' });
    expect(calls.find((call) => call.path === '/api/v1/send-song-request')?.body).toMatchObject({
      message: 'For Sam!',
    });
    // Sent: the field is emptied and folded away again.
    expect(screen.getByRole('button', { name: 'Add a dedication (optional)' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('asks once for notifications after the first request, never before', async () => {
    stubServer();
    const requestPermission = vi.fn(async () => 'denied' as NotificationPermission);
    vi.stubGlobal('Notification', { permission: 'default', requestPermission });
    try {
      renderWithProviders(<EventPageHarness />);
      const typist = user();
      await typist.type(await screen.findByLabelText('Search songs'), 'queen');
      await pause();
      expect(requestPermission).not.toHaveBeenCalled();
      await typist.click(
        await screen.findByRole('button', { name: 'Request Bohemian Rhapsody by Queen' }),
      );
      expect(requestPermission).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('keeps a request made offline without an error: the result offers Cancel, which drops it', async () => {
    const calls = stubServer();
    renderWithProviders(<EventPageHarness />);
    const typist = user();
    await typist.type(await screen.findByLabelText('Search songs'), 'queen');
    await pause();
    const request = await screen.findByRole('button', {
      name: 'Request Bohemian Rhapsody by Queen',
    });
    // The Wi-Fi drops as the browser tells it: onLine false, then the offline event.
    const offline = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    try {
      await typist.click(request);

      expect(await screen.findByText(OUTBOX_MSG.kept('Bohemian Rhapsody'))).toBeInTheDocument();
      const cancel = await screen.findByRole('button', {
        name: 'Cancel request for Bohemian Rhapsody by Queen',
      });
      await pause(CANCEL_SETTLE_MS);
      await typist.click(cancel);
      const confirm = await screen.findByRole('dialog', { name: CANCEL_FROM_RESULTS.title });
      await typist.click(
        within(confirm).getByRole('button', { name: CANCEL_FROM_RESULTS.confirm }),
      );
      expect(
        await screen.findByRole('button', { name: 'Request Bohemian Rhapsody by Queen' }),
      ).toBeInTheDocument();
      expect(
        calls.filter(
          (call) =>
            call.path !== '/api/v1/get-search-song-list' &&
            call.path !== '/api/v1/get-attendee-event-details',
        ),
      ).toEqual([]);
    } finally {
      offline.mockRestore();
      onlineManager.setOnline(true);
    }
  });

  it('offers Cancel for a song already requested', async () => {
    stubServer({ requested: true });
    renderWithProviders(<EventPageHarness />);
    await user().type(await screen.findByLabelText('Search songs'), 'queen');
    await pause();
    expect(
      await screen.findByRole('button', { name: 'Cancel request for Bohemian Rhapsody by Queen' }),
    ).toBeInTheDocument();
  });

  it('shows where a requested song stands right in its result', async () => {
    const song = catalogSong();
    stubServer({
      requested: true,
      line: {
        seq: 2,
        songs: [
          ['cat-other--song', 200, 3],
          [song.song_id, song.song_duration, 1],
        ],
        more: false,
        popular: [],
      },
    });
    renderWithProviders(<EventPageHarness />);
    await user().type(await screen.findByLabelText('Search songs'), 'queen');
    await pause();
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(await within(results).findByText(/^#2 in line/)).toBeInTheDocument();
  });

  it('cuts title, artist and album at 23, 23 and 25 characters, keeping the full text as a title', async () => {
    const artist = 'Queen & The Royal Philharmonic';
    const album = 'A Night at the Opera (Deluxe Edition)';
    stubServer({
      songs: [catalogSong({ song_name: LONG_TITLE, song_artist: artist, album_name: album })],
    });
    renderWithProviders(<EventPageHarness />);
    await user().type(await screen.findByLabelText('Search songs'), 'queen');
    await pause();

    const results = await screen.findByRole('list', { name: 'Search results' });
    const title = within(results).getByText(
      `${LONG_TITLE.slice(0, TRUNCATE.songTitle).trimEnd()}…`,
    );
    expect(title).toHaveAttribute('title', LONG_TITLE);
    expect(within(results).getByTitle(artist)).toHaveTextContent(
      `${artist.slice(0, TRUNCATE.songArtist).trimEnd()}…`,
    );
    expect(within(results).getByTitle(album)).toHaveTextContent(
      `${album.slice(0, TRUNCATE.songAlbum).trimEnd()}…`,
    );
  });

  it('never shows a song’s placeholder album, which would read as its artist', async () => {
    stubServer({
      songs: [catalogSong({ song_name: 'Our Song', song_artist: 'Us', album_name: 'N/A' })],
    });
    renderWithProviders(<EventPageHarness />);
    await user().type(await screen.findByLabelText('Search songs'), 'our song');
    await pause();
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(within(results).getByText('Our Song')).toBeInTheDocument();
    expect(within(results).queryByText('N/A')).not.toBeInTheDocument();
  });

  it('says offline that searching needs a connection, never showing an earlier term’s results', async () => {
    stubServer();
    renderWithProviders(<EventPageHarness />);
    const typist = user();
    const input = await screen.findByLabelText('Search songs');
    await typist.type(input, 'queen');
    await pause();
    expect(await screen.findByRole('list', { name: 'Search results' })).toBeInTheDocument();

    act(() => onlineManager.setOnline(false));
    try {
      await typist.clear(input);
      await typist.type(input, 'abba');
      await pause();
      expect(await screen.findByText(SEARCH_NEEDS_CONNECTION)).toBeInTheDocument();
      expect(screen.queryByRole('list', { name: 'Search results' })).not.toBeInTheDocument();
    } finally {
      act(() => onlineManager.setOnline(true));
    }
  });

  it('says so when nothing matches', async () => {
    stubServer({ songs: [] });
    renderWithProviders(<EventPageHarness />);
    await user().type(await screen.findByLabelText('Search songs'), 'zzzz');
    await pause();
    expect(await screen.findByText(NO_SONGS_FOUND)).toBeInTheDocument();
  });
});

describe('“Request … anyway” on the event page', () => {
  /** The server's answer to a typed song: the request under the id it made from the words. */
  function stubTypedServer(songs: ReturnType<typeof catalogSong>[] = []) {
    return stubApi({
      '/api/v1/get-attendee-event-details': {
        body: { status: true, msg: '', data: attendeeEventDetails({ song_requests: [] }) },
      },
      '/api/v1/get-search-song-list': { body: { status: true, msg: '', data: songs } },
      '/api/v1/send-song-request': (body) => {
        const sent = body as { song_id: string; song_name: string; song_artist: string };
        const request = songRequest({
          song_id: sent.song_id,
          song_name: sent.song_name,
          song_artist: sent.song_artist || null,
          album_name: 'N/A',
          song_duration: 5,
        });
        const grouped = {
          ...request,
          request_count: 1,
          first_requested_at: request.created_at,
          later: false,
          dedication_count: 0,
          turn: 1,
          boost_cents: 0,
          held: false,
          free_text: true,
        };
        const data = { song_request: request, grouped_song_request: grouped, created: true };
        return { status: 201, body: { status: true, msg: 'Song requested.', data } };
      },
    });
  }

  it('offers the typed words when nothing matches, and sends them as free text in one tap', async () => {
    const calls = stubTypedServer();
    renderWithProviders(<EventPageHarness />);
    const typist = user();
    await typist.type(await screen.findByLabelText('Search songs'), 'Wonderwall - Oasis');
    await pause();
    expect(await screen.findByText(NO_SONGS_FOUND)).toBeInTheDocument();
    expect(
      screen.getByText('Sent as “Wonderwall” by Oasis, marked as typed by you.'),
    ).toBeVisible();

    await typist.click(screen.getByRole('button', { name: askAnywayLabel('Wonderwall - Oasis') }));

    expect(
      await screen.findByRole('button', { name: 'Cancel request for “Wonderwall - Oasis”' }),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/v1/send-song-request')?.body).toEqual({
      event_id: 7,
      attendee_id: 5,
      song_id: freeTextSongId('Wonderwall', 'Oasis'),
      song_name: 'Wonderwall',
      song_artist: 'Oasis',
      song_image: null,
      song_link: null,
      song_duration: 5,
      album_name: 'N/A',
      message: null,
      explicit: null,
      free_text: true,
      client_request_id: expect.stringMatching(CLIENT_REQUEST_ID_PATTERN),
    });
  });

  it('sends text without a dash as the title alone, and says how to name the artist', async () => {
    const calls = stubTypedServer();
    renderWithProviders(<EventPageHarness />);
    const typist = user();
    await typist.type(await screen.findByLabelText('Search songs'), '  my   cousin’s song ');
    await pause();
    expect(await screen.findByText(NO_SONGS_FOUND)).toBeInTheDocument();
    expect(screen.getByText(/Name the artist too with “Title - Artist”/)).toBeVisible();

    await typist.click(screen.getByRole('button', { name: askAnywayLabel('my cousin’s song') }));

    await screen.findByRole('button', { name: 'Cancel request for “my cousin’s song”' });
    expect(calls.find((call) => call.path === '/api/v1/send-song-request')?.body).toMatchObject({
      song_id: freeTextSongId('my cousin’s song', null),
      song_name: 'my cousin’s song',
      song_artist: '',
      free_text: true,
    });
  });

  it('offers it below the results too, for a song they do not have', async () => {
    stubTypedServer([catalogSong()]);
    renderWithProviders(<EventPageHarness />);
    await user().type(await screen.findByLabelText('Search songs'), 'queen');
    await pause();
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(within(results).getByText('Bohemian Rhapsody')).toBeInTheDocument();
    expect(screen.queryByText(NO_SONGS_FOUND)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: askAnywayLabel('queen') })).toBeEnabled();
  });
});
