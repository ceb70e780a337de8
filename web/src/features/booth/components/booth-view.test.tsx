import {
  DEFAULT_REQUEST_SETTINGS,
  EVENT_PAGE_WORDS,
  type NowPlaying,
  type RequestSettings,
} from '@floorfill/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hostEventDetails } from '@/features/events/testing/event-fixture';
import { groupedSong, songRequest } from '@/features/realtime/testing/fixtures';
import { connectSocket, resetSocketForTests } from '@/lib/socket';
import { renderWithProviders, stubApi } from '@/testing/render';
import { boothQueue } from '../utils/booth-queue';
import type * as BoothQueue from '../utils/booth-queue';
import { NOTHING_PLAYING_MSG } from '../utils/use-booth-actions';
import { BoothView } from './booth-view';
import { BOOTH_KEYS } from './key-hints';
import { UNREQUESTED_NOTE } from './now-playing';
import { RECONNECTING_MSG } from './reconnecting-banner';
import { openedSocket } from '@/features/realtime/testing/socket-io-mock';

vi.mock('socket.io-client', () => import('@/features/realtime/testing/socket-io-mock'));

// The booth works its queue out once per drawing: counting the calls counts the drawings.
vi.mock('../utils/booth-queue', async (importOriginal) => {
  const actual = await importOriginal<typeof BoothQueue>();
  return { ...actual, boothQueue: vi.fn(actual.boothQueue) };
});

const at = (minute: number) => `2026-11-21T20:${String(minute).padStart(2, '0')}:00.000Z`;

const songs = [
  groupedSong({
    song_id: 'one',
    song_name: 'One',
    song_artist: 'U2',
    request_count: 3,
    first_requested_at: at(1),
  }),
  groupedSong({
    song_id: 'two',
    song_name: 'Two Hearts',
    song_artist: 'Phil',
    request_count: 2,
    first_requested_at: at(2),
  }),
  groupedSong({
    song_id: 'three',
    song_name: 'Three Lions',
    song_artist: 'Baddiel',
    first_requested_at: at(3),
  }),
  groupedSong({
    song_id: 'four',
    song_name: 'Four Seasons',
    song_artist: 'Vivaldi',
    first_requested_at: at(4),
  }),
  groupedSong({
    song_id: 'five',
    song_name: 'Five Years',
    song_artist: 'Bowie',
    later: true,
    first_requested_at: at(0),
  }),
];

function stubBooth(
  queue = songs,
  nowPlaying: NowPlaying | null = null,
  settings: RequestSettings = DEFAULT_REQUEST_SETTINGS,
) {
  return stubApi({
    '/api/v1/get-event-details': {
      body: {
        status: true,
        msg: '',
        data: hostEventDetails({
          grouped_song_requests: queue,
          now_playing: nowPlaying,
          request_settings: settings,
        }),
      },
    },
    '/api/v1/get-song-requesters': { body: { status: true, msg: '', data: [] } },
    '/api/v1/get-event-attendees': { body: { status: true, msg: '', data: { attendees: [] } } },
    '/api/v1/mark-as-song-request': { body: { status: true, msg: 'Done.', data: null } },
  });
}

function marks(calls: ReturnType<typeof stubBooth>) {
  return calls
    .filter((call) => call.path === '/api/v1/mark-as-song-request')
    .map((call) => call.body as { song_id: string; mark_as: string });
}

function renderBooth() {
  return renderWithProviders(<BoothView eventId={7} />, '/host/event/7/booth');
}

afterEach(() => {
  resetSocketForTests();
  vi.unstubAllGlobals();
});

describe('the booth', () => {
  it('shows up next and the queue in the shared order, Later at the bottom', async () => {
    stubBooth();
    renderBooth();
    const next = within(await screen.findByRole('list', { name: 'Up next' })).getAllByRole(
      'listitem',
    );
    expect(next.map((row) => row.getAttribute('aria-label'))).toEqual([
      'One by U2, 3 requests',
      'Two Hearts by Phil, 2 requests',
      'Three Lions by Baddiel, 1 request',
    ]);
    const rest = within(screen.getByRole('list', { name: 'Queue' })).getAllByRole('listitem');
    expect(rest.map((row) => row.getAttribute('aria-label'))).toEqual([
      'Four Seasons by Vivaldi, 1 request',
      'Five Years by Bowie, 1 request, later',
    ]);
    expect(next[0]).toHaveAttribute('aria-current', 'true');
  });

  it('marks a song a guest typed, in up next and in the queue, in words', async () => {
    const typed = (songId: string, name: string, minute: number) =>
      groupedSong({
        song_id: songId,
        song_name: name,
        song_artist: null,
        album_name: 'N/A',
        free_text: true,
        first_requested_at: at(minute),
      });
    stubBooth([...songs.slice(0, 2), typed('typed-a', 'Our Song', 5), ...songs.slice(2, 4)]);
    renderBooth();
    const next = within(await screen.findByRole('list', { name: 'Up next' })).getAllByRole(
      'listitem',
    );
    expect(next.map((row) => row.getAttribute('aria-label'))).toEqual([
      'One by U2, 3 requests',
      'Two Hearts by Phil, 2 requests',
      'Three Lions by Baddiel, 1 request',
    ]);
    const rest = within(screen.getByRole('list', { name: 'Queue' })).getAllByRole('listitem');
    const ours = rest.find((row) => row.id === 'booth-song-typed-a');
    expect(ours).toHaveAttribute('aria-label', 'Our Song, 1 request, typed by guest');
    expect(within(ours as HTMLElement).getByText('Typed by guest')).toBeVisible();
    expect(within(next[0] as HTMLElement).queryByText('Typed by guest')).not.toBeInTheDocument();
  });

  it('says when it is not live, and shows the last state meanwhile', async () => {
    stubBooth();
    renderBooth();
    // No connection here: past the grace of a page just opening, the banner says so.
    expect(await screen.findByText(RECONNECTING_MSG, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Up next' })).toBeInTheDocument();
  });

  it('goes live without drawing the queue again', async () => {
    stubBooth();
    connectSocket();
    const socket = openedSocket();
    socket.answer = (event) =>
      event === 'event:subscribe' ? { ok: true, data: { seq: 1 } } : undefined;
    renderBooth();
    await screen.findByRole('list', { name: 'Up next' });
    const drawings = vi.mocked(boothQueue).mock.calls.length;

    act(() => socket.serverConnect());

    expect(await screen.findByText(EVENT_PAGE_WORDS.liveOn)).toBeInTheDocument();
    expect(socket.sent('event:subscribe')).toHaveLength(1);
    expect(vi.mocked(boothQueue).mock.calls.length).toBe(drawings);
    expect(screen.queryByText(RECONNECTING_MSG)).not.toBeInTheDocument();
  });

  it('plays with Enter, moves with the arrows, and marks with l and r', async () => {
    const calls = stubBooth();
    const user = userEvent.setup();
    renderBooth();
    await screen.findByRole('list', { name: 'Up next' });

    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(marks(calls)).toEqual([{ event_id: 7, song_id: 'one', mark_as: 'playing' }]),
    );
    // The selection moved on to the song below.
    await user.keyboard('{ArrowDown}');
    await user.keyboard('l');
    await waitFor(() =>
      expect(marks(calls).at(-1)).toMatchObject({ song_id: 'three', mark_as: 'later' }),
    );
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    await user.keyboard('r');
    await waitFor(() =>
      expect(marks(calls).at(-1)).toMatchObject({ song_id: 'one', mark_as: 'reject' }),
    );
  });

  it('finishes the song playing with p, never the selected one', async () => {
    const [playing, ...waiting] = songs as [(typeof songs)[number], ...typeof songs];
    const calls = stubBooth(songs, { ...playing, started_at: at(10), requested: true });
    const user = userEvent.setup();
    renderBooth();
    const next = within(await screen.findByRole('list', { name: 'Up next' })).getAllByRole(
      'listitem',
    );
    expect(next[0]).toHaveAccessibleName(/^Two Hearts/);
    expect(next[0]).toHaveAttribute('aria-current', 'true');
    expect(waiting).toHaveLength(4);

    await user.keyboard('p');
    await waitFor(() =>
      expect(marks(calls)).toEqual([{ event_id: 7, song_id: 'one', mark_as: 'played' }]),
    );
  });

  it('marks nothing with p while nothing plays, and says what Enter does', async () => {
    const calls = stubBooth();
    const user = userEvent.setup();
    renderBooth();
    await screen.findByRole('list', { name: 'Up next' });

    await user.keyboard('p');
    expect(await screen.findByText(NOTHING_PLAYING_MSG)).toBeInTheDocument();
    expect(marks(calls)).toEqual([]);
  });

  it('shows a track the decks play that nobody requested, and p ends it with no undo to offer', async () => {
    const track: NowPlaying = {
      ...groupedSong({
        song_id: 'deck-1764367200000',
        song_name: 'Blue Monday',
        song_artist: 'New Order',
        request_count: 0,
      }),
      started_at: at(10),
      requested: false,
    };
    const calls = stubBooth(songs, track);
    const user = userEvent.setup();
    renderBooth();
    const playing = await screen.findByRole('region', { name: 'Now playing' });
    expect(within(playing).getByText('Blue Monday')).toBeInTheDocument();
    expect(within(playing).getByText(UNREQUESTED_NOTE)).toBeInTheDocument();

    await user.keyboard('p');
    await waitFor(() =>
      expect(marks(calls)).toEqual([
        { event_id: 7, song_id: 'deck-1764367200000', mark_as: 'played' },
      ]),
    );
    expect(screen.queryByRole('button', { name: /Undo/ })).not.toBeInTheDocument();
    // Nobody asked for it: the booth never asks who did.
    const asked = calls.filter((call) => call.path === '/api/v1/get-song-requesters');
    expect(asked.some((call) => call.search.includes('deck-'))).toBe(false);
    expect(asked.length).toBeGreaterThan(0);
  });

  it('marks a held song, says what the room sees, and allows its words with A or the button', async () => {
    const held = groupedSong({
      song_id: 'typed-rude',
      song_name: 'Rude Words',
      song_artist: 'Someone',
      request_count: 5,
      held: true,
    });
    const calls = stubBooth([held, ...songs.slice(1)]);
    const user = userEvent.setup();
    renderBooth();
    const next = within(await screen.findByRole('list', { name: 'Up next' })).getAllByRole(
      'listitem',
    );
    expect(next[0]).toHaveAccessibleName(/^Rude Words by Someone, 5 requests, held$/);
    expect(
      within(next[0] as HTMLElement).getByText(
        'The room sees “A song request” until you allow “Rude Words” by Someone.',
      ),
    ).toBeInTheDocument();
    await user.keyboard('a');
    await waitFor(() =>
      expect(marks(calls)).toEqual([{ event_id: 7, song_id: 'typed-rude', mark_as: 'allow' }]),
    );
    await user.click(screen.getByRole('button', { name: 'Allow the words: Rude Words' }));
    await waitFor(() => expect(marks(calls)).toHaveLength(2));
    // A song that is not held has nothing to allow: A does nothing.
    await user.keyboard('{ArrowDown}a');
    expect(marks(calls)).toHaveLength(2);
  });

  it('orders up next as the host chose, and says which order is in force', async () => {
    stubApi({
      '/api/v1/get-event-details': {
        body: {
          status: true,
          msg: '',
          data: hostEventDetails({
            grouped_song_requests: [
              groupedSong({ song_id: 'busy', song_name: 'Busy', request_count: 4, turn: 2 }),
              groupedSong({ song_id: 'first', song_name: 'First', request_count: 1, turn: 1 }),
            ],
            request_settings: {
              ...hostEventDetails().request_settings,
              queue_order: 'fair_share',
            },
          }),
        },
      },
      '/api/v1/get-song-requesters': { body: { status: true, msg: '', data: [] } },
      '/api/v1/get-event-attendees': { body: { status: true, msg: '', data: { attendees: [] } } },
    });
    renderBooth();
    const next = within(await screen.findByRole('list', { name: 'Up next' })).getAllByRole(
      'listitem',
    );
    expect(next.map((row) => row.getAttribute('aria-label')?.split(' ')[0])).toEqual([
      'First',
      'Busy',
    ]);
    expect(screen.getByText('Fair share, in turns')).toBeInTheDocument();
  });

  it('marks a waiting song played only with its own labelled button', async () => {
    const calls = stubBooth();
    const user = userEvent.setup();
    renderBooth();
    await screen.findByRole('list', { name: 'Up next' });

    const markPlayed = screen.getByRole('button', { name: 'Mark played: Two Hearts' });
    expect(markPlayed).toHaveTextContent('Mark played');
    await user.click(markPlayed);
    await waitFor(() =>
      expect(marks(calls)).toEqual([{ event_id: 7, song_id: 'two', mark_as: 'played' }]),
    );
  });

  it('keeps its keys after a click on a side tab, and Esc lets go of the focus', async () => {
    const calls = stubBooth();
    const user = userEvent.setup();
    renderBooth();
    await screen.findByRole('list', { name: 'Up next' });

    const tab = screen.getByRole('tab', { name: /^Played/ });
    await user.click(tab);
    expect(tab).toHaveFocus();
    await user.keyboard('l');
    await waitFor(() =>
      expect(marks(calls).at(-1)).toMatchObject({ song_id: 'one', mark_as: 'later' }),
    );
    await user.keyboard('{Escape}');
    expect(tab).not.toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(marks(calls).at(-1)).toMatchObject({ song_id: 'two', mark_as: 'playing' }),
    );
  });

  it('keeps a dedication on screen while its song plays', async () => {
    const [playing] = songs as [(typeof songs)[number]];
    const dedication = songRequest({ attendee_name: 'Ana', message: 'For Sam!' });
    stubApi({
      '/api/v1/get-event-details': {
        body: {
          status: true,
          msg: '',
          data: hostEventDetails({
            grouped_song_requests: songs,
            now_playing: { ...playing, started_at: at(10), requested: true },
          }),
        },
      },
      '/api/v1/get-song-requesters': { body: { status: true, msg: '', data: [dedication] } },
      '/api/v1/get-event-attendees': { body: { status: true, msg: '', data: { attendees: [] } } },
    });
    renderBooth();
    const nowPlaying = await screen.findByRole('region', { name: 'Now playing' });
    expect(await within(nowPlaying).findByText('“For Sam!” — Ana')).toBeInTheDocument();
    expect(within(nowPlaying).getByText('Asked by Ana')).toBeInTheDocument();
  });

  it('counts a guest’s requests in Who is here as the queue pushes arrive', async () => {
    let requests = 0;
    stubApi({
      '/api/v1/get-event-details': {
        body: { status: true, msg: '', data: hostEventDetails({ grouped_song_requests: songs }) },
      },
      '/api/v1/get-song-requesters': { body: { status: true, msg: '', data: [] } },
      '/api/v1/get-event-attendees': () => ({
        body: {
          status: true,
          msg: '',
          data: {
            attendees: [
              {
                attendee_id: 5,
                name: 'Ana',
                joined_at: at(1),
                request_count: requests,
                name_held: false,
              },
            ],
          },
        },
      }),
    });
    connectSocket();
    const socket = openedSocket();
    socket.answer = (event) =>
      event === 'event:subscribe' ? { ok: true, data: { seq: 1 } } : undefined;
    renderBooth();
    act(() => socket.serverConnect());
    const table = await screen.findByRole('table', { name: 'Who is here' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/Ana.*0$/);

    requests = 2;
    act(() => socket.push('request:upserted', { eventId: 7, seq: 2, request: songs[0] as never }));
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/Ana.*2$/), {
      timeout: 5000,
    });
  });

  it('tells guests who gave no name apart: Guest 1, Guest 2, in Who is here and Asked by', async () => {
    const guest = (id: number, minute: number) => ({
      attendee_id: id,
      name: 'Guest',
      joined_at: at(minute),
      request_count: 1,
      name_held: false,
    });
    stubApi({
      '/api/v1/get-event-details': {
        body: { status: true, msg: '', data: hostEventDetails({ grouped_song_requests: songs }) },
      },
      '/api/v1/get-song-requesters': {
        body: {
          status: true,
          msg: '',
          data: [
            songRequest({ id: 1, attendee_id: 21, attendee_name: 'Guest' }),
            songRequest({ id: 2, attendee_id: 22, attendee_name: 'Guest' }),
          ],
        },
      },
      '/api/v1/get-event-attendees': {
        body: { status: true, msg: '', data: { attendees: [guest(22, 5), guest(21, 1)] } },
      },
    });
    renderBooth();
    const next = await screen.findByRole('list', { name: 'Up next' });
    expect((await within(next).findAllByText('Asked by Guest 1, Guest 2'))[0]).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Who is here' });
    expect(within(table).getByText('Guest 1')).toBeInTheDocument();
    expect(within(table).getByText('Guest 2')).toBeInTheDocument();
  });

  it('says in its legend what each key does', async () => {
    stubBooth();
    renderBooth();
    const legend = await screen.findByRole('note', { name: 'Keyboard shortcuts' });
    for (const [key, what] of BOOTH_KEYS) {
      expect(legend).toHaveTextContent(`${key} ${what}`);
    }
    expect(legend).toHaveTextContent('P finish the song playing');
  });

  it('offers Undo for the last action, with a button or z', async () => {
    const calls = stubBooth();
    const user = userEvent.setup();
    renderBooth();
    await screen.findByRole('list', { name: 'Up next' });

    await user.keyboard('r');
    expect(await screen.findByText('“One” rejected')).toBeInTheDocument();
    await user.keyboard('z');
    await waitFor(() =>
      expect(marks(calls).at(-1)).toMatchObject({ song_id: 'one', mark_as: 'restore' }),
    );
    await waitFor(() => expect(screen.queryByText('“One” rejected')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Later: Two Hearts' }));
    await user.click(await screen.findByRole('button', { name: 'Undo (Z)' }));
    await waitFor(() =>
      expect(marks(calls).at(-1)).toMatchObject({ song_id: 'two', mark_as: 'restore' }),
    );
  });

  it('takes no key while the search field has focus; / focuses it and Esc leaves it', async () => {
    const calls = stubBooth();
    const user = userEvent.setup();
    renderBooth();
    await screen.findByRole('list', { name: 'Up next' });

    await user.keyboard('/');
    const search = screen.getByRole('searchbox', { name: 'Search the queue' });
    expect(search).toHaveFocus();
    await user.keyboard('four');
    expect(marks(calls)).toEqual([]);
    const next = within(screen.getByRole('list', { name: 'Up next' })).getAllByRole('listitem');
    expect(next.map((row) => row.getAttribute('aria-label'))).toEqual([
      'Four Seasons by Vivaldi, 1 request',
    ]);
    await user.keyboard('{Escape}');
    expect(search).not.toHaveFocus();
    expect(search).toHaveValue('');
  });
});

describe('boosts in the booth', () => {
  const boosted = songs.map((song) =>
    song.song_id === 'four' ? { ...song, boost_cents: 700 } : song,
  );

  it('marks a boosted song with its money, in words a screen reader hears too', async () => {
    stubBooth(boosted);
    renderBooth();
    const queue = within(await screen.findByRole('list', { name: 'Queue' }));

    const row = queue.getAllByRole('listitem').find((item) => item.id === 'booth-song-four');
    expect(row).toHaveAttribute('aria-label', 'Four Seasons by Vivaldi, 1 request, boosted $7.00');
    expect(within(row as HTMLElement).getByText('Boosted $7.00')).toBeVisible();
    expect(screen.getAllByText(/^Boosted/)).toHaveLength(1);
  });

  it('puts the boosted song in up next when the host lets boosts order the queue', async () => {
    stubBooth(boosted, null, { ...DEFAULT_REQUEST_SETTINGS, boost_order: 'orders' });
    renderBooth();
    const next = within(await screen.findByRole('list', { name: 'Up next' })).getAllByRole(
      'listitem',
    );

    expect(next.map((row) => row.id)).toEqual([
      'booth-song-four',
      'booth-song-one',
      'booth-song-two',
    ]);
    expect(screen.getByTestId('queue-order')).toHaveTextContent(
      'Most requested first · Boosts order the queue',
    );
  });

  it('tells the host when a boost could not be charged', async () => {
    stubBooth();
    renderBooth();
    await screen.findByRole('list', { name: 'Up next' });

    act(() =>
      openedSocket().push('boost:capture-failed', {
        eventId: 7,
        boostId: 31,
        songName: 'One',
        amountCents: 500,
        currency: 'usd',
      }),
    );

    expect(
      await screen.findByText("Couldn't charge the $5.00 boost on “One”. The song still plays."),
    ).toBeInTheDocument();
  });
});
