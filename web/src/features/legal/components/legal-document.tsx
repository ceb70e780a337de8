import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Shared frame of the legal pages: one h1, an effective date, then numbered sections. */
export function LegalDocument({
  title,
  updated,
  children,
}: {
  title: string;
  updated: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="lg" maw={760} component="article">
      <Stack gap={4}>
        <Title order={1}>{title}</Title>
        <Text c="dimmed" size="sm">
          Last updated: {updated}
        </Text>
      </Stack>
      {children}
    </Stack>
  );
}

export function LegalSection({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section">
      <Title order={2} fz="lg">
        {heading}
      </Title>
      {children}
    </Stack>
  );
}
