import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** Hosts only this computer can open: a phone in the room that scans the QR code cannot. */
export function isOnlyThisComputer(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return false;
  }
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '[::1]' ||
    host === '0.0.0.0' ||
    /^127\./.test(host)
  );
}

/** A setting or command, in the monospace the rest of the page knows. */
function Command({ children }: { children: string }) {
  return (
    <Text span ff="monospace" fw={600}>
      {children}
    </Text>
  );
}

/**
 * Said wherever a QR code or link is handed to the room (the share dialog,
 * the booth) while they point at this computer alone: phones cannot open
 * them, and how to fix it.
 */
export function LocalAddressNote({ url }: { url: string }) {
  if (!isOnlyThisComputer(url)) return null;
  const origin = new URL(url).origin;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle aria-hidden="true" />}
      title="Phones cannot open this address"
      // The title in the page's own text colour: Mantine's orange on its light tint is 3.6:1.
      // Long addresses and commands wrap anywhere rather than run out of a phone's dialog.
      styles={{
        title: { color: 'var(--mantine-color-text)' },
        body: { minWidth: 0 },
        message: { overflowWrap: 'anywhere' },
      }}
    >
      <Text size="sm">
        The QR code and link point at {origin}, which only this computer can open. Start Floorfill
        with <Command>PUBLIC_URL</Command> set to this computer&apos;s address on the venue&apos;s
        network, for example <Command>PUBLIC_URL=http://192.168.1.20:3000 npm start</Command>, so
        guests&apos; phones can join.
      </Text>
    </Alert>
  );
}
