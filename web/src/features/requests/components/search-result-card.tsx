import type { CatalogSong } from '@floorfill/shared';
import { Button } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { formatClock } from '@/lib/clock';
import { songLabel } from '../utils/song-label';
import type { RequestStage } from '../utils/timeline';
import { useSettledCancel } from '../utils/use-settled-cancel';
import { isSettled, StageLine } from './own-song-requests';
import { SongCard } from './song-card';

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
  const stageLine =
    requested && stage ? (
      <StageLine stage={stage} clock={(iso) => formatClock(iso, timeZone)} />
    ) : null;
  // A song that played, or will not, offers nothing more.
  if (requested && stage && isSettled(stage)) return <SongCard song={song} detail={stageLine} />;
  const action = requested ? (
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
  );
  return <SongCard song={song} detail={stageLine} action={action} />;
}
