import { EVENT_CODE_INPUT_MAX, MSG } from '@floorfill/shared';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { CheckingNote } from '@/components/ui/checking-note';
import { paths } from '@/config/paths';
import { ConfirmDialog } from '@/features/events';
import { errorMessageOf, isApiError } from '@/lib/api-client';
import { useCheckingDevice } from '@/lib/challenge';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useJoinEvent } from '../api/membership';

/**
 * Join by code (spec §2 dashboard, §5): Join Now stays disabled while the
 * field is empty, a blank code says 'No code found.', and joining asks first
 * (§4). A joined event opens its page.
 */
export function JoinEventForm() {
  const navigate = useNavigate();
  const join = useJoinEvent();
  const titleId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const checking = useCheckingDevice(join.isPending);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) {
      setError(MSG.noCode);
      return;
    }
    setError(null);
    setConfirming(trimmed.toUpperCase());
  }

  function confirmJoin() {
    if (!confirming) return;
    join.mutate(confirming, {
      onSuccess: ({ msg, data }) => {
        if (msg) notifySuccess(msg);
        setConfirming(null);
        navigate(paths.attendee.eventDetails.getHref(data.id));
      },
      onError: (failure) => {
        const message = errorMessageOf(failure);
        setConfirming(null);
        // A wrong code, and a refusal after too many, are the field's problem; anything else is a toast.
        if (isApiError(failure) && [404, 422, 429].includes(failure.httpStatus)) setError(message);
        else notifyError(message);
      },
    });
  }

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={titleId}
    >
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} fz="lg" id={titleId}>
            Join an event
          </Title>
          <Text size="sm" c="dimmed">
            Enter the code the host shows, or scan the event&apos;s QR code.
          </Text>
        </Stack>
        <form onSubmit={submit} noValidate>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="Event Code"
              placeholder="e.g. 4KQ7ZD"
              value={code}
              onChange={(event) => {
                setCode(event.currentTarget.value);
                setError(null);
              }}
              error={error}
              maxLength={EVENT_CODE_INPUT_MAX}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              flex="1 1 220px"
              styles={{ input: { textTransform: 'uppercase', letterSpacing: 2, fontWeight: 600 } }}
            />
            <Button
              type="submit"
              disabled={code === ''}
              leftSection={<IconLogin2 size={16} aria-hidden="true" />}
              mt={{ base: 0, xs: 25 }}
              flex={{ base: '1 1 100%', xs: '0 0 auto' }}
            >
              Join Now
            </Button>
          </Group>
        </form>
      </Stack>
      <ConfirmDialog
        opened={confirming !== null}
        title="Join event?"
        confirmLabel="Join"
        loading={join.isPending}
        onConfirm={confirmJoin}
        onCancel={() => setConfirming(null)}
        note={<CheckingNote checking={checking} />}
      >
        {`You will join the event with code ${confirming ?? ''} and can request songs there.`}
      </ConfirmDialog>
    </Paper>
  );
}
