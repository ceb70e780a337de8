import { MSG } from '@floorfill/shared';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

interface GuestLogoutDialogProps {
  opened: boolean;
  onClose: () => void;
  onLogout: () => void;
  pending: boolean;
}

/** A guest confirms before logging out: their data is deleted (spec §6). */
export function GuestLogoutDialog({ opened, onClose, onLogout, pending }: GuestLogoutDialogProps) {
  return (
    // Built from parts: the stock Modal header is a <header>, a second page banner.
    <Modal.Root opened={opened} onClose={onClose} centered>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Body pt="lg">
          <Stack gap="lg">
            <Modal.Title fw={700} fz="lg">
              Logout
            </Modal.Title>
            <Text>{MSG.guestLogoutWarning}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button color="red.9" loading={pending} onClick={onLogout}>
                Logout
              </Button>
            </Group>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
