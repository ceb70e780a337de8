import type { DeckTrack, TrackOutcome } from '@floorfill/shared';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { PlainList } from '@/components/ui/plain-list';
import { formatClock } from '@/lib/clock';
import { SOURCE_NAMES, TRACK_OUTCOME_WORDS } from '../utils/deck-words';

/** Marked is what following the decks is for; the switch being off is worth a look. */
const OUTCOME_COLORS: Record<TrackOutcome, string> = {
  marked: 'teal',
  unmatched: 'gray',
  'not-following': 'yellow',
  'already-playing': 'gray',
  superseded: 'gray',
};

function trackName(track: DeckTrack): string {
  return track.artist ? `${track.artist} – ${track.title}` : track.title;
}

/** The last tracks the bridges reported, newest first, and what became of each. */
export function DeckTracks({
  tracks,
  timeZone,
}: {
  tracks: readonly DeckTrack[];
  timeZone: string;
}) {
  if (tracks.length === 0) {
    return <Text c="dimmed">No tracks from the decks yet.</Text>;
  }
  return (
    <PlainList aria-label="Tracks from the decks" gap="sm">
      {tracks.map((track) => (
        <li key={track.id}>
          <Stack gap={4}>
            <Text fw={600} lineClamp={2}>
              {trackName(track)}
            </Text>
            <Group gap="xs" wrap="wrap">
              <Badge variant="light" color={OUTCOME_COLORS[track.outcome]} tt="none" size="lg">
                {TRACK_OUTCOME_WORDS[track.outcome]}
              </Badge>
              <Text size="sm" c="dimmed">
                {[
                  formatClock(track.started_at, timeZone),
                  track.deck ? `Deck ${track.deck}` : null,
                  SOURCE_NAMES[track.source],
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Group>
          </Stack>
        </li>
      ))}
    </PlainList>
  );
}
