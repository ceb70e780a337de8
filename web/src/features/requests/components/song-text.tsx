import { DEFAULT_ALBUM_NAME, TRUNCATE } from '@floorfill/shared';
import { Text, type TextProps } from '@mantine/core';
import { truncate } from '@/features/events';

interface TruncatedTextProps extends TextProps {
  text: string;
  max: number;
}

/** Text cut at the spec's length (§9); the whole text stays in the title attribute. */
export function TruncatedText({ text, max, ...props }: TruncatedTextProps) {
  const short = truncate(text, max);
  return (
    <Text {...props} title={short === text ? undefined : text}>
      {short}
    </Text>
  );
}

interface SongTextProps {
  title: string;
  artist: string | null;
  album: string;
}

/**
 * A song's title, artist and album, truncated at 23 / 23 / 25 characters and,
 * on a narrow screen, at the width they have (never under the buttons beside
 * them). The placeholder album of a song typed by a guest ('N/A') is not
 * shown: under the title it would read as the artist.
 */
export function SongText({ title, artist, album }: SongTextProps) {
  return (
    <>
      <TruncatedText text={title} max={TRUNCATE.songTitle} fw={700} lh={1.3} truncate="end" />
      {artist ? (
        <TruncatedText text={artist} max={TRUNCATE.songArtist} size="sm" truncate="end" />
      ) : null}
      {album && album !== DEFAULT_ALBUM_NAME ? (
        <TruncatedText text={album} max={TRUNCATE.songAlbum} size="sm" c="dimmed" truncate="end" />
      ) : null}
    </>
  );
}
