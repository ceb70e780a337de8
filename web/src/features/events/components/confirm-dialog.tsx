import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  /** Said under the question while the action runs (a busy address's check). */
  note?: ReactNode;
  confirmLabel: string;
  /** Red for destructive actions (delete). */
  danger?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** False inside a dark scope (the booth), so the dialog stays dark. */
  withinPortal?: boolean;
}

/**
 * Mantine places a modal's fixed frame where it would sit in the flow and
 * leaves its left edge unset: in the body that is 0, but a dialog kept in
 * its place (a side panel) would open off to the side.
 */
const inPlaceStyles = { inner: { left: 0 } };

/** Spec §4: delete and mark actions ask first. Cancel has focus, so Enter never destroys. */
export function ConfirmDialog({
  opened,
  title,
  children,
  note,
  confirmLabel,
  danger = false,
  loading = false,
  onConfirm,
  onCancel,
  withinPortal = true,
}: ConfirmDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      centered
      size="sm"
      withinPortal={withinPortal}
      styles={withinPortal ? undefined : inPlaceStyles}
    >
      <Stack gap="lg">
        <Text>{children}</Text>
        {note}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} data-autofocus disabled={loading}>
            Cancel
          </Button>
          <Button color={danger ? 'red.9' : undefined} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
