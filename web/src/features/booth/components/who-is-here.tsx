import { Loader, Table, Text } from '@mantine/core';
import { errorMessageOf } from '@/lib/api-client';
import { useEventAttendees } from '../api/get-event-attendees';
import { formatClock } from '@/lib/clock';
import { attendeeLabels } from '../utils/attendee-labels';

/**
 * Who joined the event (the host only): name, when they joined (in the
 * event's zone) and how many songs they asked for; newest first, live.
 */
export function WhoIsHere({ eventId, timeZone }: { eventId: number; timeZone: string }) {
  const attendees = useEventAttendees(eventId);
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
            <Table.Td>{labelOf(attendee.attendee_id, attendee.name)}</Table.Td>
            <Table.Td>{formatClock(attendee.joined_at, timeZone)}</Table.Td>
            <Table.Td ta="end">{attendee.request_count}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
