import { Avatar } from '@mantine/core';
import { IconMusic } from '@tabler/icons-react';

/** A song's cover, or a music-note placeholder when it has none or it fails to load. */
export function SongArtwork({ src, size = 56 }: { src: string | null; size?: number }) {
  return (
    <Avatar src={src} alt="" size={size} radius="sm" color="brand" variant="light">
      <IconMusic size={Math.round(size / 2.2)} aria-hidden="true" />
    </Avatar>
  );
}
