import { ROLE } from '@floorfill/shared';
import { Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { ContentLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { markPageDrawn } from '@/lib/idle';
import { useJoinedEvents } from '@/features/attendance/api/get-joined-events';
import { useSessionStore } from '@/features/auth/stores/session-store';

/** Someone with no event to go to: type the code from the poster, or sign in. Never Register first. */
function EnterEventCode() {
  const navigate = useNavigate();
  // Drawn: the work kept for later (the rest of the stylesheet, the service worker) may start.
  useEffect(markPageDrawn, []);
  const [code, setCode] = useState('');
  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    const trimmed = code.trim();
    if (trimmed) navigate(paths.room.landing.getHref(trimmed));
  };
  return (
    <Stack maw={420} mx="auto" gap="md" py="xl">
      <Title order={1} size="h2">
        Join an event
      </Title>
      <Text>Scan the QR code at the venue, or type the event code the DJ shows.</Text>
      <Paper withBorder radius="md" p="md" component="form" onSubmit={submit}>
        <Stack gap="sm">
          <TextInput
            label="Event code"
            value={code}
            autoComplete="off"
            autoCapitalize="characters"
            onChange={(change) => setCode(change.currentTarget.value)}
          />
          <Button type="submit" size="lg" fullWidth disabled={!code.trim()}>
            Open the event
          </Button>
        </Stack>
      </Paper>
      <Button variant="subtle" onClick={() => navigate(paths.auth.login.getHref())}>
        Sign in
      </Button>
    </Stack>
  );
}

/** A guest's or attendee's event on now, if they joined one. */
function CurrentEventOrElse({ isGuest }: { isGuest: boolean }) {
  const joined = useJoinedEvents();
  if (joined.isPending && joined.fetchStatus !== 'paused') {
    return <ContentLoader label="Finding your event" />;
  }
  const current = joined.data?.find((event) => event.is_live && !event.has_ended);
  if (current) return <Navigate to={paths.attendee.eventDetails.getHref(current.id)} replace />;
  // A guest has no dashboard of their own: the next event's code is their way on.
  if (isGuest) return <EnterEventCode />;
  return <Navigate to={paths.attendee.dashboard.getHref()} replace />;
}

/**
 * `/start`, where the installed app opens (the manifest's start_url): a guest
 * or attendee at their event on now (else the attendee dashboard, or for a
 * guest the code), a host at the host dashboard, and someone signed out at
 * "enter an event code" with Sign in — not Register, which is what the spec's
 * `/` leads a signed-out visitor to, by way of login.
 */
export function StartRoute() {
  const role = useSessionStore((state) => (state.status === 'signed-in' ? state.role : null));
  if (role === null) return <EnterEventCode />;
  if (role === ROLE.host) return <Navigate to={paths.host.dashboard.getHref()} replace />;
  return <CurrentEventOrElse isGuest={role === ROLE.guest} />;
}
