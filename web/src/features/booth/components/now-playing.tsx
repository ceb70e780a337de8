import type { NowPlaying, SongRequest } from '@floorfill/shared';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { SongArtwork } from '@/components/ui/song-artwork';
import { formatElapsed, useNow } from '@/lib/clock';
import classes from './booth.module.css';
import type { LabelOf } from '../utils/attendee-labels';
import { Requesters } from './queue-list';

/** Said under a track the decks play that nobody requested. */
export const UNREQUESTED_NOTE = 'From the decks · not a request';

/** What plays now, for how long, who asked with their dedications, and the one tap that ends it. */
export function NowPlayingPanel({
  song,
  requesters,
  labelOf,
  onPlayed,
  busy,
}: {
  song: NowPlaying | null | undefined;
  /** Who asked for the song playing; a dedication read out as it plays stays here. */
  requesters?: readonly SongRequest[];
  labelOf: LabelOf;
  onPlayed: (song: NowPlaying) => void;
  busy: boolean;
}) {
  const now = useNow();
  return (
    <Paper component="section" aria-labelledby="now-playing-title" p="md" radius="lg" bg="dark.6">
      <Title order={2} id="now-playing-title" fz="sm" tt="uppercase" lts={1} c="dimmed" mb="xs">
        Now playing
      </Title>
      {song ? (
        <div className={classes.nowRow}>
          <div className={classes.art}>
            <SongArtwork
              src={song.song_image}
              songId={song.song_id}
              title={song.song_name}
              size={96}
            />
          </div>
          <Stack gap={2} className={classes.grow}>
            <Text className={`${classes.nowTitle} ${classes.ellipsis}`}>{song.song_name}</Text>
            <Text fz="xl" c="dimmed" className={classes.ellipsis}>
              {song.song_artist ?? 'Unknown artist'}
            </Text>
            {song.requested ? null : (
              <Text fz="lg" c="dimmed">
                {UNREQUESTED_NOTE}
              </Text>
            )}
            {requesters && requesters.length > 0 ? (
              <Requesters requests={requesters} labelOf={labelOf} />
            ) : null}
          </Stack>
          <Stack gap={4} align="flex-end">
            <Text
              className={classes.count}
              aria-label={`Elapsed ${formatElapsed(now - Date.parse(song.started_at))}`}
            >
              {formatElapsed(now - Date.parse(song.started_at))}
            </Text>
            <Button
              variant="light"
              color="teal"
              leftSection={<IconCheck size={18} aria-hidden="true" />}
              loading={busy}
              onClick={() => onPlayed(song)}
              aria-label={`Mark as played: ${song.song_name}`}
            >
              Played
            </Button>
          </Stack>
        </div>
      ) : (
        <Text fz="xl" c="dimmed">
          Nothing playing. Select a song and press Enter to play it.
        </Text>
      )}
    </Paper>
  );
}
