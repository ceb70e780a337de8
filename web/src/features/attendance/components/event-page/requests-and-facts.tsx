import { FAIR_SHARE_HINT, type AttendeeEventDetails, type SongRequest } from '@floorfill/shared';
import { Stack, Text, Title } from '@mantine/core';
import type { QueryKey } from '@tanstack/react-query';
import { RequestBoosts, useOwnBoosts } from '@/features/boosts';
import { EventFacts } from '@/features/events';
import { OwnSongRequests, PopularSongs, PushAlertsControl } from '@/features/requests';
import { canRequest } from '../request-state';
import { LiveOutboxRequests } from './live-outbox-requests';

interface RequestsAndFactsProps {
  event: AttendeeEventDetails;
  userId: number;
  detailsKey: QueryKey;
  requested: ReadonlySet<string>;
  /** Guests (role 4) have no wallet: they pay on the checkout page. */
  isGuest: boolean;
  onCancel: (request: SongRequest) => void;
}

/**
 * Below the search box of a guest who joined: their requests as a live
 * timeline (with what the phone keeps to send first, and under each its
 * boosts and, while boosts are on, a way to boost it) under the switch for
 * this phone's alerts about them while the event runs, the room's popular
 * songs while the event runs, then the event's facts.
 */
export function RequestsAndFacts({
  event,
  userId,
  detailsKey,
  requested,
  isGuest,
  onCancel,
}: RequestsAndFactsProps) {
  const boosts = useOwnBoosts({
    eventId: event.id,
    settings: event.request_settings,
    hasEnded: event.has_ended,
    canUseSavedCard: !isGuest,
  });
  const firstRequest = event.song_requests.length === 0 && event.rejected_requests.length === 0;
  return (
    <>
      <Stack gap="xs" component="section" aria-labelledby="own-requests-title">
        <Title order={2} fz="lg" id="own-requests-title">
          Your requests
        </Title>
        {/* Why a guest's second song waits behind someone else's first. */}
        {event.request_settings.queue_order === 'fair_share' && !event.has_ended ? (
          <Text size="sm" c="dimmed">
            {FAIR_SHARE_HINT}
          </Text>
        ) : null}
        {event.has_ended ? null : <PushAlertsControl userId={userId} eventId={event.id} />}
        <LiveOutboxRequests eventId={event.id} userId={userId} detailsKey={detailsKey} />
        <OwnSongRequests
          requests={event.song_requests}
          rejected={event.rejected_requests}
          nowPlaying={event.now_playing}
          line={event.line}
          timeZone={event.timezone}
          onCancel={onCancel}
          below={(request, waiting) => (
            <RequestBoosts
              songId={request.song_id}
              songName={request.song_name}
              boosts={boosts.boostsOf(request.song_id)}
              waiting={waiting}
              offer={boosts.offer}
            />
          )}
        />
      </Stack>
      {event.has_ended ? null : (
        <PopularSongs
          popular={event.line?.popular ?? []}
          nowPlayingSongId={event.now_playing?.song_id ?? null}
          eventId={event.id}
          attendeeId={userId}
          detailsKey={detailsKey}
          requested={requested}
          canRequest={canRequest(event.request_settings, event.song_requests)}
          firstRequest={firstRequest}
        />
      )}
      <EventFacts event={event} />
    </>
  );
}
