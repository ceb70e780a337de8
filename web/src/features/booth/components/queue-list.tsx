import {
  formatMoney,
  HELD_SONG_NAME,
  type GroupedSongRequest,
  type SongRequest,
} from '@floorfill/shared';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconBan, IconCheck, IconClockPause, IconEye, IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { SongArtwork } from '@/components/ui/song-artwork';
import { TypedByGuestBadge } from '@/components/ui/typed-by-guest-badge';
import type { LabelOf } from '../utils/attendee-labels';
import type { BoothAction } from '../utils/booth-queue';
import classes from './booth.module.css';

export interface QueueRowProps {
  song: GroupedSongRequest;
  selected: boolean;
  onSelect: (songId: string) => void;
  onAction: (action: BoothAction, song: GroupedSongRequest) => void;
  /** Lets the room see a held song's words. */
  onAllow: (song: GroupedSongRequest) => void;
  /** Up next rows are larger and name who asked, with their dedications. */
  requesters?: readonly SongRequest[];
  /** How the booth names each requester (numbered when names are shared). */
  labelOf: LabelOf;
  /** The currency of the song's boosts (the host's account currency). */
  boostCurrency: string;
  variant?: 'upNext' | 'queue';
}

const ACTIONS: {
  action: BoothAction;
  label: string;
  icon: typeof IconPlayerPlay;
  color: string;
}[] = [
  { action: 'play', label: 'Play', icon: IconPlayerPlay, color: 'brand' },
  // Its own explicit action, with no key: a song that never played is marked played only on purpose.
  { action: 'played', label: 'Mark played', icon: IconCheck, color: 'teal' },
  { action: 'later', label: 'Later', icon: IconClockPause, color: 'orange' },
  { action: 'reject', label: 'Reject', icon: IconBan, color: 'red' },
];

/** Who asked for a song, and each dedication with who sent it. */
export function Requesters({
  requests,
  labelOf,
}: {
  requests: readonly SongRequest[];
  labelOf: LabelOf;
}) {
  const label = (request: SongRequest) => labelOf(request.attendee_id, request.attendee_name);
  const names = requests.map(label).join(', ');
  const dedications = requests.filter((request) => request.message);
  return (
    <Stack gap={2} mt={4}>
      <Text size="md" c="dimmed" className={classes.ellipsis}>
        Asked by {names}
      </Text>
      {dedications.map((request) => (
        <Text key={request.id} size="md" c="yellow.3">
          “{request.message}” — {label(request)}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * A boosted song's money on it (held or charged), as the DJ reads it from
 * arm's length: dark text on amber, ahead of the title's other marks.
 */
export function BoostedBadge({ cents, currency }: { cents: number; currency: string }) {
  return (
    <Text span className={classes.boosted}>
      Boosted {formatMoney(cents, currency)}
    </Text>
  );
}

/** What a screen reader hears of a song's row: its words, count and marks. */
function rowLabel(song: GroupedSongRequest, currency: string): string {
  const title = song.song_artist ? `${song.song_name} by ${song.song_artist}` : song.song_name;
  const count = `${song.request_count} ${song.request_count === 1 ? 'request' : 'requests'}`;
  const marks = [
    song.boost_cents > 0 ? `boosted ${formatMoney(song.boost_cents, currency)}` : null,
    song.free_text ? 'typed by guest' : null,
    song.later ? 'later' : null,
    song.held ? 'held' : null,
  ].filter((mark) => mark !== null);
  return [title, count, ...marks].join(', ');
}

/** One song of the booth's queue: title, artist, count and the four one-tap actions, each labelled. */
export function QueueRow({
  song,
  selected,
  onSelect,
  onAction,
  onAllow,
  requesters,
  labelOf,
  boostCurrency,
  variant = 'queue',
}: QueueRowProps) {
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (selected) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);
  return (
    <li
      ref={ref}
      id={`booth-song-${song.song_id}`}
      aria-current={selected ? 'true' : undefined}
      aria-label={rowLabel(song, boostCurrency)}
      data-selected={selected}
      data-later={song.later}
      className={`${classes.row} ${variant === 'upNext' ? classes.upNextRow : ''}`}
      onClick={() => onSelect(song.song_id)}
    >
      <Text className={classes.count} aria-hidden="true">
        {song.request_count}
      </Text>
      {variant === 'upNext' ? (
        <div className={classes.art}>
          <SongArtwork
            src={song.song_image}
            songId={song.song_id}
            title={song.song_name}
            size={56}
          />
        </div>
      ) : null}
      <div className={classes.grow}>
        {/* The tags go under a long title on a narrow screen rather than cut it short. */}
        <Group gap="xs">
          <Text className={`${classes.songTitle} ${classes.ellipsis}`}>{song.song_name}</Text>
          {song.boost_cents > 0 ? (
            <BoostedBadge cents={song.boost_cents} currency={boostCurrency} />
          ) : null}
          {song.later ? (
            <Text span fw={700} c="orange.4" size="sm" tt="uppercase">
              Later
            </Text>
          ) : null}
          {song.held ? (
            <Text span fw={700} c="yellow.4" size="sm" tt="uppercase">
              Held
            </Text>
          ) : null}
          {song.dedication_count > 0 && variant === 'queue' ? (
            <Text span c="yellow.3" size="sm">
              {song.dedication_count} {song.dedication_count === 1 ? 'dedication' : 'dedications'}
            </Text>
          ) : null}
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Text size="lg" c="dimmed" className={classes.ellipsis}>
            {song.song_artist ?? 'Unknown artist'}
          </Text>
          {/* Beside the artist, not the title: on a narrow screen the title keeps the room. */}
          {song.free_text ? <TypedByGuestBadge size="md" /> : null}
        </Group>
        {song.held ? (
          // The whole words, wherever the title is cut short: the DJ reads them before allowing.
          <Text size="md" c="yellow.3">
            The room sees “{HELD_SONG_NAME}” until you allow “{song.song_name}”
            {song.song_artist ? ` by ${song.song_artist}` : ''}.
          </Text>
        ) : null}
        {requesters ? <Requesters requests={requesters} labelOf={labelOf} /> : null}
      </div>
      <div className={classes.actions}>
        {song.held ? (
          <Button
            size="md"
            px="sm"
            variant="light"
            color="yellow"
            aria-label={`Allow the words: ${song.song_name}`}
            leftSection={<IconEye size={20} aria-hidden="true" />}
            onClick={(event) => {
              event.stopPropagation();
              onAllow(song);
            }}
          >
            Allow
          </Button>
        ) : null}
        {ACTIONS.map(({ action, label: actionLabel, icon: Icon, color }) => (
          <Button
            key={action}
            size="md"
            px="sm"
            variant="light"
            color={color}
            aria-label={`${actionLabel}: ${song.song_name}`}
            leftSection={<Icon size={20} aria-hidden="true" />}
            onClick={(event) => {
              event.stopPropagation();
              onAction(action, song);
            }}
          >
            {actionLabel}
          </Button>
        ))}
      </div>
    </li>
  );
}
