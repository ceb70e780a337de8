import type { BridgeKey } from '@floorfill/shared';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { PlainList } from '@/components/ui/plain-list';
import { ConfirmDialog } from '@/features/events';
import { errorMessageOf } from '@/lib/api-client';
import { formatClock, useNow } from '@/lib/clock';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useRevokeBridgeKey } from '../api/bridge-panel';
import { bridgeKeyStatus, SOURCE_NAMES } from '../utils/deck-words';

/** How a key is named to the DJ: the software it reads, once it said. */
function bridgeName(key: BridgeKey): string {
  if (key.source) return `${SOURCE_NAMES[key.source]} bridge`;
  return key.paired_at ? 'Bridge' : 'New bridge';
}

/** "Seen 12 s ago" moves on by itself. */
const STATUS_TICK_MS = 5000;

function BridgeRow({
  bridge,
  timeZone,
  now,
  onRevoke,
}: {
  bridge: BridgeKey;
  timeZone: string;
  now: number;
  onRevoke: (key: BridgeKey) => void;
}) {
  const status = bridgeKeyStatus(bridge, now);
  const connected = status.state === 'connected';
  const Icon = connected ? IconCircleCheck : IconAlertTriangle;
  const name = bridgeName(bridge);
  const made = formatClock(bridge.created_at, timeZone);
  return (
    <li>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={0} miw={0}>
          <Text fw={600}>{name}</Text>
          <Group gap={6} wrap="nowrap">
            <Icon size={16} aria-hidden="true" color={connected ? 'teal' : 'orange'} />
            <Text size="sm" c={connected ? 'teal.4' : 'yellow.4'}>
              {status.words}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            Made at {made}
          </Text>
        </Stack>
        <Button
          size="xs"
          variant="light"
          color="red"
          onClick={() => onRevoke(bridge)}
          aria-label={`Revoke: ${name}, made at ${made}`}
          style={{ flex: 'none' }}
        >
          Revoke
        </Button>
      </Group>
    </li>
  );
}

/** The event's live bridge keys: connected or not, since when, and a way to revoke each. */
export function BridgeList({
  eventId,
  keys,
  timeZone,
  onRevoked,
}: {
  eventId: number;
  keys: readonly BridgeKey[];
  timeZone: string;
  onRevoked: (key: BridgeKey) => void;
}) {
  const now = useNow(STATUS_TICK_MS);
  const revoke = useRevokeBridgeKey(eventId);
  const [asking, setAsking] = useState<BridgeKey | null>(null);

  function confirmRevoke() {
    if (!asking) return;
    const key = asking;
    revoke.mutate(key.id, {
      onSuccess: ({ msg }) => {
        notifySuccess(msg || 'Saved.');
        setAsking(null);
        onRevoked(key);
      },
      onError: (error) => {
        setAsking(null);
        notifyError(errorMessageOf(error));
      },
    });
  }

  if (keys.length === 0) {
    return <Text c="dimmed">No bridge yet.</Text>;
  }
  return (
    <>
      <PlainList aria-label="Bridges" gap="sm">
        {keys.map((key) => (
          <BridgeRow key={key.id} bridge={key} timeZone={timeZone} now={now} onRevoke={setAsking} />
        ))}
      </PlainList>
      <ConfirmDialog
        opened={asking !== null}
        title="Revoke this bridge?"
        confirmLabel="Revoke"
        danger
        loading={revoke.isPending}
        onConfirm={confirmRevoke}
        onCancel={() => setAsking(null)}
        withinPortal={false}
      >
        {asking
          ? `${bridgeName(asking)} stops marking songs at once. To follow the decks from it again, connect it with a new code.`
          : ''}
      </ConfirmDialog>
    </>
  );
}
