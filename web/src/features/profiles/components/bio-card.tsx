import { Paper, Stack, Text, Title } from '@mantine/core';

interface BioCardProps {
  bio: string | null;
  /** What an empty bio says: an invitation on one's own profile, a plain note elsewhere. */
  emptyText: string;
}

export function BioCard({ bio, emptyText }: BioCardProps) {
  const text = bio?.trim();
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="bio-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="bio-title">
          Bio
        </Title>
        {text ? (
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{text}</Text>
        ) : (
          <Text c="dimmed" size="sm">
            {emptyText}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
