import { GUEST_NAME_MAX } from '@floorfill/shared';
import { Button, Paper, Stack, TextInput } from '@mantine/core';
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { CheckingNote } from '@/components/ui/checking-note';
import { paths } from '@/config/paths';
import { useCheckingDevice } from '@/lib/challenge';
import { rememberedGuestName } from '../utils/guest-name';

interface GuestEntryFormProps {
  joining: boolean;
  onJoinAsGuest: (firstName: string) => void;
  /** The event's landing, where a sign-in comes back to (and joins). */
  landingHref: string;
}

/** The first name's field, as the server's form route reads it (server/src/http/guest-join-form.ts). */
export const GUEST_NAME_FIELD = 'name';

/**
 * The one way in for someone with no account: an optional first name
 * (remembered on this device) and Join as guest; Sign in beside it. The
 * event landing and a host's public page offer the same. A plain HTML form
 * too: drawn by the server, it posts to the page's own address before the
 * app's code has arrived, and the server joins as this app would.
 */
export function GuestEntryForm({ joining, onJoinAsGuest, landingHref }: GuestEntryFormProps) {
  const [firstName, setFirstName] = useState('');
  const field = useRef<HTMLInputElement>(null);
  // The name this device remembers (the server that drew the form cannot know it), unless the
  // guest already typed one before the app took the form over.
  useLayoutEffect(() => {
    setFirstName(field.current?.value || rememberedGuestName());
  }, []);
  const checking = useCheckingDevice(joining);
  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    onJoinAsGuest(firstName.trim());
  };
  return (
    <Paper withBorder radius="md" p="md" component="form" method="post" onSubmit={submit}>
      <Stack gap="sm">
        <TextInput
          ref={field}
          name={GUEST_NAME_FIELD}
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
        {/* A link, not a button: it works in the server-drawn page before the app's code runs. */}
        <Button
          component={Link}
          to={paths.auth.login.getHref({ next: landingHref })}
          variant="subtle"
          fullWidth
          data-disabled={joining || undefined}
          aria-disabled={joining || undefined}
          onClick={(click) => {
            if (joining) click.preventDefault();
          }}
        >
          Sign in
        </Button>
      </Stack>
    </Paper>
  );
}
