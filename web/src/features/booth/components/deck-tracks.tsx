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
          <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
            <Stack gap={0} miw={0}>
              <Text fw={600} truncate>
                {trackName(track)}
              </Text>
              <Text size="sm" c="dimmed">
                {[
                  formatClock(track.started_at, timeZone),
                  track.deck ? `Deck ${track.deck}` : null,
                  SOURCE_NAMES[track.source],
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Stack>
            <Badge
              variant="light"
              color={OUTCOME_COLORS[track.outcome]}
              tt="none"
              size="lg"
              style={{ flex: 'none' }}
            >
              {TRACK_OUTCOME_WORDS[track.outcome]}
            </Badge>
          </Group>
        </li>
      ))}
    </PlainList>
  );
}
