import { Paper, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

interface ActionCardProps {
  title: string;
  /** One line that invites the action. */
  text: ReactNode;
  /** The card's button. */
  action: ReactNode;
  /** What the action opens (a dialog), kept inside the card. */
  children?: ReactNode;
}

/** A card that offers one action: a title, a line that invites it, and its button. */
export function ActionCard({ title, text, action, children }: ActionCardProps) {
  const titleId = useId();
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="lg" id={titleId}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {text}
        </Text>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}
