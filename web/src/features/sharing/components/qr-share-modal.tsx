import { Button, Center, Group, Image, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconCopy, IconDownload } from '@tabler/icons-react';
import { copyWithToast } from '../utils/clipboard';
import { downloadUrlOf } from '../utils/download-url';
import { LocalAddressNote } from './local-address-note';

export interface QrShareModalProps {
  opened: boolean;
  onClose: () => void;
  title: 'Share Event' | 'Share Profile';
  /** The QR image route, e.g. `/api/qr/events/ABC234.png`. */
  qrImagePath: string;
  /** The link the QR code encodes; Copy puts it on the clipboard. */
  url: string;
  /** What the saved PNG is called. */
  downloadFileName: string;
  /** Events also show their short code with its own Copy button. */
  eventCode?: string;
}

interface CopyRowProps {
  label: string;
  value: string;
  copyLabel: string;
}

function CopyRow({ label, value, copyLabel }: CopyRowProps) {
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput
        label={label}
        value={value}
        readOnly
        flex={1}
        onFocus={(event) => event.currentTarget.select()}
      />
      <Button
        variant="light"
        leftSection={<IconCopy size={16} aria-hidden="true" />}
        aria-label={copyLabel}
        onClick={() => void copyWithToast(value)}
      >
        Copy
      </Button>
    </Group>
  );
}

/** Spec §2 "QR modal": the QR image, the link to copy, a PNG to download and, for events, the code. */
export function QrShareModal({
  opened,
  onClose,
  title,
  qrImagePath,
  url,
  downloadFileName,
  eventCode,
}: QrShareModalProps) {
  const subject = title === 'Share Event' ? 'event' : 'profile';
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="md">
        <Center>
          <Image
            src={qrImagePath}
            alt={`QR code linking to this ${subject}`}
            w={220}
            h={220}
            fit="contain"
            radius="sm"
          />
        </Center>
        {eventCode ? (
          <Stack gap={4}>
            <CopyRow label="Event code" value={eventCode} copyLabel="Copy event code" />
            <Text size="xs" c="dimmed">
              Attendees can type this code on their dashboard to join.
            </Text>
          </Stack>
        ) : null}
        <CopyRow label="Link" value={url} copyLabel="Copy link" />
        <LocalAddressNote url={url} />
        <Button
          component="a"
          href={downloadUrlOf(qrImagePath)}
          download={downloadFileName}
          leftSection={<IconDownload size={16} aria-hidden="true" />}
        >
          Download
        </Button>
      </Stack>
    </Modal>
  );
}
