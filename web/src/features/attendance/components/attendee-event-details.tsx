import { hostedBy, type SongRequest } from '@floorfill/shared';
import { Grid, Group, Stack } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { GoBackButton } from '@/components/ui/go-back-button';
import { paths } from '@/config/paths';
import {
  EventDetailsError,
  EventDetailsSkeleton,
  EventHeaderCard,
  lazyConfirmDialog,
  lazyEventShareModal,
} from '@/features/events';
import { EVENT_DELETED_MSG, LiveEventRoom, RoomLiveStatus } from '@/features/realtime';
import { requestedSongIds, useCancelSongRequest, usePlayingNowAlerts } from '@/features/requests';
import { errorMessageOf, isApiError, isWaitingForNetwork } from '@/lib/api-client';
import { useAfterFirstPaint } from '@/lib/after-first-paint';
import { markPageDrawn } from '@/lib/idle';
import { LazyDialog } from '@/lib/lazy-dialog';
import { notifyError, notifyInfo, notifySuccess } from '@/lib/notify';
import { attendanceKeys } from '../api/attendance-keys';
import {
  attendeeEventDetailsQuery,
  isEventId,
  useAttendeeEventDetails,
} from '../api/get-attendee-event-details';
import { useJoinEvent, useLeaveEvent } from '../api/membership';
import { EventStateBadge } from './event-page/event-state-badge';
import { HostColumn } from './event-page/host-column';
import { JoinToRequest } from './event-page/join-to-request';
import { LaterPlace } from './event-page/later-place';
import { MembershipButtons } from './event-page/membership-buttons';
import { confirmTextOf, type PendingAction } from './event-page/pending-action';
import { RequestsAndFacts } from './event-page/requests-and-facts';
import { SongRequestSection } from './event-page/song-request-section';
import { WaitingForNetwork } from './event-page/waiting-for-network';

export { JOIN_TO_REQUEST } from './event-page/join-to-request';
export { ENDED_NO_REQUESTS } from './event-page/song-request-section';

const NO_REQUESTS: SongRequest[] = [];

interface AttendeeEventDetailsProps {
  eventId: number;
  userId: number;
  /** Guests (role 4) have no way back to a dashboard (spec §2, §6). */
  isGuest: boolean;
}

/**
 * Spec §2 "Event details" for attendees and guests: join or leave, share,
 * the event's facts; the host, tips and rating on the side. Once joined the
 * request comes first (issue 15): the search box, focused, right under a
 * banner-less header so a phone shows it without scrolling; then the
 * guest's requests as a live timeline and the room's popular songs, then
 * the event's facts. Live through the event's room once joined.
 */
export function AttendeeEventDetails({ eventId, userId, isGuest }: AttendeeEventDetailsProps) {
  const navigate = useNavigate();
  const details = useAttendeeEventDetails(eventId);
  const joined = details.data?.joined ?? false;
  // The room admits only attendees who joined: it is watched from the moment the snapshot says so.
  return (
    <LiveEventRoom
      eventId={eventId}
      snapshot={attendeeEventDetailsQuery(eventId)}
      enabled={joined}
      onDeleted={() => {
        notifyInfo(EVENT_DELETED_MSG);
        navigate(isGuest ? paths.notFound.getHref() : paths.attendee.dashboard.getHref(), {
          replace: true,
        });
      }}
    >
      <EventPage eventId={eventId} userId={userId} isGuest={isGuest} />
    </LiveEventRoom>
  );
}

/** The page itself, inside its live room: what it shows, and the actions that ask first. */
function EventPage({ eventId, userId, isGuest }: AttendeeEventDetailsProps) {
  const navigate = useNavigate();
  const detailsKey = attendanceKeys.details(eventId);
  const details = useAttendeeEventDetails(eventId);
  const join = useJoinEvent();
  const leave = useLeaveEvent();
  const cancel = useCancelSongRequest(detailsKey);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [sharing, setSharing] = useState(false);
  const [searchParams] = useSearchParams();

  const event = details.data;
  const missing =
    !isEventId(eventId) || (isApiError(details.error) && details.error.httpStatus === 404);
  const ownRequests = event?.song_requests;
  const requested = useMemo(() => requestedSongIds(ownRequests ?? []), [ownRequests]);
  usePlayingNowAlerts(event?.now_playing ?? null, ownRequests ?? NO_REQUESTS, event?.name ?? '');

  useEffect(() => {
    if (missing) navigate(paths.notFound.getHref(), { replace: true });
  }, [missing, navigate]);

  // The top of the page (the header, the song search) draws first; what is below the fold on
  // a phone follows in a second, interruptible render.
  const rest = useAfterFirstPaint(event !== undefined);
  // What can wait (the socket, the side menu, the service worker) starts once both
  // have drawn: a connection or an answer arriving in the middle of the second render would
  // make React draw it all again at once.
  useEffect(() => {
    if (rest || details.isError) markPageDrawn();
  }, [rest, details.isError]);

  if (!event && isWaitingForNetwork(details)) {
    return <WaitingForNetwork eventId={eventId} userId={userId} detailsKey={detailsKey} />;
  }
  if (!event) {
    if (details.isError && !missing) {
      return <EventDetailsError error={details.error} onRetry={() => void details.refetch()} />;
    }
    return <EventDetailsSkeleton />;
  }

  // Before joining the server keeps the code to itself: it comes with the QR link (or is typed).
  const joinCode = event.event_code || searchParams.get('code')?.trim() || '';
  const dialog = confirmTextOf(pending, event);

  function settle(done: { msg: string }) {
    if (done.msg) notifySuccess(done.msg);
    setPending(null);
  }

  function fail(error: unknown) {
    notifyError(errorMessageOf(error));
    setPending(null);
  }

  function confirmPending() {
    if (!pending || !event) return;
    if (pending.kind === 'join') {
      join.mutate(joinCode, { onSuccess: settle, onError: fail });
    } else if (pending.kind === 'leave') {
      leave.mutate(event.id, { onSuccess: settle, onError: fail });
    } else {
      cancel.mutate(
        { eventId: event.id, songId: pending.request.song_id },
        { onSuccess: settle, onError: fail },
      );
    }
  }

  return (
    <Stack gap="lg">
      <Group justify={isGuest ? 'flex-end' : 'space-between'}>
        {isGuest ? null : <GoBackButton fallbackHref={paths.attendee.dashboard.getHref()} />}
        <RoomLiveStatus />
      </Group>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <EventHeaderCard
              event={event}
              badge={<EventStateBadge event={event} />}
              subtitle={hostedBy(event.host.display_name || event.host.name)}
              onShare={event.url ? () => setSharing(true) : undefined}
              compact={event.joined}
            >
              <MembershipButtons
                joined={event.joined}
                joinCode={joinCode}
                onJoin={() => setPending({ kind: 'join' })}
                onLeave={() => setPending({ kind: 'leave' })}
              />
            </EventHeaderCard>

            {event.joined ? (
              <>
                <SongRequestSection
                  event={event}
                  userId={userId}
                  detailsKey={detailsKey}
                  requested={requested}
                />
                {rest ? (
                  <RequestsAndFacts
                    event={event}
                    userId={userId}
                    detailsKey={detailsKey}
                    requested={requested}
                    isGuest={isGuest}
                    onCancel={(request) => setPending({ kind: 'cancel', request })}
                  />
                ) : (
                  <LaterPlace />
                )}
              </>
            ) : (
              <JoinToRequest
                event={event}
                userId={userId}
                detailsKey={detailsKey}
                joinCode={joinCode}
                onJoin={() => setPending({ kind: 'join' })}
              />
            )}
          </Stack>
        </Grid.Col>

        {rest ? (
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <HostColumn event={event} isGuest={isGuest} />
          </Grid.Col>
        ) : null}
      </Grid>

      <LazyDialog
        dialog={lazyEventShareModal}
        event={event}
        opened={sharing}
        onClose={() => setSharing(false)}
      />
      <LazyDialog
        dialog={lazyConfirmDialog}
        opened={pending !== null}
        title={dialog.title}
        confirmLabel={dialog.confirm}
        danger={pending?.kind !== 'join'}
        loading={join.isPending || leave.isPending || cancel.isPending}
        onConfirm={confirmPending}
        onCancel={() => setPending(null)}
      >
        {dialog.text}
      </LazyDialog>
    </Stack>
  );
}
