import type { PopularSong } from '@floorfill/shared';
import { Badge, Button, Stack, Text, Title } from '@mantine/core';
import type { QueryKey } from '@tanstack/react-query';
import { useId } from 'react';
import { PlainList } from '@/components/ui/plain-list';
import { useKeptRequests } from '../api/request-outbox';
import { songLabel } from '../utils/song-label';
import { songRequestPayload, type SongRequestPayload } from '../utils/song-request-payload';
import { useRequestSong } from '../utils/use-request-song';
import { SongCard } from './song-card';

interface PopularSongsProps {
  /** The line's most requested waiting songs (`EventLine.popular`). */
  popular: readonly PopularSong[];
  /** What plays now: a line read before it started may still list it. */
  nowPlayingSongId: string | null;
  eventId: number;
  attendeeId: number;
  detailsKey: QueryKey;
  /** Song ids the guest already asked for: shown as theirs, without a +1. */
  requested: ReadonlySet<string>;
  canRequest: boolean;
  firstRequest: boolean;
}

/**
 * A +1 is an ordinary request for the song: the server merges it into the
 * song's entry and counts one more. The line carries no explicit mark, so
 * the +1 sends none (rather than claiming "not explicit"): a catalog song's
 * comes from the server's own catalog. A song a guest typed goes as typed.
 */
function plusOnePayload(
  song: PopularSong,
  eventId: number,
  attendeeId: number,
): SongRequestPayload {
  return songRequestPayload(song, eventId, attendeeId);
}

function requestsText(count: number): string {
  return count === 1 ? '1 request' : `${count} requests`;
}

/**
 * "Popular in the room" (issue 15): the event's most requested waiting
 * songs, each with a one-tap +1, so most guests never type. Hidden while
 * nothing waits; a song the guest already asked for shows as theirs.
 */
export function PopularSongs({
  popular: listed,
  nowPlayingSongId,
  eventId,
  attendeeId,
  detailsKey,
  requested,
  canRequest,
  firstRequest,
}: PopularSongsProps) {
  const titleId = useId();
  const { request, busySongId } = useRequestSong({ detailsKey, firstRequest });
  // A +1 kept on the phone until it is back online is theirs already.
  const kept = useKeptRequests(attendeeId, eventId);
  const popular = listed.filter((song) => song.song_id !== nowPlayingSongId);
  if (popular.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={2} fz="lg" id={titleId}>
        Popular in the room
      </Title>
      <PlainList ordered aria-labelledby={titleId}>
        {popular.map((song) => {
          const mine =
            requested.has(song.song_id) ||
            kept.some((request) => request.payload.songId === song.song_id);
          return (
            <SongCard
              key={song.song_id}
              song={song}
              detail={
                <Text size="sm" c="dimmed">
                  {requestsText(song.request_count)}
                </Text>
              }
              action={
                mine ? (
                  <Badge color="teal.9" variant="filled">
                    Yours
                  </Badge>
                ) : (
                  <Button
                    size="sm"
                    variant="light"
                    loading={busySongId === song.song_id}
                    disabled={!canRequest}
                    onClick={() => request(plusOnePayload(song, eventId, attendeeId))}
                    aria-label={`+1 for ${songLabel(song)}`}
                  >
                    +1
                  </Button>
                )
              }
            />
          );
        })}
      </PlainList>
    </Stack>
  );
}
