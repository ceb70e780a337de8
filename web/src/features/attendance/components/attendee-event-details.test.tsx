import { FAIR_SHARE_HINT, MSG } from '@floorfill/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  attendeeEventDetails,
  groupedSong,
  songRequest,
} from '@/features/realtime/testing/fixtures';
import { renderRoutes, stubApi } from '@/testing/render';
import { AttendeeEventDetails, JOIN_TO_REQUEST } from './attendee-event-details';

function renderDetails(options: { isGuest?: boolean; search?: string } = {}) {
  return renderRoutes(
    [
      {
        path: '/attendee/event/:eventId',
        element: <AttendeeEventDetails eventId={7} userId={5} isGuest={options.isGuest ?? false} />,
      },
      { path: '/404', element: <p>{MSG.pageNotFound}</p> },
    ],
    `/attendee/event/7${options.search ?? ''}`,
  );
}

const details = (overrides: Parameters<typeof attendeeEventDetails>[0] = {}) => ({
  body: { status: true, msg: '', data: attendeeEventDetails(overrides) },
});

describe('attendee event details', () => {
  it('opens the 404 page for a missing event', async () => {
    stubApi({
      '/api/v1/get-attendee-event-details': {
        status: 404,
        body: { status: false, msg: 'Event not found.' },
      },
    });
    const { router } = renderDetails();
    expect(await screen.findByText(MSG.pageNotFound)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/404');
  });

  it('lets a guest join after confirming, with no way back to a dashboard', async () => {
    let joined = false;
    const calls = stubApi({
      '/api/v1/get-attendee-event-details': () => details({ joined }),
      '/api/v1/join-event': () => {
        joined = true;
        return {
          body: {
            status: true,
            msg: 'You joined the event.',
            data: { ...attendeeEventDetails(), joined: true, joined_at: '2026-11-21T20:00:00Z' },
          },
        };
      },
    });
    renderDetails({ isGuest: true });

    expect(await screen.findByText(JOIN_TO_REQUEST)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Go Back' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Search songs')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Join' }));
    const dialog = await screen.findByRole('dialog', { name: 'Join event?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Join' }));

    expect(await screen.findByRole('button', { name: 'Joined' })).toBeDisabled();
    // Joined, the request comes first: the search box, with the cursor in it.
    expect(await screen.findByLabelText('Search songs')).toHaveFocus();
    expect(screen.getByRole('heading', { level: 2, name: 'Request a song' })).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/v1/join-event')?.body).toEqual({
      event_code: 'ABC234',
    });
  });

  it('shows where each own request stands and cancels one only after confirming', async () => {
    let requests = [
      songRequest(),
      songRequest({
        id: 12,
        song_id: 'cat-2',
        song_name: 'Roxanne',
        status: 1,
        played_at: '2026-11-21T21:41:00.000Z',
      }),
    ];
    // Something else plays (a minute in, 3 min left), then a 200 s song, then Bohemian Rhapsody.
    const startedAt = new Date(Date.now() - 60_000).toISOString();
    const nowPlaying = {
      ...groupedSong({ song_id: 'cat-9', song_name: 'Africa', song_duration: 240 }),
      started_at: startedAt,
      requested: true,
    };
    const calls = stubApi({
      '/api/v1/get-attendee-event-details': () =>
        details({
          song_requests: requests,
          rejected_requests: [songRequest({ id: 13, song_id: 'cat-3', song_name: 'Agadoo' })],
          now_playing: nowPlaying,
          line: {
            seq: 1,
            songs: [
              ['cat-8', 200, 3],
              ['cat-queen--bohemian-rhapsody', 354, 1],
            ],
            more: false,
            popular: [],
          },
        }),
      '/api/v1/cancel-song-request': () => {
        requests = requests.filter((request) => request.song_id !== 'cat-queen--bohemian-rhapsody');
        return {
          body: {
            status: true,
            msg: 'Song request cancelled.',
            data: {
              event_id: 7,
              song_id: 'cat-queen--bohemian-rhapsody',
              grouped_song_request: null,
            },
          },
        };
      },
    });
    renderDetails();

    const list = await screen.findByRole('list', { name: 'Your requests' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/Bohemian Rhapsody.*#2 in line · in about 6 min/),
      expect.stringMatching(/Roxanne.*Played at 9:41 PM/),
      expect.stringMatching(/Agadoo.*Not this time/),
    ]);
    // Nothing popular waits: the section is not there.
    expect(screen.queryByRole('heading', { name: 'Popular in the room' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Profile' })).toHaveAttribute(
      'href',
      '/attendee/host-profile/1',
    );

    // A played song is the DJ's: no cancel is offered for it.
    expect(
      within(list).queryByRole('button', { name: 'Cancel request: Roxanne' }),
    ).not.toBeInTheDocument();
    await userEvent.click(
      within(list).getByRole('button', { name: 'Cancel request: Bohemian Rhapsody' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cancel song request?' });
    expect(calls.some((call) => call.path === '/api/v1/cancel-song-request')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove request' }));

    expect(await screen.findByText('Song request cancelled.')).toBeInTheDocument();
    expect(within(list).queryByText('Bohemian Rhapsody')).not.toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  });

  it('says why a second song waits while the host takes songs in turns, and only then', async () => {
    const settings = attendeeEventDetails().request_settings;
    let order: 'fair_share' | 'most_requested' = 'fair_share';
    stubApi({
      '/api/v1/get-attendee-event-details': () =>
        details({
          joined: true,
          song_requests: [songRequest()],
          request_settings: { ...settings, queue_order: order },
        }),
    });
    const { unmount } = renderDetails();
    expect(await screen.findByText(FAIR_SHARE_HINT)).toBeInTheDocument();
    unmount();
    order = 'most_requested';
    renderDetails();
    expect(await screen.findByRole('list', { name: 'Your requests' })).toBeInTheDocument();
    expect(screen.queryByText(FAIR_SHARE_HINT)).not.toBeInTheDocument();
  });

  it('shows the room’s popular songs with a one-tap +1, and the guest’s own as theirs', async () => {
    const popular = (songId: string, songName: string, count: number) => ({
      song_id: songId,
      song_name: songName,
      song_artist: 'Queen',
      album_name: 'Greatest Hits',
      song_image: null,
      song_duration: 200,
      request_count: count,
    });
    const calls = stubApi({
      '/api/v1/get-attendee-event-details': () =>
        details({
          song_requests: [songRequest()],
          line: {
            seq: 1,
            songs: [
              ['cat-queen--bohemian-rhapsody', 354, 4],
              ['cat-queen--we-will-rock-you', 200, 2],
            ],
            more: false,
            popular: [
              popular('cat-queen--bohemian-rhapsody', 'Bohemian Rhapsody', 4),
              popular('cat-queen--we-will-rock-you', 'We Will Rock You', 2),
            ],
          },
        }),
      '/api/v1/send-song-request': {
        status: 201,
        body: {
          status: true,
          msg: 'Song requested.',
          data: {
            song_request: songRequest({ id: 20, song_id: 'cat-queen--we-will-rock-you' }),
            grouped_song_request: groupedSong({
              song_id: 'cat-queen--we-will-rock-you',
              request_count: 3,
            }),
            created: true,
          },
        },
      },
    });
    renderDetails();

    const section = await screen.findByRole('list', { name: 'Popular in the room' });
    const [mine, other] = within(section).getAllByRole('listitem');
    expect(mine).toHaveTextContent(/Bohemian Rhapsody.*4 requests.*Yours/);
    expect(within(mine as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
    expect(other).toHaveTextContent('2 requests');

    await userEvent.click(
      within(other as HTMLElement).getByRole('button', {
        name: '+1 for We Will Rock You by Queen',
      }),
    );
    expect(await screen.findByText('Song requested.')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/v1/send-song-request')?.body).toMatchObject({
      event_id: 7,
      song_id: 'cat-queen--we-will-rock-you',
      song_name: 'We Will Rock You',
    });
    expect(await within(other as HTMLElement).findByText('Yours')).toBeInTheDocument();
  });

  it('offers tipping once joined and rating once joined and started, as the server allows', async () => {
    let state = { joined: false, is_live: true };
    stubApi({ '/api/v1/get-attendee-event-details': () => details(state) });
    const view = renderDetails();
    expect(await screen.findByText(JOIN_TO_REQUEST)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tip Host' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rate The Host' })).not.toBeInTheDocument();
    view.unmount();

    state = { joined: true, is_live: false };
    const upcoming = renderDetails();
    expect(await screen.findByRole('button', { name: 'Tip Host' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rate The Host' })).not.toBeInTheDocument();
    upcoming.unmount();

    state = { joined: true, is_live: true };
    renderDetails();
    expect(await screen.findByRole('button', { name: 'Rate The Host' })).toBeInTheDocument();
  });

  it('offers no tip when the host cannot take one (no payouts set up)', async () => {
    const host = { ...attendeeEventDetails().host, accepts_tips: false };
    stubApi({
      '/api/v1/get-attendee-event-details': () => details({ joined: true, is_live: true, host }),
    });
    renderDetails();
    expect(await screen.findByRole('button', { name: 'Rate The Host' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tip Host' })).not.toBeInTheDocument();
  });

  it('before joining, joins with the code the QR link carries, and asks for it without one', async () => {
    // The server's public view: no code, no link, no street address.
    const publicView = { joined: false, event_code: '', code: '', url: '', qrcode_path: '' };
    const calls = stubApi({ '/api/v1/get-attendee-event-details': () => details(publicView) });
    const scanned = renderDetails({ search: '?qr=y&code=QR7CODE' });
    await userEvent.click(await screen.findByRole('button', { name: 'Join' }));
    const dialog = await screen.findByRole('dialog', { name: 'Join event?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Join' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/v1/join-event')?.body).toEqual({
        event_code: 'QR7CODE',
      }),
    );
    expect(screen.queryByRole('button', { name: 'Share event' })).not.toBeInTheDocument();
    scanned.unmount();

    renderDetails();
    expect(await screen.findByLabelText('Event Code')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join' })).not.toBeInTheDocument();
  });

  it('draws the event in its first render from the answer inside the page, asking nothing', async () => {
    const event = attendeeEventDetails({ name: 'Harbour Lights' });
    const calls = stubApi({ '/api/v1/get-attendee-event-details': () => details() });
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'ff-page-answers';
    script.textContent = JSON.stringify({
      '/api/v1/get-attendee-event-details?id=7': {
        status: 200,
        body: { status: true, msg: '', data: event },
      },
    });
    document.head.append(script);
    // The page starts now: its answers are fresh for their first 30 s on the page's own clock,
    // which in a test process would otherwise have started with the process.
    const realNow = performance.now.bind(performance);
    const pageStart = realNow();
    const pageClock = vi.spyOn(performance, 'now').mockImplementation(() => realNow() - pageStart);
    try {
      // The page's answers are read once per page: this page's modules start afresh.
      vi.resetModules();
      const [{ renderRoutes: renderFresh }, { AttendeeEventDetails: FreshDetails }] =
        await Promise.all([import('@/testing/render'), import('./attendee-event-details')]);
      renderFresh(
        [
          {
            path: '/attendee/event/:eventId',
            element: <FreshDetails eventId={7} userId={5} isGuest />,
          },
        ],
        '/attendee/event/7',
      );

      expect(screen.getByRole('heading', { level: 1, name: 'Harbour Lights' })).toBeVisible();
      expect(screen.getByLabelText('Search songs')).toBeInTheDocument();
      // Nor does it fetch that answer again as it mounts.
      expect(await screen.findByRole('heading', { name: 'Your requests' })).toBeInTheDocument();
      expect(calls.filter((call) => call.path === '/api/v1/get-attendee-event-details')).toEqual(
        [],
      );
    } finally {
      pageClock.mockRestore();
      script.remove();
      vi.resetModules();
    }
  });
});
