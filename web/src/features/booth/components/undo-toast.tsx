import { Button, Group, Paper, Text } from '@mantine/core';
import classes from './booth.module.css';

/** The last action, and the way back, for the undo window. */
export function UndoToast({
  summary,
  onUndo,
  busy,
}: {
  summary: string;
  onUndo: () => void;
  busy: boolean;
}) {
  return (
    <Paper className={classes.undo} shadow="lg" p="sm" radius="md" bg="dark.4" withBorder>
      <Group gap="md" wrap="nowrap" role="status">
        <Text fw={600} miw={0}>
          {summary}
        </Text>
        {/* The way back keeps its whole label, however long the song's name. */}
        <Button
          size="sm"
          variant="white"
          color="dark"
          onClick={onUndo}
          loading={busy}
          style={{ flex: 'none' }}
        >
          Undo (Z)
        </Button>
      </Group>
    </Paper>
  );
}
