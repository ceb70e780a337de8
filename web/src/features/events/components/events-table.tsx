import { EVENT_MSG, MSG, type EventSummary } from '@floorfill/shared';
import {
  ActionIcon,
  Anchor,
  Box,
  Card,
  Group,
  LoadingOverlay,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconEdit, IconEye, IconQrcode, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PlainList } from '@/components/ui/plain-list';
import { paths } from '@/config/paths';
import { errorMessageOf } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDeleteEvent } from '../api/event-writes';
import { ConfirmDialog } from './confirm-dialog';
import { EventBanner } from './event-banner';
import { EventFormModal } from './event-form-modal';
import { EventShareModal } from './event-share-modal';

const COLUMNS = [
  'Event Banner',
  'Event Name',
  'Start Time',
  'End Time',
  'Location',
  'Joined Users',
  'Song Request',
  'Actions',
];
const SKELETON_ROWS = 4;

interface RowActionsProps {
  event: EventSummary;
  onShare: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** The event's name, linking to its page; long names wrap to two lines. */
function EventNameLink({ event }: { event: EventSummary }) {
  return (
    <Anchor
      component={Link}
      to={paths.host.eventDetails.getHref(event.id)}
      fw={600}
      underline="hover"
      lineClamp={2}
    >
      {event.name}
    </Anchor>
  );
}

function RowActions({ event, onShare, onEdit, onDelete }: RowActionsProps) {
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label="View details">
        <ActionIcon
          component={Link}
          to={paths.host.eventDetails.getHref(event.id)}
          variant="subtle"
          aria-label={`View details of ${event.name}`}
        >
          <IconEye size={18} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Share QR code">
        <ActionIcon variant="subtle" onClick={onShare} aria-label={`Share ${event.name}`}>
          <IconQrcode size={18} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Edit">
        <ActionIcon variant="subtle" onClick={onEdit} aria-label={`Edit ${event.name}`}>
          <IconEdit size={18} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete">
        <ActionIcon
          variant="subtle"
          color="red.9"
          onClick={onDelete}
          aria-label={`Delete ${event.name}`}
        >
          <IconTrash size={18} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

function SkeletonRows() {
  return Array.from({ length: SKELETON_ROWS }, (_, row) => (
    <Table.Tr key={row}>
      {COLUMNS.map((column) => (
        <Table.Td key={column}>
          <Skeleton
            h={column === 'Event Banner' ? 40 : 14}
            w={column === 'Event Banner' ? 72 : '80%'}
          />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}

interface EventRowsProps {
  events: EventSummary[];
  loading: boolean;
  actionsFor: (event: EventSummary) => RowActionsProps;
}

function EmptyState() {
  return (
    <Text ta="center" c="dimmed" py="xl">
      {MSG.noEventFound}
    </Text>
  );
}

/** Wide screens: the spec's table, scrolling sideways if it must. */
function EventRowsTable({ events, loading, actionsFor }: EventRowsProps) {
  return (
    <Table.ScrollContainer minWidth={960} type="native">
      <Table verticalSpacing="sm" highlightOnHover aria-labelledby="event-table-title">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column} scope="col">
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading ? (
            <SkeletonRows />
          ) : events.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={COLUMNS.length}>
                <EmptyState />
              </Table.Td>
            </Table.Tr>
          ) : (
            events.map((event) => (
              <Table.Tr key={event.id}>
                <Table.Td>
                  <EventBanner
                    path={event.banner_path}
                    name={event.name}
                    w={72}
                    h={40}
                    radius="sm"
                  />
                </Table.Td>
                <Table.Td maw={220}>
                  <EventNameLink event={event} />
                </Table.Td>
                <Table.Td>{event.formatted_start_time}</Table.Td>
                <Table.Td>{event.formatted_end_time}</Table.Td>
                <Table.Td maw={220}>
                  <Text size="sm" lineClamp={2} title={event.location}>
                    {event.location}
                  </Text>
                </Table.Td>
                <Table.Td>{event.enrolled_users_count}</Table.Td>
                <Table.Td>{event.song_requests_count}</Table.Td>
                <Table.Td>
                  <RowActions {...actionsFor(event)} />
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones: one card per event with the same facts and actions, no sideways scrolling. */
function EventRowsCards({ events, loading, actionsFor }: EventRowsProps) {
  if (loading) {
    return (
      <Stack gap="sm">
        {Array.from({ length: SKELETON_ROWS }, (_, row) => (
          <Skeleton key={row} h={150} radius="md" />
        ))}
      </Stack>
    );
  }
  if (events.length === 0) return <EmptyState />;
  return (
    <PlainList gap="sm" aria-labelledby="event-table-title">
      {events.map((event) => (
        <Card key={event.id} withBorder radius="md" padding="sm" component="li">
          <Group wrap="nowrap" align="flex-start" gap="sm">
            <EventBanner path={event.banner_path} name={event.name} w={96} h={54} radius="sm" />
            <Stack gap={2} miw={0}>
              <EventNameLink event={event} />
              <Text size="sm">
                {event.formatted_start_time} – {event.formatted_end_time}
              </Text>
              <Text size="sm" c="dimmed" lineClamp={2}>
                {event.location}
              </Text>
            </Stack>
          </Group>
          <Group justify="space-between" mt="xs" wrap="nowrap">
            <Text size="sm" c="dimmed">
              {event.enrolled_users_count} joined · {event.song_requests_count} requests
            </Text>
            <RowActions {...actionsFor(event)} />
          </Group>
        </Card>
      ))}
    </PlainList>
  );
}

interface EventsTableProps {
  events: EventSummary[];
  /** First load: nothing to show yet. */
  loading: boolean;
  /** A later load (new page, search or sort) while the old rows stay. */
  fetching: boolean;
}

/** The rows of My Events with their actions: details, QR share, edit and delete. */
export function EventsTable({ events, loading, fetching }: EventsTableProps) {
  const [sharing, setSharing] = useState<EventSummary | null>(null);
  const [editing, setEditing] = useState<EventSummary | null>(null);
  const [deleting, setDeleting] = useState<EventSummary | null>(null);
  const remove = useDeleteEvent();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;

  function actionsFor(event: EventSummary): RowActionsProps {
    return {
      event,
      onShare: () => setSharing(event),
      onEdit: () => setEditing(event),
      onDelete: () => setDeleting(event),
    };
  }

  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: ({ msg }) => {
        notifySuccess(msg || EVENT_MSG.deleted);
        setDeleting(null);
      },
      onError: (error) => notifyError(errorMessageOf(error)),
    });
  }

  return (
    <>
      <Box pos="relative" aria-busy={loading || fetching}>
        <LoadingOverlay visible={fetching && !loading} overlayProps={{ blur: 1 }} zIndex={2} />
        {phone ? (
          <EventRowsCards events={events} loading={loading} actionsFor={actionsFor} />
        ) : (
          <EventRowsTable events={events} loading={loading} actionsFor={actionsFor} />
        )}
      </Box>

      {sharing ? <EventShareModal event={sharing} opened onClose={() => setSharing(null)} /> : null}
      <EventFormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        mode="edit"
        event={editing ?? undefined}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete event?"
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        {deleting
          ? `“${deleting.name}” and all its song requests will be deleted. This cannot be undone.`
          : ''}
      </ConfirmDialog>
    </>
  );
}
