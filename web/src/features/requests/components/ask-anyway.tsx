import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconX } from '@tabler/icons-react';
import { splitTypedSong } from '../utils/typed-song';
import { useSettledCancel } from '../utils/use-settled-cancel';

/** The offer of a song the search did not find, sent as typed. */
export function askAnywayLabel(typed: string): string {
  return `Request “${typed}” anyway`;
}

interface AskAnywayProps {
  /** The search box's text, trimmed. */
  typed: string;
  /** Nothing was found: the offer is the screen's one action. Otherwise it sits below the results. */
  prominent: boolean;
  requested: boolean;
  busy: boolean;
  canRequest: boolean;
  onRequest: () => void;
  onCancel: () => void;
}

/**
 * "Request “…” anyway": the typed text goes to the DJ as a song,
 * in one tap, without a form: "Title - Artist" names the artist too, and the
 * prominent offer says how it will be sent. Below results it is a quiet
 * link-like button, for the song the results do not have.
 */
export function AskAnyway({
  typed,
  prominent,
  requested,
  busy,
  canRequest,
  onRequest,
  onCancel,
}: AskAnywayProps) {
  const song = splitTypedSong(typed);
  const label = askAnywayLabel(typed);
  const cancel = useSettledCancel(requested, onCancel);
  if (requested) {
    return (
      <Group gap="xs" justify="center" wrap="nowrap">
        <Text size="sm" c="dimmed" miw={0} style={{ overflowWrap: 'anywhere' }}>
          You asked for “{typed}”.
        </Text>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconX size={14} aria-hidden="true" />}
          loading={busy}
          onClick={cancel}
          aria-label={`Cancel request for “${typed}”`}
          style={{ flex: 'none' }}
        >
          Cancel
        </Button>
      </Group>
    );
  }
  const wrapping = { label: { whiteSpace: 'normal' as const, overflowWrap: 'anywhere' as const } };
  if (!prominent) {
    return (
      <Button
        variant="subtle"
        size="sm"
        h="auto"
        py={6}
        styles={wrapping}
        leftSection={<IconPencil size={14} aria-hidden="true" />}
        loading={busy}
        disabled={!canRequest}
        onClick={onRequest}
        style={{ alignSelf: 'center' }}
      >
        {label}
      </Button>
    );
  }
  return (
    <Stack gap={6} align="stretch">
      <Button
        size="md"
        h="auto"
        py="xs"
        styles={wrapping}
        leftSection={<IconPlus size={16} aria-hidden="true" />}
        loading={busy}
        disabled={!canRequest}
        onClick={onRequest}
      >
        {label}
      </Button>
      <Text size="sm" c="dimmed" ta="center" style={{ overflowWrap: 'anywhere' }}>
        {song.artist
          ? `Sent as “${song.title}” by ${song.artist}, marked as typed by you.`
          : 'Sent as you typed it. Name the artist too with “Title - Artist”.'}
      </Text>
    </Stack>
  );
}
