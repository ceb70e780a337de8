import { CODE_LENGTH } from '@floorfill/shared';
import { Input, PinInput } from '@mantine/core';
import { useId } from 'react';

interface CodeInputProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | null | undefined;
  label?: string;
  autoFocus?: boolean;
}

/**
 * The six single-digit boxes of spec §2. Mantine's PinInput already moves
 * focus forward on input, back on Backspace, and spreads a pasted code.
 */
export function CodeInput({
  value,
  onChange,
  error,
  label = 'Verification code',
  autoFocus = false,
}: CodeInputProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      labelProps={{ id: labelId }}
      error={error}
      errorProps={{ id: errorId }}
      description="Enter the 6-digit code we emailed you."
    >
      <PinInput
        mt={6}
        length={CODE_LENGTH}
        type="number"
        oneTimeCode
        autoFocus={autoFocus}
        size="md"
        gap="xs"
        value={value}
        onChange={onChange}
        error={Boolean(error)}
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
        getInputProps={(index) => ({ 'aria-label': `Digit ${index + 1} of ${CODE_LENGTH}` })}
      />
    </Input.Wrapper>
  );
}
