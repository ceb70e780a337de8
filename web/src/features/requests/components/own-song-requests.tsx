import { TRUNCATE, type EventLine, type NowPlaying, type SongRequest } from '@floorfill/shared';
import { ActionIcon, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconArrowUp,
  IconBan,
  IconCheck,
  IconClock,
  IconMusic,
  IconPlayerPlay,
  IconX,
} from '@tabler/icons-react';
import { useMemo, type ReactNode } from 'react';
import { PlainList } from '@/components/ui/plain-list';
import { formatClock, useNow } from '@/lib/clock';
import { stageLabel, timelineOf, type RequestStage } from '../utils/timeline';
import { SongArtwork } from './song-artwork';
import { TruncatedText } from './song-text';

export const NO_OWN_REQUESTS = 'You have not requested any song yet.';

/** How often the estimates ("in about 12 min") are worked out again. */
const ESTIMATE_REFRESH_MS = 15_000;

const STAGE_ICONS: Record<RequestStage['kind'], typeof IconClock> = {
  playing: IconPlayerPlay,
  'up-next': IconArrowUp,
  waiting: IconClock,
  far: IconClock,
  queued: IconClock,
  played: IconCheck,
  rejected: IconBan,
};

/** A song playing or played is the DJ's alone to move: the guest's cancel is not offered. */
export function isSettled(stage: RequestStage): boolean {
  return stage.kind === 'playing' || stage.kind === 'played';
}

/** Where the song stands, in words with an icon; what plays and what is next stand out. */
export function StageLine({
  stage,
  clock,
}: {
  stage: RequestStage;
  clock: (iso: string) => string;
}) {
  const Icon = STAGE_ICONS[stage.kind];
  const near = stage.kind === 'playing' || stage.kind === 'up-next';
  // Coloured text only where it keeps 4.5:1 on a card; a rejected song's colour is its icon's.
  const iconColor =
    stage.kind === 'playing'
      ? 'var(--mantine-color-teal-9)'
      : stage.kind === 'rejected'
        ? 'var(--mantine-color-orange-9)'
        : undefined;
  return (
    <Group gap={6} wrap="nowrap">
      <Icon size={16} aria-hidden="true" color={iconColor} style={{ flexShrink: 0 }} />
      <Text size="sm" fw={near ? 700 : 400} c={stage.kind === 'playing' ? 'teal.9' : undefined}>
        {stageLabel(stage, clock)}
      </Text>
    </Group>
  );
}

interface OwnSongRequestsProps {
  requests: SongRequest[];
  /** The guest's requests for songs the DJ rejected tonight. */
  rejected: SongRequest[];
  nowPlaying: NowPlaying | null;
  line: EventLine | null;
  /** The event's time zone: "played at" is the venue's clock. */
  timeZone: string;
  onCancel: (request: SongRequest) => void;
  /**
   * What another feature shows under a request (its boosts), told whether
   * the request still waits: neither playing, played nor passed on.
   */
  below?: (request: SongRequest, waiting: boolean) => ReactNode;
}

/** Still waiting to be played: in line, not playing, played or passed on. */
function isWaiting(stage: RequestStage): boolean {
  return !isSettled(stage) && stage.kind !== 'rejected';
}

/**
 * The guest's requests as a timeline (issue 15), live: waiting, #N in line
 * with an estimate → up next → playing now → played at 11:41 PM, or not
 * this time. Each can be cancelled. The start of a song is also said by a
 * toast (see `usePlayingNowAlerts`).
 */
export function OwnSongRequests({
  requests,
  rejected,
  nowPlaying,
  line,
  timeZone,
  onCancel,
  below,
}: OwnSongRequestsProps) {
  const now = useNow(ESTIMATE_REFRESH_MS);
  const items = useMemo(
    () => timelineOf(requests, rejected, { nowPlaying, line, now }),
    [requests, rejected, nowPlaying, line, now],
  );
  if (items.length === 0) {
    return (
      <Card withBorder radius="md" py="lg">
        <Stack align="center" gap={4}>
          <IconMusic size={28} aria-hidden="true" color="var(--mantine-color-dimmed)" />
          <Text fw={600}>{NO_OWN_REQUESTS}</Text>
          <Text size="sm" c="dimmed" ta="center">
            Search above, or add your +1 to a popular song.
          </Text>
        </Stack>
      </Card>
    );
  }
  const clock = (iso: string) => formatClock(iso, timeZone);
  return (
    <PlainList ordered aria-label="Your requests">
      {items.map(({ request, stage }) => (
        <Card
          key={request.id}
          component="li"
          withBorder
          radius="md"
          padding="sm"
          aria-current={stage.kind === 'playing' ? 'true' : undefined}
          style={
            stage.kind === 'playing'
              ? { borderColor: 'var(--mantine-color-teal-7)', borderWidth: 2 }
              : undefined
          }
        >
          <Group wrap="nowrap" gap="sm">
            <SongArtwork
              src={request.song_image}
              songId={request.song_id}
              title={request.song_name}
              size={48}
            />
            <Stack gap={2} flex={1} miw={0}>
              <TruncatedText text={request.song_name} max={TRUNCATE.songTitle} fw={700} lh={1.3} />
              {request.song_artist ? (
                <TruncatedText text={request.song_artist} max={TRUNCATE.songArtist} size="sm" />
              ) : null}
              <StageLine stage={stage} clock={clock} />
            </Stack>
            {isSettled(stage) ? null : (
              <Tooltip label="Cancel request">
                <ActionIcon
                  variant="subtle"
                  color="red.9"
                  size="lg"
                  onClick={() => onCancel(request)}
                  aria-label={`Cancel request: ${request.song_name}`}
                >
                  <IconX size={18} aria-hidden="true" />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
          {below?.(request, isWaiting(stage))}
        </Card>
      ))}
    </PlainList>
  );
}
