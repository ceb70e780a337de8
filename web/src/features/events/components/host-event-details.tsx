import { TRUNCATE, type EventHost, type GroupedSongRequest } from '@floorfill/shared';
import {
  ActionIcon,
  Avatar,
  Box,
  Button,
  Card,
  Grid,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconCalendarEvent,
  IconEdit,
  IconMapPin,
  IconMusic,
  IconQrcode,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { QrShareModal } from '@/features/sharing/components/qr-share-modal';
import { errorMessageOf, isApiError } from '@/lib/api-client';
import { LiveStatus } from '@/features/realtime/components/live-status';
import { EVENT_DELETED_MSG, useEventRoom } from '@/features/realtime/use-event-room';
import { notifyError, notifyInfo, notifySuccess } from '@/lib/notify';
import { useMarkSongRequest, type MarkAs } from '../api/event-writes';
import { eventKeys } from '../api/event-keys';
import { useEventDetails } from '../api/get-event-details';
import { truncate } from '../utils/truncate';
import { ConfirmDialog } from './confirm-dialog';
import { EventBanner } from './event-banner';
import { EventFormModal } from './event-form-modal';
import { SongRequestCard } from './song-request-card';

interface InfoCardProps {
  label: string;
  icon: Icon;
  children: ReactNode;
}

export function InfoCard({ label, icon: InfoIcon, children }: InfoCardProps) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <ThemeIcon variant="light" size={36} radius="md" aria-hidden="true">
          <InfoIcon size={20} />
        </ThemeIcon>
        <Stack gap={0} miw={0}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" lts={0.5}>
            {label}
          </Text>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {children}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

/** The event's host (spec §2); the attendee page adds its View Profile link as `action`. */
export function HostCard({ host, action }: { host: EventHost; action?: ReactNode }) {
  const name = host.display_name || host.name;
  return (
    <Card withBorder radius="md" padding={0} component="section" aria-labelledby="host-title">
      <Box
        h={96}
        style={
          host.cover_photo_path
            ? {
                backgroundImage: `url(${host.cover_photo_path})`,
                backgroundSize: 'cover',
                backgroundPosition: 'center',
                backgroundColor: 'var(--mantine-color-brand-8)',
              }
            : { backgroundImage: 'linear-gradient(135deg, #4c1d95, #a21caf)' }
        }
      />
      <Stack align="center" gap={6} px="md" pb="md" mt={-40}>
        <Avatar
          src={host.profile_image_path}
          alt={`Profile image of ${name}`}
          size={80}
          radius={80}
          style={{ border: '3px solid var(--mantine-color-body)' }}
          color="brand"
        >
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" lts={1}>
          Host
        </Text>
        <Title order={2} fz="lg" ta="center" id="host-title">
          {name}
        </Title>
        {host.bio ? (
          <Text size="sm" c="dimmed" ta="center" title={host.bio}>
            {truncate(host.bio, TRUNCATE.hostBio)}
          </Text>
        ) : null}
        {action}
      </Stack>
    </Card>
  );
}

function DetailsSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Loading event">
      <Skeleton h={36} w={200} />
      <Skeleton h={260} radius="md" />
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} h={72} radius="md" />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

const MARK_CONFIRM: Record<
  MarkAs,
  { title: string; label: string; text: (song: string) => string }
> = {
  played: {
    title: 'Mark as played?',
    label: 'Mark as played',
    text: (song) => `“${song}” will show as played.`,
  },
  unplayed: {
    title: 'Mark as unplayed?',
    label: 'Mark as unplayed',
    text: (song) => `“${song}” will go back to the queue.`,
  },
  delete: {
    title: 'Delete request?',
    label: 'Delete',
    text: (song) => `“${song}” will be removed from this event's requests.`,
  },
};

interface PendingMark {
  song: GroupedSongRequest;
  markAs: MarkAs;
}

/**
 * Spec §2 "Event details" for the host: the event, its QR code, the song
 * queue with mark and delete actions, and the host card. Live through the
 * event's room; polled every 5 s while the socket is down.
 */
export function HostEventDetails({ eventId }: { eventId: number }) {
  const navigate = useNavigate();
  const room = useEventRoom({
    eventId,
    queryKey: eventKeys.details(eventId),
    enabled: Number.isSafeInteger(eventId) && eventId > 0,
    onDeleted: () => {
      notifyInfo(EVENT_DELETED_MSG);
      navigate(paths.host.events.getHref(), { replace: true });
    },
  });
  const details = useEventDetails(eventId, room.pollInterval);
  const mark = useMarkSongRequest();
  const [editing, setEditing] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [pending, setPending] = useState<PendingMark | null>(null);
  const missing =
    !Number.isSafeInteger(eventId) ||
    eventId < 1 ||
    (isApiError(details.error) && details.error.httpStatus === 404);

  useEffect(() => {
    if (missing) navigate(paths.notFound.getHref(), { replace: true });
  }, [missing, navigate]);

  function goBack() {
    const state: unknown = window.history.state;
    const canGoBack =
      typeof state === 'object' && state !== null && 'idx' in state && Number(state.idx) > 0;
    if (canGoBack) navigate(-1);
    else navigate(paths.host.events.getHref());
  }

  function confirmMark() {
    if (!pending) return;
    mark.mutate(
      { event_id: eventId, song_id: pending.song.song_id, mark_as: pending.markAs },
      {
        onSuccess: ({ msg }) => {
          if (msg) notifySuccess(msg);
          setPending(null);
        },
        onError: (error) => {
          notifyError(errorMessageOf(error));
          setPending(null);
        },
      },
    );
  }

  const event = details.data;
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

  const songs = event.grouped_song_requests;
  const confirm = pending ? MARK_CONFIRM[pending.markAs] : null;

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Button
          variant="subtle"
          leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
          onClick={goBack}
          px="xs"
        >
          Go Back
        </Button>
        <Group gap="md">
          <LiveStatus live={room.live} />
          <Button
            variant="light"
            leftSection={<IconEdit size={16} aria-hidden="true" />}
            onClick={() => setEditing(true)}
          >
            Edit
          </Button>
        </Group>
      </Group>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <Card withBorder radius="md" padding={0}>
              <EventBanner path={event.banner_path} name={event.name} h={{ base: 180, sm: 240 }} />
              <Group justify="space-between" wrap="nowrap" p="md" gap="sm">
                <Stack gap={2} miw={0}>
                  <Title order={1} fz={{ base: 22, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
                    {event.name}
                  </Title>
                  <Text size="sm" c="dimmed">
                    Event code <strong>{event.event_code}</strong>
                  </Text>
                </Stack>
                <Tooltip label="Share QR code">
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

            <Stack gap="sm" component="section" aria-labelledby="requests-title">
              <Title order={2} fz="lg" id="requests-title">
                Song Requests
              </Title>
              {songs.length === 0 ? (
                <Card withBorder radius="md" py="xl">
                  <Stack align="center" gap={4}>
                    <IconMusic size={32} aria-hidden="true" color="var(--mantine-color-dimmed)" />
                    <Text fw={600}>No song requests yet</Text>
                    <Text size="sm" c="dimmed" ta="center">
                      Requests from attendees appear here as they come in.
                    </Text>
                  </Stack>
                </Card>
              ) : (
                <SimpleGrid
                  cols={{ base: 1, sm: 2 }}
                  component="ul"
                  p={0}
                  m={0}
                  style={{ listStyle: 'none' }}
                >
                  {songs.map((song) => (
                    <SongRequestCard
                      key={song.song_id}
                      song={song}
                      onMark={(target, markAs) => setPending({ song: target, markAs })}
                    />
                  ))}
                </SimpleGrid>
              )}
            </Stack>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <HostCard host={event.host} />
        </Grid.Col>
      </Grid>

      <QrShareModal
        opened={sharing}
        onClose={() => setSharing(false)}
        title="Share Event"
        qrImagePath={event.qrcode_path}
        url={event.url}
        downloadFileName={`floorfill-event-${event.code}.png`}
        eventCode={event.event_code}
      />
      <EventFormModal
        opened={editing}
        onClose={() => setEditing(false)}
        mode="edit"
        event={event}
      />
      <ConfirmDialog
        opened={pending !== null}
        title={confirm?.title ?? ''}
        confirmLabel={confirm?.label ?? ''}
        danger={pending?.markAs === 'delete'}
        loading={mark.isPending}
        onConfirm={confirmMark}
        onCancel={() => setPending(null)}
      >
        {pending && confirm ? confirm.text(pending.song.song_name) : ''}
      </ConfirmDialog>
    </Stack>
  );
}
