import {
  EVENT_PAGE_WORDS,
  hostedBy,
  REQUEST_MSG,
  type AttendeeEventDetails as Details,
  type SongRequest,
} from '@floorfill/shared';
import { Badge, Box, Button, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconDoorExit, IconLogin2, IconUser } from '@tabler/icons-react';
import { useEffect, useLayoutEffect, useMemo, useState, type ComponentProps } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { GoBackButton } from '@/components/ui/go-back-button';
import { paths } from '@/config/paths';
import {
  EventDetailsError,
  EventDetailsSkeleton,
  EventFacts,
  EventHeaderCard,
  HostCard,
  lazyConfirmDialog,
  lazyEventShareModal,
} from '@/features/events';
import { TipHostCard } from '@/features/payments';
import { RateHostCard } from '@/features/ratings';
import { EVENT_DELETED_MSG, LiveEventRoom, RoomLiveStatus, useRoomLive } from '@/features/realtime';
import {
  OutboxRequests,
  OwnSongRequests,
  PopularSongs,
  requestedSongIds,
  SongSearch,
  useCancelSongRequest,
  usePlayingNowAlerts,
} from '@/features/requests';
import { errorMessageOf, isApiError, isWaitingForNetwork } from '@/lib/api-client';
import { useAfterFirstPaint } from '@/lib/after-first-paint';
import { markPageDrawn } from '@/lib/idle';
import { LazyDialog } from '@/lib/lazy-dialog';
import { notifyError, notifyInfo, notifySuccess } from '@/lib/notify';
import { removePagePoster } from '@/lib/page-poster';
import { attendanceKeys } from '../api/attendance-keys';
import {
  attendeeEventDetailsQuery,
  isEventId,
  useAttendeeEventDetails,
} from '../api/get-attendee-event-details';
import { useJoinEvent, useLeaveEvent } from '../api/membership';
import { JoinEventForm } from './join-event-form';
import { canRequest, RequestState } from './request-state';

export const JOIN_TO_REQUEST = 'Join this event to request songs.';
export const ENDED_NO_REQUESTS = `${REQUEST_MSG.eventEnded} Requests are closed.`;

type Pending = { kind: 'join' } | { kind: 'leave' } | { kind: 'cancel'; request: SongRequest };

const NO_REQUESTS: SongRequest[] = [];

/**
 * Holds a screen's height where the page's second render will draw (below
 * the fold on a phone): the legal links under the page start off screen and
 * stay there, instead of jumping down when that render arrives (a layout
 * shift the phone would show).
 */
function LaterPlace() {
  return <Box mih="100dvh" aria-hidden="true" />;
}

/** What the phone keeps to send, sent once the room is live again. */
function LiveOutboxRequests(props: Omit<ComponentProps<typeof OutboxRequests>, 'live'>) {
  return <OutboxRequests {...props} live={useRoomLive()} />;
}

function EventStateBadge({ event }: { event: Details }) {
  if (event.is_live) {
    return (
      <Badge color="red.9" variant="filled">
        {EVENT_PAGE_WORDS.live}
      </Badge>
    );
  }
  if (event.has_ended) {
    return (
      <Badge color="gray.7" variant="filled">
        {EVENT_PAGE_WORDS.ended}
      </Badge>
    );
  }
  return null;
}

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

/** The page itself, inside its live room. */
function EventPage({ eventId, userId, isGuest }: AttendeeEventDetailsProps) {
  const navigate = useNavigate();
  const detailsKey = attendanceKeys.details(eventId);
  const details = useAttendeeEventDetails(eventId);
  const join = useJoinEvent();
  const leave = useLeaveEvent();
  const cancel = useCancelSongRequest(detailsKey);
  const [pending, setPending] = useState<Pending | null>(null);
  const [sharing, setSharing] = useState(false);
  const [searchParams] = useSearchParams();

  const event = details.data;
  const joined = event?.joined ?? false;
  const missing =
    !isEventId(eventId) || (isApiError(details.error) && details.error.httpStatus === 404);
  const ownRequests = event?.song_requests;
  const requested = useMemo(() => requestedSongIds(ownRequests ?? []), [ownRequests]);
  usePlayingNowAlerts(event?.now_playing ?? null, ownRequests ?? NO_REQUESTS, event?.name ?? '');

  useEffect(() => {
    if (missing) navigate(paths.notFound.getHref(), { replace: true });
  }, [missing, navigate]);

  // Once the page shows the event (or why it cannot), the server's poster of its top
  // (lib/page-poster.ts) gives way in the same frame.
  const shown = event !== undefined || details.isError;
  useLayoutEffect(() => {
    if (shown) removePagePoster();
  }, [shown]);
  // The top of the page (the header, the song search) draws first; what is below the fold on
  // a phone follows in a second, interruptible render.
  const rest = useAfterFirstPaint(event !== undefined);
  // What can wait (the socket, the side menu, the service worker) starts once both
  // have drawn: a connection or an answer arriving in the middle of the second render would
  // make React draw it all again at once.
  useEffect(() => {
    if (rest || details.isError) markPageDrawn();
  }, [rest, details.isError]);

  function settle(promiseLike: { msg: string }) {
    if (promiseLike.msg) notifySuccess(promiseLike.msg);
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

  // Opened without a network (the app itself came from the service worker): the event waits
  // for the connection, and what the phone kept to send is shown meanwhile.
  if (!event && isWaitingForNetwork(details)) {
    return (
      <Stack gap="lg">
        <Group justify="flex-end">
          <RoomLiveStatus />
        </Group>
        <Stack gap="xs" component="section" aria-labelledby="own-requests-title">
          <Title order={1} fz="h2" id="own-requests-title">
            Your requests
          </Title>
          <Text>The event shows here again as soon as your phone is back online.</Text>
          <LiveOutboxRequests eventId={eventId} userId={userId} detailsKey={detailsKey} />
        </Stack>
      </Stack>
    );
  }
  if (!event) {
    if (details.isError && !missing) {
      return <EventDetailsError error={details.error} onRetry={() => void details.refetch()} />;
    }
    return <EventDetailsSkeleton />;
  }

  const hostName = event.host.display_name || event.host.name;
  const requestAllowed = canRequest(event.request_settings, event.song_requests);
  const firstRequest = event.song_requests.length === 0 && event.rejected_requests.length === 0;
  // Requests kept on the phone while offline ("Will send when you're back online"), sent when
  // the connection is back: shown once, above the guest's own requests.
  const outbox = <LiveOutboxRequests eventId={eventId} userId={userId} detailsKey={detailsKey} />;
  const dialog = dialogText(pending, event);
  // Before joining the server keeps the code to itself: it comes with the QR link (or is typed).
  const joinCode = event.event_code || searchParams.get('code')?.trim() || '';

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
              subtitle={hostedBy(hostName)}
              onShare={event.url ? () => setSharing(true) : undefined}
              compact={joined}
            >
              <Group gap="sm">
                {joined ? (
                  <>
                    <Button disabled leftSection={<IconCheck size={16} aria-hidden="true" />}>
                      {EVENT_PAGE_WORDS.joined}
                    </Button>
                    <Button
                      variant="default"
                      leftSection={<IconDoorExit size={16} aria-hidden="true" />}
                      onClick={() => setPending({ kind: 'leave' })}
                    >
                      {EVENT_PAGE_WORDS.leave}
                    </Button>
                  </>
                ) : joinCode ? (
                  <Button
                    leftSection={<IconLogin2 size={16} aria-hidden="true" />}
                    onClick={() => setPending({ kind: 'join' })}
                  >
                    Join
                  </Button>
                ) : null}
              </Group>
            </EventHeaderCard>

            {joined ? (
              <>
                <Stack gap="xs" component="section" aria-labelledby="song-request-title">
                  <Title order={2} fz="lg" id="song-request-title">
                    Request a song
                  </Title>
                  {event.has_ended ? (
                    <Text>{ENDED_NO_REQUESTS}</Text>
                  ) : (
                    <>
                      <RequestState
                        settings={event.request_settings}
                        ownRequests={event.song_requests}
                      />
                      <SongSearch
                        eventId={event.id}
                        attendeeId={userId}
                        detailsKey={detailsKey}
                        requested={requested}
                        canRequest={requestAllowed}
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
                {rest ? (
                  <>
                    <Stack gap="xs" component="section" aria-labelledby="own-requests-title">
                      <Title order={2} fz="lg" id="own-requests-title">
                        Your requests
                      </Title>
                      {outbox}
                      <OwnSongRequests
                        requests={event.song_requests}
                        rejected={event.rejected_requests}
                        nowPlaying={event.now_playing}
                        line={event.line}
                        timeZone={event.timezone}
                        onCancel={(request) => setPending({ kind: 'cancel', request })}
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
                        canRequest={requestAllowed}
                        firstRequest={firstRequest}
                      />
                    )}
                    <EventFacts event={event} />
                  </>
                ) : (
                  <LaterPlace />
                )}
              </>
            ) : (
              <>
                <EventFacts event={event} />
                <Stack gap="sm" component="section" aria-labelledby="song-request-title">
                  <Title order={2} fz="lg" id="song-request-title">
                    Song Request
                  </Title>
                  {outbox}
                  {joinCode ? (
                    <Card withBorder radius="md" py="lg">
                      <Stack align="center" gap="xs">
                        <Text fw={600}>{JOIN_TO_REQUEST}</Text>
                        <Button
                          variant="light"
                          leftSection={<IconLogin2 size={16} aria-hidden="true" />}
                          onClick={() => setPending({ kind: 'join' })}
                        >
                          Join this event
                        </Button>
                      </Stack>
                    </Card>
                  ) : (
                    <Stack gap="xs">
                      <Text fw={600}>{JOIN_TO_REQUEST}</Text>
                      <JoinEventForm />
                    </Stack>
                  )}
                </Stack>
              </>
            )}
          </Stack>
        </Grid.Col>

        {rest ? (
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack gap="lg">
              <HostCard
                host={event.host}
                action={
                  <Button
                    component={Link}
                    to={paths.attendee.hostProfile.getHref(event.host.id)}
                    variant="light"
                    leftSection={<IconUser size={16} aria-hidden="true" />}
                    mt="xs"
                  >
                    View Profile
                  </Button>
                }
              />
              {/* Tips and ratings for an event come from its guests, ratings once it has
                  started, tips when the host has payouts set up: the server refuses the
                  others, so they are not offered. */}
              {joined && event.host.accepts_tips ? (
                <TipHostCard
                  hostId={event.host.id}
                  eventId={event.id}
                  hostName={hostName}
                  canUseSavedCard={!isGuest}
                />
              ) : null}
              {joined && (event.is_live || event.has_ended) ? (
                <RateHostCard
                  hostId={event.host.id}
                  eventId={event.id}
                  isRated={event.is_rated}
                  isGuest={isGuest}
                />
              ) : null}
            </Stack>
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

function dialogText(
  pending: Pending | null,
  event: Details,
): { title: string; confirm: string; text: string } {
  switch (pending?.kind) {
    case 'join':
      return {
        title: 'Join event?',
        confirm: 'Join',
        text: `You will join “${event.name}” and can request songs.`,
      };
    case 'leave':
      return {
        title: 'Leave event?',
        confirm: 'Leave',
        text: `You will leave “${event.name}”. Your songs that have not been played yet are cancelled.`,
      };
    case 'cancel':
      return {
        title: 'Cancel song request?',
        confirm: 'Remove request',
        text: `“${pending.request.song_name}” will be removed from your requests.`,
      };
    default:
      return { title: '', confirm: '', text: '' };
  }
}
