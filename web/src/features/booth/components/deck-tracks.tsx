import type { DeckTrack, TrackOutcome } from '@floorfill/shared';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { PlainList } from '@/components/ui/plain-list';
import { useMarkSongRequest } from '@/features/events';
import { errorMessageOf } from '@/lib/api-client';
import { formatClock } from '@/lib/clock';
import { notifyError, notifySuccess } from '@/lib/notify';
import { undoPlayMarks } from '../utils/booth-queue';
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

/**
 * Takes back what the newest track did to the queue when the decks were
 * matched wrongly: its song waits again and the one before it plays again,
 * as the booth's own undo does for a key.
 */
function useUndoDeckMark(eventId: number) {
  const mark = useMarkSongRequest();
  return useMutation({
    mutationFn: async (track: DeckTrack) => {
      if (!track.song_id) return;
      for (const step of undoPlayMarks(track.song_id, track.previous_song_id)) {
        await mark.mutateAsync({ event_id: eventId, song_id: step.songId, mark_as: step.markAs });
      }
    },
    onSuccess: (_nothing, track) => notifySuccess(`“${track.title}” is no longer marked playing.`),
    onError: (error) => notifyError(errorMessageOf(error)),
  });
}

/**
 * The last tracks the bridges reported, newest first, and what became of
 * each; the newest, when it marked a song playing, can be undone.
 */
export function DeckTracks({
  eventId,
  tracks,
  timeZone,
}: {
  eventId: number;
  tracks: readonly DeckTrack[];
  timeZone: string;
}) {
  const undo = useUndoDeckMark(eventId);
  const [undone, setUndone] = useState<string | null>(null);
  const newest = tracks[0];
  const undoable =
    newest?.outcome === 'marked' && newest.song_id !== null && undone !== newest.id ? newest : null;
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
              {track === undoable ? (
                <Button
                  size="xs"
                  variant="default"
                  loading={undo.isPending}
                  aria-label={`Undo: ${trackName(track)} marked playing`}
                  onClick={() => undo.mutate(track, { onSuccess: () => setUndone(track.id) })}
                >
                  Undo
                </Button>
              ) : null}
            </Group>
          </Stack>
        </li>
      ))}
    </PlainList>
  );
}
