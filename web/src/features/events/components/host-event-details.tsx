import type {
  GroupedSongRequest,
  HostEventDetails as HostEventDetailsData,
} from '@floorfill/shared';
import { Button, Card, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDeviceDesktop, IconEdit, IconMusic } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { GoBackButton } from '@/components/ui/go-back-button';
import { paths } from '@/config/paths';
import { RoomLiveStatus } from '@/features/realtime';
import { errorMessageOf } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useMarkSongRequest, type CardMark } from '../api/event-writes';
import { ConfirmDialog } from './confirm-dialog';
import { EventDetailsError, EventDetailsSkeleton } from './event-details-fallback';
import { EventFacts } from './event-facts';
import { EventFormModal } from './event-form-modal';
import { EventHeaderCard } from './event-header-card';
import { HostEventRoom } from './host-event-room';
import { EventShareModal } from './event-share-modal';
import { HostCard } from './host-card';
import { SetListCard } from './set-list-card';
import { SongRequestCard } from './song-request-card';
import { useHostEventDetails } from '../utils/use-host-event-details';

const MARK_CONFIRM: Record<
  CardMark,
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
  markAs: CardMark;
}

interface HostEventDetailsProps {
  eventId: number;
  /** More for the main column, above the requests (the night summary), given by the page. */
  main?: (event: HostEventDetailsData) => ReactNode;
  /** More cards for the side column (who is here), given by the page. */
  aside?: (event: HostEventDetailsData) => ReactNode;
}

/**
 * Spec §2 "Event details" for the host: the event, its QR code, the song
 * queue with mark and delete actions, and the host card; the booth one click
 * away. Live through the event's room; polled every 5 s while the socket is
 * down.
 */
export function HostEventDetails({ eventId, main, aside }: HostEventDetailsProps) {
  return (
    <HostEventRoom eventId={eventId}>
      <HostEventPage eventId={eventId} main={main} aside={aside} />
    </HostEventRoom>
  );
}

/**
 * The page inside its live room: the connection coming and going redraws
 * only the status line, not the queue.
 */
function HostEventPage({ eventId, main, aside }: HostEventDetailsProps) {
  const { details, missing } = useHostEventDetails(eventId);
  const mark = useMarkSongRequest();
  const [editing, setEditing] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [pending, setPending] = useState<PendingMark | null>(null);

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
      return <EventDetailsError error={details.error} onRetry={() => void details.refetch()} />;
    }
    return <EventDetailsSkeleton />;
  }

  const songs = event.grouped_song_requests;
  const confirm = pending ? MARK_CONFIRM[pending.markAs] : null;

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <GoBackButton fallbackHref={paths.host.events.getHref()} />
        <Group gap="md">
          <RoomLiveStatus />
          {event.has_ended ? null : (
            <Button
              component={Link}
              to={paths.host.booth.getHref(event.id)}
              leftSection={<IconDeviceDesktop size={16} aria-hidden="true" />}
            >
              Open booth
            </Button>
          )}
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
            <EventHeaderCard
              event={event}
              subtitle={
                <>
                  Event code <strong>{event.event_code}</strong>
                </>
              }
              onShare={() => setSharing(true)}
            />
            <EventFacts event={event} />
            {main?.(event)}

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
          <Stack gap="lg">
            <HostCard host={event.host} />
            <SetListCard eventId={event.id} songs={songs} />
            {aside?.(event)}
          </Stack>
        </Grid.Col>
      </Grid>

      <EventShareModal event={event} opened={sharing} onClose={() => setSharing(false)} />
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
