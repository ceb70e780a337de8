import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface PageFrameProps {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}

/** The heading block every app page starts with, so pages share one outline (h1 per page). */
export function PageFrame({ title, description, children }: PageFrameProps) {
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {title}
        </Title>
        {description ? <Text c="dimmed">{description}</Text> : null}
      </Stack>
      {children}
    </Stack>
  );
}
