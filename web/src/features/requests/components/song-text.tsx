import { TRUNCATE } from '@floorfill/shared';
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

/** A song's title, artist and album, truncated at 23 / 23 / 25 characters. */
export function SongText({ title, artist, album }: SongTextProps) {
  return (
    <>
      <TruncatedText text={title} max={TRUNCATE.songTitle} fw={700} lh={1.3} />
      {artist ? <TruncatedText text={artist} max={TRUNCATE.songArtist} size="sm" /> : null}
      <TruncatedText text={album} max={TRUNCATE.songAlbum} size="sm" c="dimmed" />
    </>
  );
}
