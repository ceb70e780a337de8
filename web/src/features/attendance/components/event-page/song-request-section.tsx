import { REQUEST_MSG, type AttendeeEventDetails } from '@floorfill/shared';
import { Stack, Text, Title } from '@mantine/core';
import type { QueryKey } from '@tanstack/react-query';
import { SongSearch } from '@/features/requests';
import { useAppRunning } from '@/lib/app-running';
import { canRequest, RequestState } from '../request-state';

export const ENDED_NO_REQUESTS = `${REQUEST_MSG.eventEnded} Requests are closed.`;
/** Said above the search box while the page is still the server's markup, waiting for its code. */
export const SEARCH_LOADING = 'Search is loading…';

interface SongRequestSectionProps {
  event: AttendeeEventDetails;
  userId: number;
  detailsKey: QueryKey;
  requested: ReadonlySet<string>;
}

/**
 * "Request a song" for a guest who joined: why requests are limited (closed,
 * how many are left, the cooldown) and the search box, focused; once the
 * event has ended, that requests are closed. Drawn by the server, the box is
 * shown at once but waits, disabled and saying so, until the app runs it.
 */
export function SongRequestSection({
  event,
  userId,
  detailsKey,
  requested,
}: SongRequestSectionProps) {
  const running = useAppRunning();
  const firstRequest = event.song_requests.length === 0 && event.rejected_requests.length === 0;
  return (
    <Stack gap="xs" component="section" aria-labelledby="song-request-title">
      <Title order={2} fz="lg" id="song-request-title">
        Request a song
      </Title>
      {event.has_ended ? (
        <Text>{ENDED_NO_REQUESTS}</Text>
      ) : (
        <>
          {running ? (
            <RequestState settings={event.request_settings} ownRequests={event.song_requests} />
          ) : (
            <Text size="sm" c="dimmed" role="status">
              {SEARCH_LOADING}
            </Text>
          )}
          <SongSearch
            eventId={event.id}
            attendeeId={userId}
            detailsKey={detailsKey}
            requested={requested}
            canRequest={running && canRequest(event.request_settings, event.song_requests)}
            firstRequest={firstRequest}
            autoFocus
            room={{
              requests: event.song_requests,
              nowPlaying: event.now_playing,
              line: event.line,
              timeZone: event.timezone,
            }}
          />
        </>
      )}
    </Stack>
  );
}
