import { GUEST_NAME_MAX } from '@floorfill/shared';
import { Button, Paper, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { CheckingNote } from '@/components/ui/checking-note';
import { useCheckingDevice } from '@/lib/challenge';
import { rememberedGuestName } from '../utils/guest-name';

interface GuestEntryFormProps {
  joining: boolean;
  onJoinAsGuest: (firstName: string) => void;
  onSignIn: () => void;
}

/**
 * The one way in for someone with no account: an optional first name
 * (remembered on this device) and Join as guest; Sign in beside it. The
 * event landing and a host's public page offer the same.
 */
export function GuestEntryForm({ joining, onJoinAsGuest, onSignIn }: GuestEntryFormProps) {
  const [firstName, setFirstName] = useState(rememberedGuestName);
  const checking = useCheckingDevice(joining);
  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    onJoinAsGuest(firstName.trim());
  };
  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit}>
      <Stack gap="sm">
        <TextInput
          label="Your first name (optional)"
          description="The DJ sees it next to your requests."
          value={firstName}
          maxLength={GUEST_NAME_MAX}
          autoComplete="given-name"
          onChange={(change) => setFirstName(change.currentTarget.value)}
        />
        <Button type="submit" size="lg" fullWidth loading={joining}>
          Join as guest
        </Button>
        <CheckingNote checking={checking} />
        <Button variant="subtle" fullWidth onClick={onSignIn} disabled={joining}>
          Sign in
        </Button>
      </Stack>
    </Paper>
  );
}
