import 'react-phone-number-input/style.css';
import { DEFAULT_PHONE_COUNTRY } from '@floorfill/shared';
import { Input } from '@mantine/core';
import { memo, useId } from 'react';
import PhoneInput from 'react-phone-number-input';
import flags from 'react-phone-number-input/flags';
import classes from './phone-field.module.css';

interface PhoneFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | null | undefined;
  label?: string;
}

/**
 * Phone number with a country picker (spec §2, default US). The value is full
 * E.164 (`+14155552671`); an empty field is an empty string. Flags are the
 * bundled SVGs, so no flag image is fetched from a third-party host.
 */
// Memoised: the country list is ~250 options, not worth re-rendering on every keystroke elsewhere.
export const PhoneField = memo(function PhoneField({
  value,
  onChange,
  error,
  label = 'Phone',
}: PhoneFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <Input.Wrapper
      id={id}
      label={label}
      error={error}
      errorProps={{ id: errorId }}
      description="Optional. Pick your country, then type the number."
    >
      <PhoneInput
        id={id}
        className={classes.root}
        defaultCountry={DEFAULT_PHONE_COUNTRY}
        flags={flags}
        international={false}
        value={value}
        onChange={(next) => onChange(next ?? '')}
        autoComplete="tel"
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        inputComponent={Input}
        numberInputProps={{ error: Boolean(error) }}
        countrySelectProps={{ 'aria-label': 'Phone country' }}
      />
    </Input.Wrapper>
  );
});
