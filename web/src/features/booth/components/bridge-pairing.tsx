import type { BridgeKey } from '@floorfill/shared';
import { Button, Code, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconCopy, IconDownload, IconPlugConnected } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { copyWithToast } from '@/features/sharing';
import { errorMessageOf } from '@/lib/api-client';
import { formatElapsed, useNow } from '@/lib/clock';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useBridgeExecutables, useCreateBridgeKey } from '../api/bridge-panel';
import {
  BRIDGE_DOWNLOAD,
  bridgeCommandParts,
  PICKABLE_SOURCES,
  SOURCE_HINTS,
  SOURCE_NAMES,
  systemName,
  type PickableSource,
} from '../utils/deck-words';
import classes from './booth.module.css';

const SOURCE_OPTIONS = PICKABLE_SOURCES.map((source) => ({
  value: source,
  label: SOURCE_NAMES[source],
}));

function isPickableSource(value: string | null): value is PickableSource {
  return PICKABLE_SOURCES.some((source) => source === value);
}

function CopyButton({
  text,
  label,
  children = 'Copy',
}: {
  text: string;
  label: string;
  children?: string;
}) {
  return (
    <Button
      variant="light"
      size="xs"
      leftSection={<IconCopy size={14} aria-hidden="true" />}
      aria-label={label}
      onClick={() => void copyWithToast(text)}
    >
      {children}
    </Button>
  );
}

/** The code's remaining life in milliseconds, ticking each second; 0 once it is gone. */
function useTimeLeft(expiresAt: string | null): number {
  const now = useNow(1000);
  return expiresAt ? Math.max(0, Date.parse(expiresAt) - now) : 0;
}

function PairingCode({
  pairing,
  onNewCode,
  creating,
}: {
  pairing: BridgeKey & { pairing_code: string };
  onNewCode: () => void;
  creating: boolean;
}) {
  const [source, setSource] = useState<PickableSource>('serato');
  const left = useTimeLeft(pairing.pairing_expires_at);
  const executables = useBridgeExecutables().data ?? [];
  if (left === 0) {
    return (
      <Stack gap="xs" align="flex-start">
        <Text c="yellow.4">This code expired before a bridge paired with it.</Text>
        <Button onClick={onNewCode} loading={creating}>
          New code
        </Button>
      </Stack>
    );
  }
  const parts = bridgeCommandParts(window.location.origin, pairing.pairing_code, source);
  const command = parts.join(' ');
  const hint = SOURCE_HINTS[source];
  return (
    <Stack gap="sm">
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          Pairing code
        </Text>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text className={classes.pairingCode}>{pairing.pairing_code}</Text>
          <CopyButton text={pairing.pairing_code} label="Copy pairing code" />
        </Group>
        <Text size="sm" c="dimmed">
          Good once, for {formatElapsed(left)} more.
        </Text>
      </Stack>
      <Select
        label="DJ software"
        data={SOURCE_OPTIONS}
        value={source}
        onChange={(value) => {
          if (isPickableSource(value)) setSource(value);
        }}
        allowDeselect={false}
        comboboxProps={{ withinPortal: false }}
      />
      <Stack gap={6}>
        <Text size="sm" c="dimmed">
          Download the bridge, then run this in a terminal on this laptop (Node.js 20 or newer):
        </Text>
        <Group gap="xs">
          <Button
            component="a"
            href={BRIDGE_DOWNLOAD.href}
            download={BRIDGE_DOWNLOAD.fileName}
            variant="light"
            size="xs"
            leftSection={<IconDownload size={14} aria-hidden="true" />}
          >
            Download the bridge
          </Button>
          <CopyButton text={command} label="Copy command">
            Copy command
          </CopyButton>
        </Group>
        <Code block className={classes.command}>
          {/* Lines break between an option and the next, never inside the code. */}
          {parts.map((part, index) => (
            <Fragment key={part}>
              {index > 0 ? ' ' : null}
              <span className={classes.commandPart}>{part}</span>
            </Fragment>
          ))}
        </Code>
        {hint ? (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        ) : null}
        {executables.map((executable) => (
          <Group key={executable.file} gap="xs" wrap="wrap">
            <Text size="sm" c="dimmed">
              No Node.js on a {systemName(executable)} laptop? The bridge as one program: run it
              with the same options, <Code>./{executable.file}</Code> instead of{' '}
              <Code>node {BRIDGE_DOWNLOAD.fileName}</Code>.
            </Text>
            <Button
              component="a"
              href={`/downloads/${executable.file}`}
              download={executable.file}
              variant="light"
              size="xs"
              leftSection={<IconDownload size={14} aria-hidden="true" />}
            >
              Download for {systemName(executable)}
            </Button>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}

function hasCode(key: BridgeKey): key is BridgeKey & { pairing_code: string } {
  return key.pairing_code !== null;
}

/**
 * Connect a bridge: a new key's pairing code, big, and the command that
 * pairs the bridge on this laptop; "Connected" once the panel sees it paired.
 */
export function BridgePairing({
  eventId,
  pairing,
  paired,
  onPairing,
}: {
  eventId: number;
  /** The key made here whose code is on screen (its code is in no other answer). */
  pairing: BridgeKey | null;
  paired: boolean;
  onPairing: (key: BridgeKey | null) => void;
}) {
  const create = useCreateBridgeKey(eventId);
  function newCode() {
    create.mutate(undefined, {
      onSuccess: ({ msg, data }) => {
        notifySuccess(msg || 'Saved.');
        onPairing(data);
      },
      onError: (error) => notifyError(errorMessageOf(error)),
    });
  }

  if (!pairing || !hasCode(pairing)) {
    return (
      <Stack gap="xs" align="flex-start">
        <Text size="sm" c="dimmed">
          The bridge runs on this laptop beside the DJ software and tells the room which track is on
          air.
        </Text>
        <Button
          onClick={newCode}
          loading={create.isPending}
          leftSection={<IconPlugConnected size={16} aria-hidden="true" />}
        >
          Connect a bridge
        </Button>
      </Stack>
    );
  }

  return (
    <Paper withBorder p="md" radius="md" bg="dark.6">
      {paired ? (
        <Stack gap="sm" align="flex-start">
          <Group gap="xs" role="status">
            <IconCircleCheck size={28} color="var(--mantine-color-teal-4)" aria-hidden="true" />
            <Text fz={28} fw={800} c="teal.4">
              Connected
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            The bridge paired; it is listed under Bridges.
          </Text>
          <Button variant="default" size="xs" onClick={() => onPairing(null)}>
            Done
          </Button>
        </Stack>
      ) : (
        <Stack gap="sm">
          <PairingCode pairing={pairing} onNewCode={newCode} creating={create.isPending} />
          <Button variant="subtle" size="xs" onClick={() => onPairing(null)} w="fit-content">
            Hide the code
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
