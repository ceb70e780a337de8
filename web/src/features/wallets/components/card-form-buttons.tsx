import { Button, Group } from '@mantine/core';

interface CardFormButtonsProps {
  /** Shows Cancel beside Save card. */
  onCancel?: () => void;
  saving: boolean;
  disabled?: boolean;
}

/** The foot of a card form: Save card, and Cancel when the form can be left. */
export function CardFormButtons({ onCancel, saving, disabled }: CardFormButtonsProps) {
  return (
    <Group justify="flex-end" gap="sm">
      {onCancel ? (
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
      ) : null}
      <Button type="submit" loading={saving} disabled={disabled}>
        Save card
      </Button>
    </Group>
  );
}
