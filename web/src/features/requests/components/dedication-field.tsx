import { DEDICATION_MAX } from '@floorfill/shared';
import { Collapse, Group, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconHeart } from '@tabler/icons-react';
import { useId } from 'react';

interface DedicationFieldProps {
  value: string;
  onChange: (dedication: string) => void;
  opened: boolean;
  onToggle: () => void;
  disabled: boolean;
}

/** A dedication for the DJ: optional, folded away under the search box until asked for. */
export function DedicationField({
  value,
  onChange,
  opened,
  onToggle,
  disabled,
}: DedicationFieldProps) {
  const fieldId = useId();
  return (
    <>
      <UnstyledButton
        disabled={disabled}
        onClick={onToggle}
        aria-expanded={opened}
        aria-controls={fieldId}
        style={{ alignSelf: 'flex-start' }}
      >
        <Group gap={4} c="dimmed">
          <IconHeart size={14} aria-hidden="true" />
          <Text size="sm" c="dimmed">
            {value.trim() ? 'Dedication added' : 'Add a dedication (optional)'}
          </Text>
          <IconChevronDown
            size={14}
            aria-hidden="true"
            style={{ transform: opened ? 'rotate(180deg)' : undefined }}
          />
        </Group>
      </UnstyledButton>
      <Collapse expanded={opened} id={fieldId}>
        <TextInput
          label="Dedication"
          description="Sent with your next request; only the DJ sees it."
          placeholder="For Sam, happy birthday!"
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          maxLength={DEDICATION_MAX}
          autoComplete="off"
        />
      </Collapse>
    </>
  );
}
