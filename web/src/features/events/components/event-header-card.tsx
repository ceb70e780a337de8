import type { EventSummary } from '@floorfill/shared';
import { ActionIcon, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconQrcode } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { EventBanner } from './event-banner';

interface EventHeaderCardProps {
  event: EventSummary;
  /** Under the name: the host sees the event code, an attendee who hosts it. */
  subtitle: ReactNode;
  /** Above the name: the attendee page's Live / Ended badge. */
  badge?: ReactNode;
  /** Opens the share dialog; without it no share button (a viewer who may not pass the code on). */
  onShare?: () => void;
  /** Under the heading: the attendee page's Join / Leave buttons. */
  children?: ReactNode;
  /** Without the banner: a joined guest's page, where the song request comes first. */
  compact?: boolean;
}

/** The top of an event page: banner, the page's h1, and the QR share button. */
export function EventHeaderCard({
  event,
  subtitle,
  badge,
  onShare,
  children,
  compact = false,
}: EventHeaderCardProps) {
  return (
    <Card withBorder radius="md" padding={0}>
      {compact ? null : (
        <EventBanner path={event.banner_path} name={event.name} h={{ base: 180, sm: 240 }} />
      )}
      <Stack p="md" gap={compact ? 'sm' : 'md'}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
          <Stack gap={4} miw={0}>
            {badge}
            <Title order={1} fz={{ base: 22, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
              {event.name}
            </Title>
            <Text size="sm" c="dimmed">
              {subtitle}
            </Text>
          </Stack>
          {onShare ? (
            <Tooltip label="Share event">
              <ActionIcon size="xl" variant="light" onClick={onShare} aria-label="Share event">
                <IconQrcode size={24} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
