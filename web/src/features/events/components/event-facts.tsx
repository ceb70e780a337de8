import type { EventSummary } from '@floorfill/shared';
import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconCalendarEvent,
  IconMapPin,
  IconMusic,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface InfoCardProps {
  label: string;
  icon: Icon;
  children: ReactNode;
}

function InfoCard({ label, icon: InfoIcon, children }: InfoCardProps) {
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

/** When, where and how busy: the four facts both event pages show under the header (spec §2). */
export function EventFacts({ event }: { event: EventSummary }) {
  return (
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
  );
}
