import { PasswordInput, type PasswordInputProps } from '@mantine/core';

interface NewPasswordFieldsProps {
  /** "Password" or "New Password"; the second field is "Confirm <label>". */
  label: string;
  password: PasswordInputProps;
  confirmation: PasswordInputProps;
}

/** A new password and its confirmation, both left to the password manager to fill. */
export function NewPasswordFields({ label, password, confirmation }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordInput label={label} autoComplete="new-password" required {...password} />
      <PasswordInput
        label={`Confirm ${label}`}
        autoComplete="new-password"
        required
        {...confirmation}
      />
    </>
  );
}
