import { Paper, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

interface SectionCardProps {
  title: string;
  /** A line of help under the title. */
  description?: ReactNode;
  children: ReactNode;
}

/** One titled card of a page, as a section landmark named by its h2. */
export function SectionCard({ title, description, children }: SectionCardProps) {
  const titleId = useId();
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg" id={titleId}>
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
