import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { groupedSong } from '@/features/realtime/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { SetListCard } from './set-list-card';

describe('set list card', () => {
  it('offers the set list as CSV and M3U once a song was played', () => {
    renderWithProviders(
      <SetListCard
        eventId={7}
        songs={[groupedSong({ status: 1 }), groupedSong({ song_id: 'waiting', status: 0 })]}
      />,
    );
    expect(screen.getByText('1 song played so far, in play order.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download set list (CSV)' })).toHaveAttribute(
      'href',
      '/api/v1/export-set-list?event_id=7&format=csv',
    );
    expect(screen.getByRole('link', { name: 'Playlist (M3U)' })).toHaveAttribute(
      'href',
      '/api/v1/export-set-list?event_id=7&format=m3u',
    );
  });

  it('says nothing was played yet, with nothing to download', () => {
    renderWithProviders(<SetListCard eventId={7} songs={[groupedSong({ status: 0 })]} />);
    expect(screen.getByText('Nothing played yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
