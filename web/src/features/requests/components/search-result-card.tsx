import type { CatalogSong } from '@floorfill/shared';
import { Button, Card, Group, Stack } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { formatClock } from '@/lib/clock';
import { songLabel } from '../utils/song-label';
import type { RequestStage } from '../utils/timeline';
import { useSettledCancel } from '../utils/use-settled-cancel';
import { isSettled, StageLine } from './own-song-requests';
import { SongArtwork } from './song-artwork';
import { SongText } from './song-text';

interface SearchResultCardProps {
  song: CatalogSong;
  requested: boolean;
  /** Where the guest's request for this song stands, once the room knows it. */
  stage: RequestStage | null;
  timeZone: string;
  busy: boolean;
  canRequest: boolean;
  onRequest: (song: CatalogSong) => void;
  onCancel: (song: CatalogSong) => void;
}

/** One song the search found: Request it, or, once requested, where it stands and Cancel. */
export function SearchResultCard({
  song,
  requested,
  stage,
  timeZone,
  busy,
  canRequest,
  onRequest,
  onCancel,
}: SearchResultCardProps) {
  const cancel = useSettledCancel(requested, () => onCancel(song));
  return (
    <Card component="li" withBorder radius="md" padding="sm">
      <Group wrap="nowrap" gap="sm">
        <SongArtwork src={song.song_image} songId={song.song_id} title={song.song_name} size={48} />
        <Stack gap={0} flex={1} miw={0}>
          <SongText title={song.song_name} artist={song.song_artist} album={song.album_name} />
          {requested && stage ? (
            <StageLine stage={stage} clock={(iso) => formatClock(iso, timeZone)} />
          ) : null}
        </Stack>
        {requested && stage && isSettled(stage) ? null : requested ? (
          <Button
            size="sm"
            variant="default"
            leftSection={<IconX size={14} aria-hidden="true" />}
            loading={busy}
            onClick={cancel}
            aria-label={`Cancel request for ${songLabel(song)}`}
          >
            Cancel
          </Button>
        ) : (
          <Button
            size="sm"
            leftSection={<IconPlus size={14} aria-hidden="true" />}
            loading={busy}
            disabled={!canRequest}
            onClick={() => onRequest(song)}
            aria-label={`Request ${songLabel(song)}`}
          >
            Request
          </Button>
        )}
      </Group>
    </Card>
  );
}
