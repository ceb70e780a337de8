import { Card, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { SongArtwork } from './song-artwork';
import { SongText } from './song-text';

interface SongCardProps {
  song: {
    song_id: string;
    song_name: string;
    song_artist: string | null;
    album_name: string;
    song_image: string | null;
  };
  /** A line under the song: where the guest's request stands, how many asked. */
  detail?: ReactNode;
  /** The card's button or badge, at its end. */
  action?: ReactNode;
}

/** A song in a list the guest picks from: artwork, title, artist and album, and what to do with it. */
export function SongCard({ song, detail, action }: SongCardProps) {
  return (
    <Card component="li" withBorder radius="md" padding="sm">
      <Group wrap="nowrap" gap="sm">
        <SongArtwork src={song.song_image} songId={song.song_id} title={song.song_name} size={48} />
        <Stack gap={0} flex={1} miw={0}>
          <SongText title={song.song_name} artist={song.song_artist} album={song.album_name} />
          {detail}
        </Stack>
        {action}
      </Group>
    </Card>
  );
}
