import { Button, Group, Text } from '@mantine/core';
import { IconBell, IconBellOff, IconBellRinging } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyError, notifySuccess } from '@/lib/notify';
import type { AlertsOutcome } from '../utils/push-alerts';
import {
  askNotificationPermission,
  PUSH_ALERTS_WORDS,
  usePushAlertsState,
} from '../utils/push-alerts-state';

interface PushAlertsControlProps {
  userId: number;
  eventId: number;
}

/** What the server or the browser said, as a toast; blocked and dismissed are said by the row itself. */
function sayOutcome(outcome: AlertsOutcome): void {
  if (outcome.kind === 'on' || outcome.kind === 'off') notifySuccess(outcome.msg);
  else if (outcome.kind === 'failed') notifyError(outcome.msg);
}

/**
 * "Get an alert when your song is next" (issue 29): one row under "Your
 * requests" that turns this phone's Web Push alerts for the event on (the
 * browser's question first, in the tap) or off. Blocked in the browser's
 * settings, it says so and offers nothing; a browser without Web Push shows
 * nothing, and so does the server's markup (the state is read after it).
 * The code that subscribes is fetched on the tap.
 */
export function PushAlertsControl({ userId, eventId }: PushAlertsControlProps) {
  const state = usePushAlertsState(userId, eventId);
  const [busy, setBusy] = useState(false);
  if (state === 'unknown' || state === 'unsupported') return null;

  function turnOn() {
    setBusy(true);
    // In the tap itself: browsers ask for permission only then.
    askNotificationPermission()
      .then(async (answer) => {
        // Denied: the row now says alerts are blocked; dismissed: it still offers them.
        if (answer !== 'granted') return;
        const { turnOnAlerts } = await import('../utils/push-alerts');
        sayOutcome(await turnOnAlerts(userId, eventId));
      })
      .catch(() => notifyError(PUSH_ALERTS_WORDS.notLoaded))
      .finally(() => setBusy(false));
  }

  function turnOff() {
    setBusy(true);
    import('../utils/push-alerts')
      .then(async ({ turnOffAlerts }) => sayOutcome(await turnOffAlerts(userId, eventId)))
      .catch(() => notifyError(PUSH_ALERTS_WORDS.notLoaded))
      .finally(() => setBusy(false));
  }

  const Icon = state === 'on' ? IconBellRinging : state === 'blocked' ? IconBellOff : IconBell;
  return (
    <Group gap="sm" wrap="nowrap" justify="space-between" mih={36}>
      <Group gap={6} wrap="nowrap" miw={0}>
        <Icon size={18} aria-hidden="true" style={{ flexShrink: 0 }} />
        <Text size="sm" fw={state === 'on' ? 600 : 400} aria-live="polite">
          {PUSH_ALERTS_WORDS[state]}
        </Text>
      </Group>
      {state === 'blocked' ? null : (
        <Button
          size="sm"
          variant={state === 'on' ? 'default' : 'light'}
          style={{ flexShrink: 0 }}
          loading={busy}
          onClick={state === 'on' ? turnOff : turnOn}
          aria-label={
            state === 'on' ? PUSH_ALERTS_WORDS.turnOffLabel : PUSH_ALERTS_WORDS.turnOnLabel
          }
        >
          {state === 'on' ? PUSH_ALERTS_WORDS.turnOff : PUSH_ALERTS_WORDS.turnOn}
        </Button>
      )}
    </Group>
  );
}
