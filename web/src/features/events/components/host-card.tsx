import { TRUNCATE, type EventHost } from '@floorfill/shared';
import { Avatar, Box, Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { truncate } from '../utils/truncate';

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
