import type { AttendeeEventDetails as Details, SongRequest } from '@floorfill/shared';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconCalendarEvent,
  IconCheck,
  IconDoorExit,
  IconLogin2,
  IconMapPin,
  IconMusic,
  IconPlus,
  IconQrcode,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { ConfirmDialog } from '@/features/events/components/confirm-dialog';
import { EventBanner } from '@/features/events/components/event-banner';
import { HostCard, InfoCard } from '@/features/events/components/host-event-details';
import { TipHostCard } from '@/features/payments/components/tip-host-card';
import { RateHostCard } from '@/features/ratings/components/rate-host-card';
import { LiveStatus } from '@/features/realtime/components/live-status';
import { EVENT_DELETED_MSG, useEventRoom } from '@/features/realtime/use-event-room';
import { useCancelSongRequest } from '@/features/requests/api/song-requests';
import { OwnSongRequests } from '@/features/requests/components/own-song-requests';
import { SongRequestModal } from '@/features/requests/components/song-request-modal';
import { requestedSongIds } from '@/features/requests/utils/own-requests';
import { QrShareModal } from '@/features/sharing/components/qr-share-modal';
import { errorMessageOf, isApiError } from '@/lib/api-client';
import { notifyError, notifyInfo, notifySuccess } from '@/lib/notify';
import { attendanceKeys } from '../api/attendance-keys';
import { isEventId, useAttendeeEventDetails } from '../api/get-attendee-event-details';
import { useJoinEvent, useLeaveEvent } from '../api/membership';

export const JOIN_TO_REQUEST = 'Join this event to request songs.';

type Pending = { kind: 'join' } | { kind: 'leave' } | { kind: 'cancel'; request: SongRequest };

function DetailsSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Loading event">
      <Skeleton h={36} w={160} />
      <Skeleton h={300} radius="md" />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} h={72} radius="md" />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function EventStateBadge({ event }: { event: Details }) {
  if (event.is_live) {
    return (
      <Badge color="red.9" variant="filled">
        Live
      </Badge>
    );
  }
  if (event.has_ended) {
    return (
      <Badge color="gray.7" variant="filled">
        Ended
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
 * the event's facts, and once joined the Song Request section; the host,
 * tips and rating on the side. Live through the event's room once joined.
 */
export function AttendeeEventDetails({ eventId, userId, isGuest }: AttendeeEventDetailsProps) {
  const navigate = useNavigate();
  const [joinedHint, setJoinedHint] = useState(false);
  const room = useEventRoom({
    eventId,
    queryKey: attendanceKeys.details(eventId),
    enabled: joinedHint,
    onDeleted: () => {
      notifyInfo(EVENT_DELETED_MSG);
      navigate(isGuest ? paths.notFound.getHref() : paths.attendee.dashboard.getHref(), {
        replace: true,
      });
    },
  });
  const details = useAttendeeEventDetails(eventId, room.pollInterval);
  const join = useJoinEvent();
  const leave = useLeaveEvent();
  const cancel = useCancelSongRequest(eventId);
  const [pending, setPending] = useState<Pending | null>(null);
  const [searching, setSearching] = useState(false);
  const [sharing, setSharing] = useState(false);

  const event = details.data;
  const joined = event?.joined ?? false;
  const missing =
    !isEventId(eventId) || (isApiError(details.error) && details.error.httpStatus === 404);
  const ownRequests = event?.song_requests;
  const requested = useMemo(() => requestedSongIds(ownRequests ?? []), [ownRequests]);

  // The room admits only attendees who joined: watch it from the moment the snapshot says so.
  if (joined !== joinedHint) setJoinedHint(joined);

  useEffect(() => {
    if (missing) navigate(paths.notFound.getHref(), { replace: true });
  }, [missing, navigate]);

  function goBack() {
    const state: unknown = window.history.state;
    const canGoBack =
      typeof state === 'object' && state !== null && 'idx' in state && Number(state.idx) > 0;
    if (canGoBack) navigate(-1);
    else navigate(paths.attendee.dashboard.getHref());
  }

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
      join.mutate(event.event_code, { onSuccess: settle, onError: fail });
    } else if (pending.kind === 'leave') {
      leave.mutate(event.id, { onSuccess: settle, onError: fail });
    } else {
      cancel.mutate(
        { eventId: event.id, songId: pending.request.song_id },
        { onSuccess: settle, onError: fail },
      );
    }
  }

  if (!event) {
    if (details.isError && !missing) {
      return (
        <Stack align="center" py="xl">
          <Text>{errorMessageOf(details.error)}</Text>
          <Button onClick={() => void details.refetch()}>Try again</Button>
        </Stack>
      );
    }
    return <DetailsSkeleton />;
  }

  const hostName = event.host.display_name || event.host.name;
  const dialog = dialogText(pending, event);

  return (
    <Stack gap="lg">
      <Group justify={isGuest ? 'flex-end' : 'space-between'}>
        {isGuest ? null : (
          <Button
            variant="subtle"
            leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
            onClick={goBack}
            px="xs"
          >
            Go Back
          </Button>
        )}
        <LiveStatus live={room.live} />
      </Group>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <Card withBorder radius="md" padding={0}>
              <EventBanner path={event.banner_path} name={event.name} h={{ base: 180, sm: 240 }} />
              <Stack p="md" gap="md">
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                  <Stack gap={4} miw={0}>
                    <Group gap="xs">
                      <EventStateBadge event={event} />
                    </Group>
                    <Title order={1} fz={{ base: 22, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
                      {event.name}
                    </Title>
                    <Text size="sm" c="dimmed">
                      Hosted by {hostName}
                    </Text>
                  </Stack>
                  <Tooltip label="Share event">
                    <ActionIcon
                      size="xl"
                      variant="light"
                      onClick={() => setSharing(true)}
                      aria-label="Share event"
                    >
                      <IconQrcode size={24} aria-hidden="true" />
                    </ActionIcon>
                  </Tooltip>
                </Group>
                <Group gap="sm">
                  {joined ? (
                    <>
                      <Button disabled leftSection={<IconCheck size={16} aria-hidden="true" />}>
                        Joined
                      </Button>
                      <Button
                        variant="default"
                        leftSection={<IconDoorExit size={16} aria-hidden="true" />}
                        onClick={() => setPending({ kind: 'leave' })}
                      >
                        Leave
                      </Button>
                    </>
                  ) : (
                    <Button
                      leftSection={<IconLogin2 size={16} aria-hidden="true" />}
                      onClick={() => setPending({ kind: 'join' })}
                    >
                      Join
                    </Button>
                  )}
                </Group>
              </Stack>
            </Card>

            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <InfoCard label="Date" icon={IconCalendarEvent}>
                {event.formatted_start_time} – {event.formatted_end_time}
              </InfoCard>
              <InfoCard label="Location" icon={IconMapPin}>
                {event.location}
              </InfoCard>
              <InfoCard label="Joined" icon={IconUsers}>
                {event.enrolled_users_count}
              </InfoCard>
              <InfoCard label="Song Requests" icon={IconMusic}>
                {event.song_requests_count}
              </InfoCard>
            </SimpleGrid>

            <Stack gap="sm" component="section" aria-labelledby="song-request-title">
              <Group justify="space-between">
                <Title order={2} fz="lg" id="song-request-title">
                  Song Request
                </Title>
                {joined ? (
                  <Tooltip label="Request a song">
                    <ActionIcon
                      size="lg"
                      radius="xl"
                      onClick={() => setSearching(true)}
                      aria-label="Request a song"
                    >
                      <IconPlus size={20} aria-hidden="true" />
                    </ActionIcon>
                  </Tooltip>
                ) : null}
              </Group>
              {joined ? (
                <OwnSongRequests
                  requests={event.song_requests}
                  onCancel={(request) => setPending({ kind: 'cancel', request })}
                />
              ) : (
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
              )}
            </Stack>
          </Stack>
        </Grid.Col>

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
            <TipHostCard hostId={event.host.id} eventId={event.id} hostName={hostName} />
            <RateHostCard
              hostId={event.host.id}
              eventId={event.id}
              isRated={event.is_rated}
              isGuest={isGuest}
            />
          </Stack>
        </Grid.Col>
      </Grid>

      <SongRequestModal
        opened={searching}
        onClose={() => setSearching(false)}
        eventId={event.id}
        attendeeId={userId}
        requested={requested}
      />
      <QrShareModal
        opened={sharing}
        onClose={() => setSharing(false)}
        title="Share Event"
        qrImagePath={event.qrcode_path}
        url={event.url}
        downloadFileName={`floorfill-event-${event.code}.png`}
        eventCode={event.event_code}
      />
      <ConfirmDialog
        opened={pending !== null}
        title={dialog.title}
        confirmLabel={dialog.confirm}
        danger={pending?.kind !== 'join'}
        loading={join.isPending || leave.isPending || cancel.isPending}
        onConfirm={confirmPending}
        onCancel={() => setPending(null)}
      >
        {dialog.text}
      </ConfirmDialog>
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
