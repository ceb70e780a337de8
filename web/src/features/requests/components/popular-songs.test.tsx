import { freeTextSongId, type PopularSong } from '@floorfill/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { songRequest } from '@/features/realtime/testing/fixtures';
import { renderWithProviders, stubApi } from '@/testing/render';
import { PopularSongs } from './popular-songs';

function popularSong(overrides: Partial<PopularSong> = {}): PopularSong {
  return {
    song_id: 'itunes-1440857781',
    song_name: 'Mr. Brightside',
    song_artist: 'The Killers',
    album_name: 'Hot Fuss',
    song_image: null,
    song_duration: 222,
    request_count: 3,
    ...overrides,
  };
}

/** Answers every send as the server would: 201 with the request. */
function stubSends() {
  return stubApi({
    '/api/v1/send-song-request': (body) => {
      const sent = body as { song_id: string; song_name: string };
      const request = songRequest({ song_id: sent.song_id, song_name: sent.song_name });
      const grouped = {
        ...request,
        request_count: 4,
        first_requested_at: request.created_at,
        later: false,
        dedication_count: 0,
        free_text: sent.song_id.startsWith('typed-'),
      };
      const data = { song_request: request, grouped_song_request: grouped, created: true };
      return { status: 201, body: { status: true, msg: 'Song requested.', data } };
    },
  });
}

function renderPopular(popular: PopularSong[]) {
  renderWithProviders(
    <PopularSongs
      popular={popular}
      nowPlayingSongId={null}
      eventId={7}
      attendeeId={5}
      detailsKey={['event-page', 7]}
      requested={new Set()}
      canRequest
      firstRequest={false}
    />,
  );
}

const sends = (calls: ReturnType<typeof stubApi>) =>
  calls.filter((call) => call.path === '/api/v1/send-song-request').map((call) => call.body);

describe('a +1 from Popular in the room', () => {
  it('sends no explicit mark, as the room’s line does not know it (never “not explicit”)', async () => {
    const calls = stubSends();
    renderPopular([popularSong()]);

    await userEvent.click(
      await screen.findByRole('button', { name: '+1 for Mr. Brightside by The Killers' }),
    );

    await expect.poll(() => sends(calls)).toHaveLength(1);
    expect(sends(calls)[0]).toMatchObject({
      song_id: 'itunes-1440857781',
      song_name: 'Mr. Brightside',
      explicit: null,
      free_text: null,
    });
  });

  it('sends a song a guest typed as typed again, so the server finds it by its words', async () => {
    const calls = stubSends();
    const typedId = freeTextSongId('Wonderwall', 'Oasis');
    renderPopular([
      popularSong({
        song_id: typedId,
        song_name: 'Wonderwall',
        song_artist: 'Oasis',
        album_name: 'N/A',
        song_duration: 5,
      }),
    ]);

    await userEvent.click(
      await screen.findByRole('button', { name: '+1 for Wonderwall by Oasis' }),
    );

    await expect.poll(() => sends(calls)).toHaveLength(1);
    expect(sends(calls)[0]).toMatchObject({
      song_id: typedId,
      song_name: 'Wonderwall',
      song_artist: 'Oasis',
      explicit: null,
      free_text: true,
    });
  });
});
