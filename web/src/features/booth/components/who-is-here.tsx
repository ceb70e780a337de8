import { HELD_GUEST_NAME } from '@floorfill/shared';
import { Button, Group, Loader, Table, Text } from '@mantine/core';
import { errorMessageOf } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useAllowGuestName } from '../api/allow-guest-name';
import { useEventAttendees } from '../api/get-event-attendees';
import { formatClock } from '@/lib/clock';
import { attendeeLabels } from '../utils/attendee-labels';

/**
 * Who joined the event (the host only): name, when they joined (in the
 * event's zone) and how many songs they asked for; newest first, live. A
 * name the text screen holds is marked, with one tap to let the big screen
 * show it.
 */
export function WhoIsHere({ eventId, timeZone }: { eventId: number; timeZone: string }) {
  const attendees = useEventAttendees(eventId);
  const allowName = useAllowGuestName();
  if (attendees.isPending) return <Loader size="sm" aria-label="Loading who is here" />;
  if (attendees.isError) return <Text c="red">{errorMessageOf(attendees.error)}</Text>;
  if (attendees.data.length === 0) return <Text c="dimmed">Nobody has joined yet.</Text>;
  const labelOf = attendeeLabels(attendees.data);
  return (
    <Table striped highlightOnHover aria-label="Who is here">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Joined</Table.Th>
          <Table.Th ta="end">Requests</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {attendees.data.map((attendee) => (
          <Table.Tr key={attendee.attendee_id}>
            <Table.Td>
              {attendee.name_held ? (
                <Group gap="xs" wrap="wrap">
                  <span>{labelOf(attendee.attendee_id, attendee.name)}</span>
                  <Text span fw={700} c="yellow.4" size="sm" tt="uppercase">
                    Held
                  </Text>
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="yellow"
                    aria-label={`Allow the name on the big screen: ${attendee.name}`}
                    title={`The big screen says “${HELD_GUEST_NAME}” until you allow it`}
                    loading={allowName.isPending}
                    onClick={() =>
                      allowName.mutate(
                        { event_id: eventId, attendee_id: attendee.attendee_id },
                        {
                          onSuccess: ({ msg }) => notifySuccess(msg),
                          onError: (error) => notifyError(errorMessageOf(error)),
                        },
                      )
                    }
                  >
                    Allow
                  </Button>
                </Group>
              ) : (
                labelOf(attendee.attendee_id, attendee.name)
              )}
            </Table.Td>
            <Table.Td>{formatClock(attendee.joined_at, timeZone)}</Table.Td>
            <Table.Td ta="end">{attendee.request_count}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
