import { TextInput, type TextInputProps } from '@mantine/core';

/** The sign-in email, as every auth form asks it (the form's input props go on top). */
export function EmailField(props: TextInputProps) {
  return <TextInput label="Email" type="email" autoComplete="email" required {...props} />;
}
