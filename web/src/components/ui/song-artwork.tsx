import { Avatar } from '@mantine/core';
import { IconMusic } from '@tabler/icons-react';
import { placeholderColor, songInitials } from './song-placeholder';

interface SongArtworkProps {
  src: string | null;
  /** The song's id: picks the placeholder's colour, the same wherever the song is shown. */
  songId?: string;
  /** The song's title: the placeholder shows its initials. */
  title?: string;
  /** A number of pixels, or any CSS length ("22vh" on the big screen). */
  size?: number | string;
  radius?: number | string;
}

/**
 * A song's cover. When there is none, or it fails to load, a placeholder
 * drawn here: the title's initials on a colour from the song's id (a music
 * note when the title is not given). Decorative: the title is always written
 * beside it, so screen readers skip it.
 */
export function SongArtwork({ src, songId, title, size = 56, radius = 'sm' }: SongArtworkProps) {
  const initials = title ? songInitials(title) : '';
  const iconSize = typeof size === 'number' ? Math.round(size / 2.2) : '45%';
  return (
    <Avatar
      src={src}
      alt=""
      aria-hidden="true"
      size={size}
      radius={radius}
      {...(initials
        ? { color: placeholderColor(songId ?? title ?? ''), variant: 'filled' }
        : { color: 'brand', variant: 'light' })}
    >
      {initials || <IconMusic size={iconSize} aria-hidden="true" />}
    </Avatar>
  );
}
